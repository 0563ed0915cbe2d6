/* Les Aigles: units hidden by the ground, woods, cover and measuring, proven by play through the
   public API.  A unit in a wood (infantry in line in a field, skirmishers on rocky ground) is hidden
   from the other side: no piece, no target, its doings unseen, until it fires, leaves its cover or an
   enemy comes within 20 paces; its discovery makes the enemies that see it within 150 paces test.
   The fire of and at units in woods, charges out of a wood, the melee in a wood, cover claimed only
   when entirely in it or close behind an obstacle, and the option that forbids measuring before a
   declaration.  Every position is built from host documents written here; every decision is taken
   by its label or a precise move, every die by "die N".  Checklist items are cited next to the
   assertions that prove them.  Lengths in paces (mm at 25 mm). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wargame.h"

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* A wood 600 x 400 paces from (1000, 400) to (1600, 800) that gives no cover by its flags: the cover
   a unit in it has comes from the rule of woods. */
#define WOOD "area wood name=Wood blocks-sight 1000,400 1600,400 1600,800 1000,800\n"
/* The same wood with the light-cover flag, and an open area with it (the same outline). */
#define WOOD_LIGHT "area wood name=Wood blocks-sight light-cover 1000,400 1600,400 1600,800 1000,800\n"
#define SCRUB_LIGHT "area open name=Scrub light-cover 1000,400 1600,400 1600,800 1000,800\n"
/* An Austrian line far from everything. */
#define FAR_AUSTRIANS "unit Austrians Z type=line-fusiliers companies=4x3 formation=line front=12 at=2400,1150 facing=0,-1 order=hold\n"

static wg_game *position(wg_ctx *ctx, const char *features, const char *options, const char *units)
{
    char *table = wga_table(2600, 1200, features);
    wga_setup s = {.table = table, .options = options};
    wg_game *g = wga_game(ctx, &s, units);
    free(table);
    return g;
}

/* The number of pieces viewer reads. */
static size_t pieces_for(wg_game *g, int viewer)
{
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, viewer), WG_OK);
    return n;
}

/* Whether viewer reads a piece whose label holds name. */
static int sees_piece(wg_game *g, int viewer, const char *name)
{
    size_t n = pieces_for(g, viewer);
    for (size_t i = 0; i < n; i++) {
        char b[256];
        ck_assert_int_eq(wg_game_piece_label(b, sizeof b, NULL, g, viewer, i), WG_OK);
        if (strncmp(b, name, strlen(name)) == 0 && b[strlen(name)] == ' ')
            return 1;
    }
    return 0;
}

/* The hidden attribute of the piece named `name` as viewer reads it: 1, 0 when absent, -1 when the
   viewer has no such piece. */
static int hidden_for(wg_game *g, int viewer, const char *name)
{
    size_t n = pieces_for(g, viewer);
    for (size_t i = 0; i < n; i++) {
        char b[256];
        ck_assert_int_eq(wg_game_attr_text(b, sizeof b, NULL, g, viewer, WG_ATTR_PIECE, i, "name"), WG_OK);
        if (strcmp(b, name) != 0)
            continue;
        int64_t v = 0;
        int rc = wg_game_attr_int(&v, g, viewer, WG_ATTR_PIECE, i, "hidden");
        ck_assert(rc == WG_OK || rc == WG_ENOTFOUND);
        return rc == WG_OK ? (int)v : 0;
    }
    return -1;
}

/* Drives with prefs through dice and tests (each test the die that obeys, each other die a 6) until
   the decision holds `stop`. */
static void play_until(wg_game *g, const char *const *prefs, const char *stop)
{
    for (int guard = 0; guard < 200; guard++) {
        if (wga_has_decision(g, stop))
            return;
        ck_assert_msg(!wga_over(g), "the battle ended before '%s'", stop);
        wga_drive(g, prefs, stop);
        if (wga_has_decision(g, stop))
            return;
        if (wgp_decider(g) == WG_PLAYER_CHANCE) {
            if (wga_has_decision(g, "morale test"))
                wga_obey(g);
            else
                wga_die(g, 6);
        } else if (wgp_find(g, "charisma ") >= 0)
            wgp_choose(g, "charisma +0");
    }
    ck_abort_msg("no decision '%s'", stop);
}

/* ---------------------------------------------------------------- hidden in a wood */

START_TEST(test_hidden_in_wood_discovered_by_approach)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, WOOD, NULL,
                          "unit French Ligne type=line-fusiliers companies=4x3 formation=line front=12 at=1300,355 facing=0,1 order=attack toward=1300,1100\n"
                          "unit Austrians Jaeger type=voltigeurs companies=2x4 formation=skirmish front=8 at=1300,415 facing=0,-1 order=hold\n" FAR_AUSTRIANS);
    /* the Austrians in the wood are hidden from the French, not from their own side nor the referee */
    ck_assert_int_eq(hidden_for(g, WG_VIEW_REFEREE, "Jaeger"), 1); /* LA-LOS-09 */
    ck_assert_int_eq(hidden_for(g, 1, "Jaeger"), 1);               /* LA-LOS-09: its own side */
    ck_assert_int_eq(hidden_for(g, 0, "Jaeger"), -1);              /* LA-TERRAIN-07: no piece for the French */
    ck_assert_int_eq(hidden_for(g, 0, "Z"), 0);                    /* a unit in the open is seen */
    ck_assert_uint_eq(pieces_for(g, 0) + 1, pieces_for(g, WG_VIEW_REFEREE));
    ck_assert(!sees_piece(g, 0, "Jaeger"));
    ck_assert(sees_piece(g, 1, "Jaeger"));
    const char *d = strstr(wgp_describe(g, 0), "Jaeger");
    ck_assert_ptr_nonnull(d);
    ck_assert_msg(strncmp(d + strcspn(d, "u"), "unseen", 6) == 0, "%s", d); /* LA-LOS-09: no place, no strength */
    ck_assert_ptr_null(strstr(wgp_describe(g, 0), "1300, 415"));
    /* odds naming it are refused to the French, answered to the Austrians */
    char buf[4096];
    ck_assert_int_eq(wg_game_odds(buf, sizeof buf, NULL, g, 0, "morale unit=2"), WG_ESTATE); /* LA-LOS-09 */
    ck_assert_int_eq(wg_game_odds(buf, sizeof buf, NULL, g, 1, "morale unit=2"), WG_OK);

    /* the French advance 43 paces, to 17 paces of it, in the first half-period: discovered */
    static const char *const mv[] = {"Ligne: movement marker", NULL};
    play_until(g, mv, "commits the move of Ligne");
    size_t e0 = wgp_event_count(g);
    int rc = wga_move_to(g, 130000, 39800);
    ck_assert_msg(rc == WG_OK, "%s", wg_game_errmsg(g));
    play_until(g, NULL, "morale test");
    long k = wga_expect(g, e0, "Jaeger, hidden until now, is discovered by Ligne at (1300, 415)", "LA-TERRAIN-07");
    ck_assert_str_eq(wgp_event(g, (size_t)k, 0), wgp_event(g, (size_t)k, WG_VIEW_REFEREE)); /* the French read it */
    /* the French, 17 paces away, see it now: occasion 7 */
    ck_assert_msg(wga_has_decision(g, "the die of Ligne's morale test at the sight of an enemy hidden until then"),
                  "%s", wgp_decision(g)); /* LA-MORALE-07 */
    size_t e1 = wgp_event_count(g);
    wga_die(g, 6);
    wga_expect(g, e1, "Ligne tests at the sight of an enemy hidden until then: die 6", "LA-MORALE-16"); /* LA-MORALE-07 */
    ck_assert_int_eq(hidden_for(g, 0, "Jaeger"), 0); /* LA-TERRAIN-07: a piece now, and no longer hidden */
    ck_assert_uint_eq(pieces_for(g, 0), pieces_for(g, WG_VIEW_REFEREE));
    ck_assert_int_eq(wg_game_odds(buf, sizeof buf, NULL, g, 0, "morale unit=2"), WG_OK);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The hidden unit's marker and doings are its side's: the French read "unseen". */
START_TEST(test_hidden_doings_unseen)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, WOOD, NULL,
                          "unit French Ligne type=line-fusiliers companies=4x3 formation=line front=12 at=1300,100 facing=0,1 order=hold\n"
                          "unit Austrians Jaeger type=voltigeurs companies=2x4 formation=skirmish front=8 at=1300,600 facing=0,-1 order=attack toward=1300,100\n" FAR_AUSTRIANS);
    static const char *const mv[] = {"Jaeger: movement marker", "Jaeger: advance", NULL};
    play_until(g, mv, "period 2, phase 1");
    long t = wga_event(g, 0, "Jaeger's marker turned over: movement");
    ck_assert_str_eq(wgp_event(g, (size_t)t, 0), "Jaeger: unseen"); /* LA-LOS-09 */
    ck_assert_str_eq(wgp_event(g, (size_t)t, 1), wgp_event(g, (size_t)t, WG_VIEW_REFEREE));
    long m = wga_event(g, 0, "Jaeger: advance half from (1300, 600) to (1300, 555)");
    ck_assert_str_eq(wgp_event(g, (size_t)m, 0), "Jaeger: unseen"); /* LA-LOS-09: where it went */
    const char *rule = NULL;
    ck_assert_int_eq(wg_game_event_rule_for(&rule, g, (size_t)m, 0), WG_OK);
    ck_assert_str_eq(rule, "LA-LOS-09");
    ck_assert_int_eq(hidden_for(g, WG_VIEW_REFEREE, "Jaeger"), 1); /* still in the wood, nobody near */
    wga_no_event(g, 0, "hidden until now");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Infantry in line in a field and skirmishers on rocky ground are hidden; cavalry in a field and a
   line on rocky ground are not; a hidden unit that leaves its cover is discovered. */
START_TEST(test_fields_and_rocky_ground)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx,
                          "area field name=Wheat 200,400 600,400 600,800 200,800\n"
                          "area rocky name=Rocks 1800,400 2200,400 2200,800 1800,800\n",
                          NULL,
                          "unit French Ligne type=line-fusiliers companies=4x3 formation=line front=12 at=1300,100 facing=0,1 order=hold\n"
                          "unit Austrians LineF type=line-fusiliers companies=4x3 formation=line front=12 at=400,430 facing=0,-1 order=attack toward=400,100\n"
                          "unit Austrians CavF type=hussars companies=2x4 formation=line front=8 at=400,700 facing=0,-1 order=hold\n"
                          "unit Austrians SkR type=voltigeurs companies=2x4 formation=skirmish front=8 at=2000,500 facing=0,-1 order=hold\n"
                          "unit Austrians LineR type=line-fusiliers companies=4x3 formation=line front=12 at=2000,700 facing=0,-1 order=hold\n");
    ck_assert_int_eq(hidden_for(g, WG_VIEW_REFEREE, "LineF"), 1); /* LA-LOS-09: a line in a field */
    ck_assert_int_eq(hidden_for(g, WG_VIEW_REFEREE, "CavF"), 0);  /* LA-LOS-09: cavalry in it is seen */
    ck_assert_int_eq(hidden_for(g, WG_VIEW_REFEREE, "SkR"), 1);   /* LA-LOS-09: skirmishers on rocky ground */
    ck_assert_int_eq(hidden_for(g, WG_VIEW_REFEREE, "LineR"), 0); /* LA-LOS-09: a line on it is seen */
    ck_assert_int_eq(hidden_for(g, 0, "LineF"), -1);
    ck_assert_int_eq(hidden_for(g, 0, "SkR"), -1);
    ck_assert_int_eq(hidden_for(g, 0, "CavF"), 0);
    /* the line marches out of the field: discovered where it stands */
    static const char *const mv[] = {"LineF: movement marker", "LineF: advance", NULL};
    size_t e0 = wgp_event_count(g);
    play_until(g, mv, "period 2, phase 1");
    long m = wga_event(g, e0, "LineF: advance from (400, 430) to (400, 385)");
    ck_assert_str_eq(wgp_event(g, (size_t)m, 0), "LineF: unseen");
    long r = wga_expect(g, e0, "LineF, hidden until now, leaves its cover at (400, 385)", "LA-LOS-09"); /* LA-LOS-09 */
    ck_assert_int_gt(r, m);
    /* seen from then on: its second half-period's move */
    m = wga_event(g, e0, "LineF: advance from (400, 385) to (400, 340)");
    ck_assert_str_eq(wgp_event(g, (size_t)m, 0), wgp_event(g, (size_t)m, WG_VIEW_REFEREE));
    ck_assert_int_eq(hidden_for(g, 0, "LineF"), 0);
    ck_assert_int_eq(hidden_for(g, 0, "SkR"), -1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- fire in woods */

/* The fire odds of `action` in a position of French and Austrian units around the wood: the status. */
static int wood_odds(wg_ctx *ctx, const char *features, const char *units, const char *action)
{
    wg_game *g = position(ctx, features, NULL, units);
    int rc = wga_odds(g, action);
    wg_game_free(g);
    return rc;
}

#define LIGNE_AT(y) "unit French Ligne type=line-fusiliers companies=4x3 formation=line front=12 at=1300," #y " facing=0,1 order=hold\n"
#define JAEGER_AT(y) "unit Austrians Jaeger type=voltigeurs companies=2x4 formation=skirmish front=8 at=1300," #y " facing=0,-1 order=hold\n"

START_TEST(test_wood_fire_ranges)
{
    wg_ctx *ctx = wga_ctx();
    /* 15 paces inside the wood: it fires at a unit outside 75 paces away, not 115 (within the fusil's
       200) */
    ck_assert_int_eq(wood_odds(ctx, WOOD, LIGNE_AT(340) JAEGER_AT(415), "fire from=2 at=1"), WG_OK); /* LA-TERRAIN-09 */
    ck_assert_int_eq(wood_odds(ctx, WOOD, LIGNE_AT(300) JAEGER_AT(415), "fire from=2 at=1"), WG_ESTATE); /* LA-TERRAIN-09 */
    /* 40 paces from the same target: from 15 paces inside, yes; from 30 paces inside, no */
    ck_assert_int_eq(wood_odds(ctx, WOOD, LIGNE_AT(375) JAEGER_AT(415), "fire from=2 at=1"), WG_OK);
    ck_assert_int_eq(wood_odds(ctx, WOOD, LIGNE_AT(390) JAEGER_AT(430), "fire from=2 at=1"), WG_ESTATE); /* LA-TERRAIN-08 */
    /* both in the wood, 15 paces apart, the Austrians 160 paces inside, a French line outside 170
       paces away: the line may not fire at them (deep in the wood), the skirmishers inside may, and
       the Austrians may fire back at them but not at the line beyond 80 paces; in the wood both have
       light cover from the wood itself (its area carries no cover flag) */
    const char *units = "unit French Tirailleurs type=voltigeurs companies=2x4 formation=skirmish front=8 at=1300,545 facing=0,1 order=hold\n"
                        LIGNE_AT(390) JAEGER_AT(560);
    ck_assert_int_eq(wood_odds(ctx, WOOD, units, "fire from=2 at=3"), WG_ESTATE); /* LA-TERRAIN-08 */
    ck_assert_int_eq(wood_odds(ctx, WOOD, units, "fire from=3 at=2"), WG_ESTATE); /* LA-TERRAIN-09 */
    ck_assert_int_eq(wood_odds(ctx, WOOD, units, "fire from=1 at=3"), WG_OK);     /* LA-TERRAIN-09 */
    wga_odds_has("\"value\":-1,\"text\":\"target-light-cover\"");                  /* LA-TERRAIN-09 */
    ck_assert_int_eq(wood_odds(ctx, WOOD, units, "fire from=3 at=1"), WG_OK);
    wga_odds_has("\"value\":-1,\"text\":\"target-light-cover\""); /* LA-TERRAIN-09: both */
    /* the same units in the open: every fire, and no cover */
    ck_assert_int_eq(wood_odds(ctx, NULL, units, "fire from=1 at=3"), WG_OK);
    wga_odds_lacks("target-light-cover");
    ck_assert_int_eq(wood_odds(ctx, NULL, units, "fire from=2 at=3"), WG_OK);
    ck_assert_int_eq(wood_odds(ctx, NULL, units, "fire from=3 at=2"), WG_OK);
    ck_assert_int_eq(wood_odds(ctx, NULL, LIGNE_AT(300) JAEGER_AT(415), "fire from=2 at=1"), WG_OK);
    ck_assert_int_eq(wood_odds(ctx, NULL, LIGNE_AT(390) JAEGER_AT(430), "fire from=2 at=1"), WG_OK);
    wg_ctx_free(ctx);
}
END_TEST

/* A hidden unit is no target until it fires; its fire gives it away, and then, within 20 paces of the
   edge, it is a target in light cover. */
START_TEST(test_fire_reveals)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = position(ctx, WOOD, "break=none", LIGNE_AT(340) JAEGER_AT(415) FAR_AUSTRIANS);
    ck_assert_int_eq(wga_odds(g, "fire from=1 at=2"), WG_ESTATE); /* LA-TERRAIN-08: not before it fired */
    ck_assert_int_eq(hidden_for(g, WG_VIEW_REFEREE, "Jaeger"), 1);
    static const char *const fire[] = {"Ligne: fire marker", "Jaeger: fire marker", "Jaeger fires at Ligne", NULL};
    play_until(g, fire, "the die of Jaeger's fire");
    wga_expect(g, 0, "Jaeger, hidden until now, gives itself away by firing at (1300, 415)", "LA-FIRE-21"); /* LA-FIRE-21 */
    ck_assert_int_eq(hidden_for(g, 0, "Jaeger"), 0); /* LA-FIRE-21 */
    wga_odds_ok(g, "fire from=1 at=2");             /* LA-TERRAIN-08: now a target */
    wga_odds_has("\"value\":-1,\"text\":\"target-light-cover\""); /* LA-TERRAIN-08: in light cover */
    wga_die(g, 1);
    /* the French fire back in the same phase */
    play_until(g, fire, "the target of Ligne's fire");
    ck_assert_int_ge(wgp_find(g, "Ligne fires at Jaeger (75 paces)"), 0); /* LA-TERRAIN-08 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- charges and melee in woods */

START_TEST(test_cavalry_charges_from_the_edge)
{
    wg_ctx *ctx = wga_ctx();
    /* hussars 20 paces inside the wood, an Austrian line 80 paces beyond its edge */
    wg_game *g = position(ctx, WOOD, NULL,
                          "unit French Hussards type=hussars companies=2x4 formation=line front=8 at=1300,780 facing=0,1 order=hold\n"
                          "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1300,860 facing=0,-1 order=hold\n");
    ck_assert_msg(wgp_find(g, "Hussards: charge marker") >= 0, "%s", wgp_options_dump(g)); /* LA-TERRAIN-12 */
    wg_game_free(g);
    /* 50 paces inside: no charge */
    g = position(ctx, WOOD, NULL,
                 "unit French Hussards type=hussars companies=2x4 formation=line front=8 at=1300,750 facing=0,1 order=hold\n"
                 "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1300,830 facing=0,-1 order=hold\n");
    ck_assert_msg(wgp_find(g, "Hussards: charge marker") < 0, "%s", wgp_options_dump(g)); /* LA-TERRAIN-12 */
    wg_game_free(g);
    /* the same 80 paces in the open: the charge */
    g = position(ctx, NULL, NULL,
                 "unit French Hussards type=hussars companies=2x4 formation=line front=8 at=1300,750 facing=0,1 order=hold\n"
                 "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1300,830 facing=0,-1 order=hold\n");
    ck_assert_msg(wgp_find(g, "Hussards: charge marker") >= 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Blue charges Red 15 paces away to a melee: the melee odds of Blue on Red. */
static void melee_odds_on(wg_ctx *ctx, const char *features)
{
    wg_game *g = position(ctx, features, "break=none",
                          "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=1300,405 facing=0,1 order=hold\n"
                          "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=1300,420 facing=0,-1 order=hold\n");
    static const char *const ch[] = {"Blue: charge marker", "Blue charges Red", NULL};
    play_until(g, ch, "phase 5: the die of");
    wga_odds_ok(g, "melee from=1 at=2");
    wg_game_free(g);
}

START_TEST(test_melee_in_wood_no_cover)
{
    wg_ctx *ctx = wga_ctx();
    melee_odds_on(ctx, SCRUB_LIGHT);
    wga_odds_has("\"name\":\"T19-melee-opponent\",\"value\":-2,\"text\":\"light-cover\"");
    melee_odds_on(ctx, WOOD_LIGHT);
    wga_odds_lacks("light-cover"); /* LA-TERRAIN-11 */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- cover */

#define FIRER_AT(x, y) "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=" #x "," #y " facing=0,1 order=hold\n"
#define TARGET_AT(x, y) "unit Austrians Red type=line-fusiliers companies=4x3 formation=line front=12 at=" #x "," #y " facing=0,-1 order=hold\n"

START_TEST(test_cover_entire_and_obstacles)
{
    wg_ctx *ctx = wga_ctx();
    /* a line wholly in the scrub has its light cover; half out of it, none */
    ck_assert_int_eq(wood_odds(ctx, SCRUB_LIGHT, FIRER_AT(1300, 250) TARGET_AT(1300, 420), "fire from=1 at=2"), WG_OK);
    wga_odds_has("\"value\":-1,\"text\":\"target-light-cover\"");
    ck_assert_int_eq(wood_odds(ctx, SCRUB_LIGHT, FIRER_AT(1040, 250) TARGET_AT(1040, 420), "fire from=1 at=2"), WG_OK);
    wga_odds_lacks("target-light-cover"); /* LA-FIRE-04 */
    /* behind a hedge, 10 paces from it: light cover; 60 paces behind it: none */
    ck_assert_int_eq(wood_odds(ctx, "line hedge 800,500 1800,500\n", FIRER_AT(1300, 400) TARGET_AT(1300, 510),
                               "fire from=1 at=2"), WG_OK);
    wga_odds_has("\"value\":-1,\"text\":\"target-light-cover\""); /* LA-TERRAIN-20 */
    ck_assert_int_eq(wood_odds(ctx, "line hedge 800,500 1800,500\n", FIRER_AT(1300, 400) TARGET_AT(1300, 560),
                               "fire from=1 at=2"), WG_OK);
    wga_odds_lacks("target-light-cover"); /* LA-TERRAIN-20: beyond a base depth */
    /* behind a wall: hard cover, and none 60 paces behind it */
    ck_assert_int_eq(wood_odds(ctx, "line wall 800,500 1800,500\n", FIRER_AT(1300, 400) TARGET_AT(1300, 510),
                               "fire from=1 at=2"), WG_OK);
    wga_odds_has("\"value\":-3,\"text\":\"target-hard-cover\""); /* LA-TERRAIN-20 */
    ck_assert_int_eq(wood_odds(ctx, "line wall 800,500 1800,500\n", FIRER_AT(1300, 400) TARGET_AT(1300, 560),
                               "fire from=1 at=2"), WG_OK);
    wga_odds_lacks("target-hard-cover"); /* LA-TERRAIN-20 */
    wg_ctx_free(ctx);
}
END_TEST

/* Blue's line enters the wood to 1 pace of Red's skirmishers (without formation from the wood) and
   fights them: the odds of its melee. */
static void wood_melee_odds(wg_ctx *ctx, const char *features)
{
    wg_game *g = position(ctx, features, "break=none",
                          "unit French Blue type=line-fusiliers companies=4x3 formation=line front=12 at=1300,395 facing=0,1 order=hold\n"
                          "unit Austrians Red type=voltigeurs companies=2x4 formation=skirmish front=8 at=1300,410 facing=0,-1 order=hold\n");
    static const char *const mv[] = {"Blue: movement marker", NULL};
    play_until(g, mv, "commits the move of Blue");
    int rc = wga_move_to(g, 130000, 40900);
    ck_assert_msg(rc == WG_OK, "%s", wg_game_errmsg(g));
    play_until(g, NULL, "phase 5: the die of");
    wga_odds_ok(g, "melee from=1 at=2");
    wg_game_free(g);
}

START_TEST(test_wood_melee_on_skirmisher_bases)
{
    wg_ctx *ctx = wga_ctx();
    /* in the open the formed line's 12 figures all reach the 8 skirmishers (a skirmisher's base is
       worth two of the line's) */
    wood_melee_odds(ctx, NULL);
    wga_odds_has("\"name\":\"figures\",\"value\":12");
    wga_odds_lacks("without-formation");
    /* in the wood, without formation, it fights as if on skirmisher bases: the 8 it faces and an
       overlap figure at each end, its penalty kept */
    wood_melee_odds(ctx, WOOD);
    wga_odds_has("\"name\":\"figures\",\"value\":10"); /* LA-TERRAIN-10 */
    wga_odds_has("without-formation");                       /* LA-TERRAIN-10: the penalty kept */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- a battery on a crest */

#define PLATEAUX "area hill name=Plateau level=1 0,0 2600,0 2600,500 0,500\n" \
                 "line crest name=Edge level=1 0,500 2600,500\n" \
                 "area hill name=Beyond level=1 0,800 2600,800 2600,1200 0,1200\n" \
                 "line crest name=Far-edge level=1 0,800 2600,800\n"
#define GUNS_AT(y) "unit French Guns type=foot-battery companies=3x2 formation=in-battery front=6 at=1300," #y " facing=0,1 order=deny zone=1300,700 radius=100\n"
#define FOOT_AT(y) "unit French Guns type=line-fusiliers companies=4x3 formation=line front=12 at=1300," #y " facing=0,1 order=hold\n"

START_TEST(test_battery_over_the_crest)
{
    wg_ctx *ctx = wga_ctx();
    /* 10 paces behind the crest line: the infantry fires down the slope over it, the battery does not */
    ck_assert_int_eq(wood_odds(ctx, PLATEAUX, FOOT_AT(490) TARGET_AT(1300, 650), "fire from=1 at=2"), WG_OK);
    ck_assert_int_eq(wood_odds(ctx, PLATEAUX, GUNS_AT(490) TARGET_AT(1300, 650), "fire from=1 at=2"), WG_ESTATE); /* LA-LOS-03 */
    /* its front over the crest line: it fires downhill */
    ck_assert_int_eq(wood_odds(ctx, PLATEAUX, GUNS_AT(510) TARGET_AT(1300, 650), "fire from=1 at=2"), WG_OK); /* LA-LOS-03 */
    /* from behind the crest, at the plateau beyond of the same level */
    ck_assert_int_eq(wood_odds(ctx, PLATEAUX, GUNS_AT(490) TARGET_AT(1300, 850), "fire from=1 at=2"), WG_OK); /* LA-LOS-03 */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- no measuring before declaring */

START_TEST(test_no_premeasure)
{
    wg_ctx *ctx = wga_ctx();
    const char *units = FIRER_AT(1300, 400) TARGET_AT(1300, 520)
        "unit French Guns type=foot-battery companies=3x2 formation=in-battery front=6 at=1700,400 facing=0,1 order=support target=Blue\n"
        "unit Austrians Red2 type=line-fusiliers companies=4x3 formation=line front=12 at=1700,700 facing=0,-1 order=hold\n";
    static const char *const fire[] = {"Blue: fire marker", "Guns: fire marker", NULL};
    /* by default the option reads the distance and the odds answer before the target is chosen */
    wg_game *g = position(ctx, NULL, NULL, units);
    play_until(g, fire, "the target of Blue's fire");
    ck_assert_int_ge(wgp_find(g, "Blue fires at Red (120 paces)"), 0);
    wga_odds_ok(g, "fire from=1 at=2");
    wg_game_free(g);
    /* premeasure=no: no distance in the option, no odds until the fire is declared */
    g = position(ctx, NULL, "premeasure=no", units);
    play_until(g, fire, "the target of Blue's fire");
    ck_assert_int_ge(wgp_find(g, "Blue fires at Red"), 0);
    ck_assert_int_lt(wgp_find(g, "paces"), 0);                     /* LA-SCALE-07, LA-FIRE-21 */
    ck_assert_int_eq(wga_odds(g, "fire from=1 at=2"), WG_ESTATE); /* LA-SCALE-07 */
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "premeasure=no"));
    wgp_choose(g, "Blue fires at Red");
    wga_odds_ok(g, "fire from=1 at=2"); /* LA-SCALE-07: declared, it may be measured */
    wga_die(g, 1);
    /* the battery: neither before its fire (LA-ARTFIRE-07) */
    play_until(g, fire, "the target of Guns's fire");
    ck_assert_int_lt(wgp_find(g, "paces"), 0);                     /* LA-ARTFIRE-07 */
    ck_assert_int_eq(wga_odds(g, "fire from=3 at=4"), WG_ESTATE); /* LA-ARTFIRE-07 */
    wgp_choose(g, "Guns fires at Red2");
    wga_odds_ok(g, "fire from=3 at=4");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_woods");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_hidden_in_wood_discovered_by_approach);
    tcase_add_test(tc, test_hidden_doings_unseen);
    tcase_add_test(tc, test_fields_and_rocky_ground);
    tcase_add_test(tc, test_wood_fire_ranges);
    tcase_add_test(tc, test_fire_reveals);
    tcase_add_test(tc, test_cavalry_charges_from_the_edge);
    tcase_add_test(tc, test_melee_in_wood_no_cover);
    tcase_add_test(tc, test_cover_entire_and_obstacles);
    tcase_add_test(tc, test_no_premeasure);
    tcase_add_test(tc, test_wood_melee_on_skirmisher_bases);
    tcase_add_test(tc, test_battery_over_the_crest);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

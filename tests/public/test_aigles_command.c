/* Les Aigles command rules proven by play through the public API: officers (their characteristics,
   moves, joining a unit, capture), the order changes of phase 6 (the order-change zone of T7, command
   points, aides-de-camp in contact, no order to a unit in melee), the reaction test of T8 and the
   order applying from the next period, battery pivots (phase 2), bricole (T9) and prolonge (T10) at
   both scales, the round-shot bands of artillery fire, the fate of officers after their unit's losses
   (T33 read by G-06) and the test of a unit whose general is killed, and the contact figures of the
   first melee turn by the equivalence of the bases (T2/T3 read by G-08).  Every position is built from
   host documents written here: a small army list (one infantry type per status, a hard-hitting one,
   cavalry, the three kinds of battery, sappers), an open table with a river and a marsh, and small
   battles; every decision is taken by its label (dice by "die N", an officer's precise move with
   wg_game_choose_params), every result read from events and their rule tags, piece attributes, option
   lists, odds and refusals.  Checklist items are cited next to the assertions that prove them.
   Lengths: piece attributes are in paces (mm at 25 mm), precise-move parameters in table units
   (1/100 mm). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgaigles.h"
#include "wgplay.h"

/* ---------------------------------------------------------------- documents */

/* Host data, not the rules: one infantry type per status (T8), `brave` (combat 8) and `sharp` (fire 8)
   to reach given losses, `stout` (veteran, morale 10) to keep obeying, cavalry, batteries of 6 and 12
   (foot) and horse artillery, sappers. */
static const char *const ARMY =
    "wgdata 1 aigles-army\n"
    "title \"test army (host data)\"\n"
    "weapon fusil range25=200 range15=150\n"
    "calibre 6pdr canister25=150 canister15=100 rebound25=150 rebound15=100 max25=700 max15=470 ranks=4\n"
    "calibre 12pdr canister25=200 canister15=130 rebound25=200 rebound15=130 max25=900 max15=600 ranks=6\n"
    "calibre horse-6pdr canister25=150 canister15=100 rebound25=150 rebound15=100 max25=600 max15=400 ranks=4\n"
    "unittype guard arm=infantry status=G manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=10\n"
    "unittype elite arm=infantry status=E manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=10\n"
    "unittype veteran arm=infantry status=V manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=10\n"
    "unittype regular arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=10\n"
    "unittype semi arm=infantry status=S-R manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=10\n"
    "unittype militia arm=infantry status=M manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=10\n"
    "unittype irregular arm=infantry status=I manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=10\n"
    "unittype brave arm=infantry status=R manoeuvre=B fire=3 combat=8 charge=1 morale=3 weapon=fusil points=10\n"
    "unittype sharp arm=infantry status=R manoeuvre=B fire=8 combat=3 charge=1 morale=3 weapon=fusil points=10\n"
    "unittype stout arm=infantry status=V manoeuvre=B fire=3 combat=3 charge=1 morale=10 weapon=fusil points=10\n"
    "unittype dragoons arm=cavalry cavalry=heavy status=R manoeuvre=B fire=0 combat=4 charge=2 morale=3 points=18\n"
    "unittype hussars arm=cavalry cavalry=light status=R manoeuvre=B fire=0 combat=4 charge=2 morale=3 points=16\n"
    "unittype foot6 arm=foot-artillery status=R manoeuvre=B fire=3 combat=1 charge=0 morale=3 calibre=6pdr points=20\n"
    "unittype foot12 arm=foot-artillery status=R manoeuvre=B fire=4 combat=1 charge=0 morale=3 calibre=12pdr points=26\n"
    "unittype horse6 arm=horse-artillery status=V manoeuvre=B fire=3 combat=1 charge=0 morale=4 calibre=horse-6pdr "
    "points=24\n"
    "unittype sappers arm=engineers status=V manoeuvre=B fire=2 combat=3 charge=0 morale=4 weapon=fusil points=12\n"
    "move infantry line B d25=90 d15=60\n"
    "move infantry division B d25=120 d15=80\n"
    "move engineers line B d25=90 d15=60\n"
    "move cavalry line B d25=200 d15=135\n"
    "move foot-artillery limbered B d25=150 d15=100\n"
    "move horse-artillery limbered B d25=280 d15=185\n"
    "charge-bonus infantry d25=40 d15=25\n"
    "charge-bonus cavalry d25=120 d15=80\n";

/* A 2600 x 1800 table of open ground, a river along y = 1500 and a marsh at x = 2000..2300,
   y = 1000..1300. */
static const char *const TABLE = "wgdata 1 map\n"
                                 "title \"test table\"\n"
                                 "grid table 2600 1800\n"
                                 "terrain open marsh\n"
                                 "flag blocks-sight\n"
                                 "linetype road stream river\n"
                                 "area open name=Open 0,0 2600,0 2600,1800 0,1800\n"
                                 "area marsh name=Marais 2000,1000 2300,1000 2300,1300 2000,1300\n"
                                 "line river name=Riviere 0,1500 2600,1500\n";

static int try_battle(wg_game **out, wg_ctx *ctx, int scale, const char *body)
{
    char battle[8192];
    snprintf(battle, sizeof battle,
             "wgdata 1 aigles-battle\ntitle \"test position\"\nscale %d\nperiods 4\nside French\nside Austrians\n%s",
             scale, body);
    wgp_doc docs[] = {{"army", ARMY}, {"table", TABLE}, {"battle", battle}, {NULL, NULL}};
    return wgp_try_new(out, ctx, "aigles", "crossroads", NULL, 1, docs);
}

static wg_game *battle(wg_ctx *ctx, int scale, const char *body)
{
    wg_game *g = NULL;
    int rc = try_battle(&g, ctx, scale, body);
    ck_assert_msg(rc == WG_OK, "set-up: %s: %s", wg_status_str(rc), wg_ctx_errmsg(ctx));
    return g;
}

/* ---------------------------------------------------------------- reading */

static size_t npieces(wg_game *g)
{
    size_t n = 0;
    ck_assert_int_eq(wg_game_piece_count(&n, g, WG_VIEW_REFEREE), WG_OK);
    return n;
}

/* The piece named `name`, -1 when it is no piece. */
static int piece(wg_game *g, const char *name)
{
    size_t n = npieces(g);
    for (size_t i = 0; i < n; i++) {
        char buf[64];
        if (wg_game_attr_text(buf, sizeof buf, NULL, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, i, "name") == WG_OK &&
            strcmp(buf, name) == 0)
            return (int)i;
    }
    return -1;
}

static int64_t attr(wg_game *g, const char *name, const char *key)
{
    int p = piece(g, name);
    ck_assert_msg(p >= 0, "no piece %s", name);
    int64_t v = 0;
    int rc = wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, (size_t)p, key);
    ck_assert_msg(rc == WG_OK, "%s has no %s: %s", name, key, wg_status_str(rc));
    return v;
}

static int has_int(wg_game *g, const char *name, const char *key)
{
    int p = piece(g, name);
    ck_assert_msg(p >= 0, "no piece %s", name);
    int64_t v = 0;
    return wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, (size_t)p, key) == WG_OK;
}

static const char *attr_text(wg_game *g, const char *name, const char *key)
{
    static char buf[128];
    int p = piece(g, name);
    ck_assert_msg(p >= 0, "no piece %s", name);
    int rc = wg_game_attr_text(buf, sizeof buf, NULL, g, WG_VIEW_REFEREE, WG_ATTR_PIECE, (size_t)p, key);
    ck_assert_msg(rc == WG_OK, "%s has no %s: %s", name, key, wg_status_str(rc));
    return buf;
}

/* "move to a point" of the unit or officer `who` at (x, y) paces; returns the status. */
static int move_to(wg_game *g, const char *who, int64_t x, int64_t y)
{
    char lab[64];
    snprintf(lab, sizeof lab, "%s: move to a point", who);
    long i = wgp_find(g, lab);
    ck_assert_msg(i >= 0, "no precise move:\n%s", wgp_options_dump(g));
    int64_t v[2] = {x * 100, y * 100};
    return wg_game_choose_params(g, (size_t)i, v, 2);
}

/* Plays to the first half-period's move of `who` (its marker Movement), which moves it to (x, y) paces,
   into contact with the enemy there; then on with `prefs` to the next die. */
static void contact(wg_game *g, const char *who, int64_t x, int64_t y, const char *const *prefs)
{
    char mark[48], commit[64];
    snprintf(mark, sizeof mark, "%s: movement marker", who);
    snprintf(commit, sizeof commit, "half-period 1: French commits the move of %s", who);
    const char *const p[] = {mark, NULL};
    wga_drive(g, p, commit);
    ck_assert_int_eq(move_to(g, who, x, y), WG_OK);
    wga_drive(g, prefs, NULL);
    ck_assert_msg(wga_has_decision(g, "phase 5: the die of"), "no melee: %s", wgp_events_dump(g, 0, WG_VIEW_REFEREE));
}

/* An Austrian far away, so that nothing fights. */
#define FAR_ENEMY                                                                                                      \
    "unit Austrians Far type=regular companies=1x4 formation=line front=4 at=200,1700 facing=0,-1 order=hold\n"

/* ---------------------------------------------------------------- officers and orders in the records */

START_TEST(test_officer_records)
{
    wg_ctx *ctx = wga_ctx();
    const char *unit = "unit French A type=regular companies=1x4 formation=line front=4 at=600,300 facing=0,1 "
                       "order=hold\n" FAR_ENEMY;
    char body[2048];
    /* charisma and command 0..5 (LA-OFFICER-01) */
    snprintf(body, sizeof body, "officer French Ney charisma=5 command=0 at=900,300 facing=0,1\n"
                                "officer French Roux charisma=0 command=5 at=950,300 facing=0,1 adc superior=Ney\n%s",
             unit);
    wg_game *g = battle(ctx, 25, body);
    ck_assert_int_eq(attr(g, "Ney", "charisma"), 5); /* LA-OFFICER-01 */
    ck_assert_int_eq(attr(g, "Ney", "command"), 0);  /* LA-OFFICER-01 */
    ck_assert_int_eq(attr(g, "Roux", "command"), 5);
    ck_assert_str_eq(attr_text(g, "Ney", "kind"), "general");
    ck_assert_str_eq(attr_text(g, "Roux", "kind"), "aide-de-camp");
    ck_assert_int_eq(has_int(g, "A", "charisma"), 0);
    wg_game_free(g);
    g = NULL;
    snprintf(body, sizeof body, "officer French Ney charisma=6 command=3 at=900,300 facing=0,1\n%s", unit);
    ck_assert_int_eq(try_battle(&g, ctx, 25, body), WG_EDATA); /* LA-OFFICER-01: at most 5 */
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "charisma"));
    snprintf(body, sizeof body, "officer French Ney charisma=3 command=6 at=900,300 facing=0,1\n%s", unit);
    ck_assert_int_eq(try_battle(&g, ctx, 25, body), WG_EDATA); /* LA-OFFICER-01 */
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "command"));
    snprintf(body, sizeof body, "officer French Ney charisma=-1 command=3 at=900,300 facing=0,1\n%s", unit);
    ck_assert_int_eq(try_battle(&g, ctx, 25, body), WG_EDATA); /* LA-OFFICER-01 */

    /* tactical orders: a closed vocabulary with their parameters (LA-ORDERS-01: the tactical orders) */
    ck_assert_int_eq(try_battle(&g, ctx, 25,
                                "unit French A type=regular companies=1x4 formation=line front=4 at=600,300 facing=0,1 "
                                "order=advance\n" FAR_ENEMY),
                     WG_EDATA); /* LA-ORDERS-01 */
    ck_assert_int_eq(try_battle(&g, ctx, 25,
                                "unit French A type=regular companies=1x4 formation=line front=4 at=600,300 facing=0,1 "
                                "order=attack\n" FAR_ENEMY),
                     WG_EDATA); /* LA-ORDERS-01: an attack needs its direction */
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "toward"));
    g = battle(ctx, 25,
               "unit French A type=regular companies=1x4 formation=line front=4 at=600,300 facing=0,1 "
               "order=attack toward=600,1600\n" FAR_ENEMY);
    ck_assert_str_eq(attr_text(g, "A", "order"), "attack"); /* LA-ORDERS-01 */
    wg_game_free(g);
    g = NULL;
    /* exploit is for cavalry only (LA-ORDERS-10) */
    ck_assert_int_eq(try_battle(&g, ctx, 25,
                                "unit French A type=regular companies=1x4 formation=line front=4 at=600,300 facing=0,1 "
                                "order=exploit\n" FAR_ENEMY),
                     WG_EDATA);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "LA-ORDERS-10")); /* LA-ORDERS-10 */
    g = battle(ctx, 25,
               "unit French H type=hussars companies=1x4 formation=line front=4 at=600,300 facing=0,1 order=exploit\n" FAR_ENEMY);
    ck_assert_str_eq(attr_text(g, "H", "order"), "exploit"); /* LA-ORDERS-10 */
    wg_game_free(g);
    g = NULL;
    /* artillery: support, deny, neutralise, and no other (LA-ORDERS-11) */
    static const char *const art_bad[] = {"attack toward=600,1600", "hold", "cover target=A", "exploit"};
    for (size_t k = 0; k < sizeof art_bad / sizeof *art_bad; k++) {
        snprintf(body, sizeof body,
                 "unit French A type=regular companies=1x4 formation=line front=4 at=600,300 facing=0,1 order=hold\n"
                 "unit French B type=foot6 companies=3x2 formation=in-battery front=6 at=1000,300 facing=0,1 "
                 "order=%s\n" FAR_ENEMY,
                 art_bad[k]);
        ck_assert_int_eq(try_battle(&g, ctx, 25, body), WG_EDATA); /* LA-ORDERS-11 */
        ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "LA-ORDERS-1"), "%s", wg_ctx_errmsg(ctx));
    }
    static const char *const art_ok[] = {"support target=A", "deny zone=1000,900 radius=200", "neutralise target=Far"};
    for (size_t k = 0; k < sizeof art_ok / sizeof *art_ok; k++) {
        snprintf(body, sizeof body,
                 "unit French A type=regular companies=1x4 formation=line front=4 at=600,300 facing=0,1 order=hold\n"
                 FAR_ENEMY "unit French B type=foot6 companies=3x2 formation=in-battery front=6 at=1000,300 "
                 "facing=0,1 order=%s\n",
                 art_ok[k]);
        g = battle(ctx, 25, body); /* LA-ORDERS-11 */
        wg_game_free(g);
        g = NULL;
    }
    /* engineers: attack, support, defend (LA-ORDERS-12) */
    static const char *const eng_bad[] = {"hold", "cover target=A", "harass toward=600,1600"};
    for (size_t k = 0; k < sizeof eng_bad / sizeof *eng_bad; k++) {
        snprintf(body, sizeof body,
                 "unit French A type=regular companies=1x4 formation=line front=4 at=600,300 facing=0,1 order=hold\n"
                 "unit French S type=sappers companies=1x4 formation=line front=4 at=1000,300 facing=0,1 "
                 "order=%s\n" FAR_ENEMY,
                 eng_bad[k]);
        ck_assert_int_eq(try_battle(&g, ctx, 25, body), WG_EDATA); /* LA-ORDERS-12 */
        ck_assert_msg(strstr(wg_ctx_errmsg(ctx), "LA-ORDERS-12"), "%s", wg_ctx_errmsg(ctx));
    }
    static const char *const eng_ok[] = {"attack toward=1000,1600", "support target=A", "defend zone=1000,300 radius=100"};
    for (size_t k = 0; k < sizeof eng_ok / sizeof *eng_ok; k++) {
        snprintf(body, sizeof body,
                 "unit French A type=regular companies=1x4 formation=line front=4 at=600,300 facing=0,1 order=hold\n"
                 "unit French S type=sappers companies=1x4 formation=line front=4 at=1000,300 facing=0,1 "
                 "order=%s\n" FAR_ENEMY,
                 eng_ok[k]);
        g = battle(ctx, 25, body); /* LA-ORDERS-12 */
        wg_game_free(g);
        g = NULL;
    }
    wg_ctx_free(ctx);
}
END_TEST

/* The orders phase 6 offers by arm: exploit to cavalry only; a battery deny and neutralise, and no
   infantry order. */
START_TEST(test_order_menu_by_arm)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(ctx, 25,
                        "officer French G charisma=1 command=5 at=1200,700 facing=0,1\n"
                        "unit French A type=regular companies=1x4 formation=line front=4 at=1100,600 facing=0,1 order=hold\n"
                        "unit French H type=hussars companies=1x4 formation=line front=4 at=1300,600 facing=0,1 order=hold\n"
                        "unit French Bat type=foot6 companies=3x2 formation=in-battery front=6 at=1200,800 facing=0,-1 "
                        "order=support target=A\n" FAR_ENEMY);
    wga_drive(g, NULL, "phase 6: the order changes of G");
    WGA_ASSERT_OPTION(g, "G orders H: exploit");    /* LA-ORDERS-10 */
    WGA_ASSERT_NO_OPTION(g, "G orders A: exploit"); /* LA-ORDERS-10 */
    WGA_ASSERT_OPTION(g, "G orders Bat: deny");       /* LA-ORDERS-11 */
    WGA_ASSERT_OPTION(g, "G orders Bat: neutralise"); /* LA-ORDERS-11 */
    WGA_ASSERT_NO_OPTION(g, "G orders Bat: attack");  /* LA-ORDERS-11 */
    WGA_ASSERT_NO_OPTION(g, "G orders Bat: cover");   /* LA-ORDERS-11 */
    WGA_ASSERT_NO_OPTION(g, "G orders Bat: exploit"); /* LA-ORDERS-11 */
    WGA_ASSERT_OPTION(g, "G orders A: attack");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- the order-change zone */

/* Whether general G of command `command` may order In (its front `r` paces from his base) and Out
   (r + 1 paces from it) in phase 6 of the first period, at `scale`. */
static void zone_case(wg_ctx *ctx, int scale, int command, int r)
{
    char body[2048];
    /* G faces the French edge: his base runs from y = 600 to 640 (25 mm; 30 deep at 15 mm); In faces
       him from below, Out from above */
    int depth = scale == 25 ? 40 : 30;
    snprintf(body, sizeof body,
             "officer French G charisma=1 command=%d at=1200,600 facing=0,-1\n"
             "unit French In type=regular companies=1x4 formation=line front=4 at=1200,%d facing=0,1 order=hold\n"
             "unit French Out type=regular companies=1x4 formation=line front=4 at=1200,%d facing=0,-1 order=hold\n"
             FAR_ENEMY,
             command, 600 - r, 600 + depth + r + 1);
    wg_game *g = battle(ctx, scale, body);
    wga_drive(g, NULL, "phase 6: the order changes of G");
    ck_assert_msg(wgp_find(g, "G orders In: attack") >= 0, "scale %d command %d: In at %d paces:\n%s", scale, command, r,
                  wgp_options_dump(g)); /* LA-OFFICER-07, LA-OFFICER-08 */
    ck_assert_msg(wgp_find(g, "G orders Out:") < 0, "scale %d command %d: Out at %d paces:\n%s", scale, command, r + 1,
                  wgp_options_dump(g)); /* LA-OFFICER-07 */
    wg_game_free(g);
}

START_TEST(test_order_zone)
{
    wg_ctx *ctx = wga_ctx();
    /* T7: command 1 in contact; 2, 3, 4, 5: 50, 100, 150, 200 paces (25 mm), 35, 75, 115, 150 (15 mm) */
    static const int r25[] = {0, 50, 100, 150, 200}, r15[] = {0, 35, 75, 115, 150};
    for (int c = 1; c <= 5; c++) {
        zone_case(ctx, 25, c, r25[c - 1]); /* LA-OFFICER-07 */
        zone_case(ctx, 15, c, r15[c - 1]); /* LA-OFFICER-07 */
    }
    wg_ctx_free(ctx);
}
END_TEST

/* An aide-de-camp orders by word of mouth, in contact only, whatever his command; a general's zone
   holds units he does not touch. */
START_TEST(test_adc_in_contact)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(ctx, 25,
                        "officer French G charisma=1 command=5 at=300,900 facing=0,1\n"
                        "officer French Aide charisma=1 command=5 at=1200,600 facing=0,-1 adc superior=G\n"
                        "unit French Near type=regular companies=1x4 formation=line front=4 at=1200,600 facing=0,1 "
                        "order=hold\n"
                        "unit French Off type=regular companies=1x4 formation=line front=4 at=1200,650 facing=0,-1 "
                        "order=hold\n" FAR_ENEMY);
    /* the general, 200 paces and more from both, orders neither: phase 6 is the aide's */
    wga_drive(g, NULL, "phase 6: the order changes of Aide");
    WGA_ASSERT_OPTION(g, "Aide orders Near: attack"); /* LA-ORDERS-14: in contact (his base touches Near) */
    WGA_ASSERT_NO_OPTION(g, "Aide orders Off:");      /* LA-ORDERS-14: 10 paces off, inside a command 5 zone */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- reaction tests */

/* The order-change decision of G over the unit `u`, taken in a clone with the die `d`: the event. */
static void order_event(wg_game *g, const char *u, int d, char *out, size_t cap)
{
    wg_game *c = NULL;
    ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
    char lab[64];
    snprintf(lab, sizeof lab, "G orders %s: attack", u);
    wgp_choose(c, lab);
    size_t e0 = wgp_event_count(c);
    WGA_ASSERT_DECISION(c, "phase 6: the die of");
    wga_die(c, d);
    long k = wga_expect(c, e0, " orders ", "LA-REACT-02");
    snprintf(out, cap, "%s", wgp_event(c, (size_t)k, WG_VIEW_REFEREE));
    wg_game_free(c);
}

START_TEST(test_reaction_by_status)
{
    wg_ctx *ctx = wga_ctx();
    /* a general of command 3 with one unit of each status in his zone */
    wg_game *g = battle(ctx, 25,
                        "officer French G charisma=1 command=3 at=1200,700 facing=0,1\n"
                        "unit French Gd type=guard companies=1x4 formation=line front=4 at=1105,600 facing=0,1 order=hold\n"
                        "unit French El type=elite companies=1x4 formation=line front=4 at=1170,600 facing=0,1 order=hold\n"
                        "unit French Vt type=veteran companies=1x4 formation=line front=4 at=1235,600 facing=0,1 order=hold\n"
                        "unit French Rg type=regular companies=1x4 formation=line front=4 at=1300,600 facing=0,1 order=hold\n"
                        "unit French Sr type=semi companies=1x4 formation=line front=4 at=1135,740 facing=0,-1 order=hold\n"
                        "unit French Mi type=militia companies=1x4 formation=line front=4 at=1200,740 facing=0,-1 order=hold\n"
                        "unit French Ir type=irregular companies=1x4 formation=line front=4 at=1265,740 facing=0,-1 "
                        "order=hold\n" FAR_ENEMY);
    wga_drive(g, NULL, "phase 6: the order changes of G");
    char ev[256];
    /* T8: Guard 4; Elite, Veteran 3; Regular, Semi-regular 2; Militia, Irregular 1; plus command 3 */
    static const struct {
        const char *unit;
        int need;
    } want[] = {{"Gd", 7}, {"El", 6}, {"Vt", 6}, {"Rg", 5}, {"Sr", 5}, {"Mi", 4}, {"Ir", 4}};
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
        order_event(g, want[k].unit, 1, ev, sizeof ev);
        char exp[128];
        snprintf(exp, sizeof exp, "G orders %s: attack; reaction die 1, below %d needed: accepted", want[k].unit,
                 want[k].need);
        ck_assert_msg(strstr(ev, exp), "'%s' lacks '%s'", ev, exp); /* LA-REACT-01 */
    }
    /* Regular 2 + command 3 = 5: passes on 1-4 (LA-REACT-08) */
    order_event(g, "Rg", 4, ev, sizeof ev);
    ck_assert_msg(strstr(ev, "reaction die 4, below 5 needed: accepted"), "%s", ev); /* LA-REACT-08 */
    order_event(g, "Rg", 5, ev, sizeof ev);
    ck_assert_msg(strstr(ev, "reaction die 5, below 5 needed: refused"), "%s", ev); /* LA-REACT-08: strictly below */
    /* Guard 4 + 3 = 7: passes even on a 6 (LA-REACT-08) */
    order_event(g, "Gd", 6, ev, sizeof ev);
    ck_assert_msg(strstr(ev, "reaction die 6, below 7 needed: accepted"), "%s", ev); /* LA-REACT-08 */
    /* Militia 1 + 3 = 4 */
    order_event(g, "Mi", 4, ev, sizeof ev);
    ck_assert_msg(strstr(ev, "reaction die 4, below 4 needed: refused"), "%s", ev); /* LA-REACT-01 */
    wg_game_free(g);

    /* Militia 1 + command 0 = 1: never passes, not even on a 1 (LA-REACT-08); command 0 orders in contact */
    g = battle(ctx, 25,
               "officer French G charisma=1 command=0 at=1400,600 facing=0,-1\n"
               "unit French Mi type=militia companies=1x4 formation=line front=4 at=1400,600 facing=0,1 order=hold\n" FAR_ENEMY);
    wga_drive(g, NULL, "phase 6: the order changes of G");
    order_event(g, "Mi", 1, ev, sizeof ev);
    ck_assert_msg(strstr(ev, "reaction die 1, below 1 needed: refused"), "%s", ev); /* LA-REACT-08 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Command points: a general of command 2 gives two orders a period, repeating a refused one; an order
   accepted in phase 6 applies from the next period. */
START_TEST(test_command_points_and_next_period)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(ctx, 25,
                        "officer French G charisma=1 command=2 at=1200,650 facing=0,1\n"
                        "unit French A type=regular companies=1x4 formation=line front=4 at=1135,600 facing=0,1 order=hold\n"
                        "unit French B type=regular companies=1x4 formation=line front=4 at=1200,600 facing=0,1 order=hold\n"
                        "unit French C type=regular companies=1x4 formation=line front=4 at=1265,600 facing=0,1 order=hold\n"
                        FAR_ENEMY);
    size_t e0 = wgp_event_count(g);
    wga_drive(g, NULL, "phase 6: the order changes of G");
    /* order changes come in phase 6, after the end-of-period tests (LA-REACT-07) */
    int turn = 0;
    ck_assert_int_eq(wg_game_turn(&turn, g), WG_OK);
    ck_assert_int_eq(turn, 1);
    WGA_ASSERT_OPTION(g, "G orders A: attack");
    WGA_ASSERT_OPTION(g, "G orders B: attack");
    WGA_ASSERT_OPTION(g, "G orders C: attack");
    /* the first point: A refuses (2 + 2 = 4, die 4) */
    wgp_choose(g, "G orders A: attack");
    wga_die(g, 4);
    wga_event(g, e0, "G orders A: attack; reaction die 4, below 4 needed: refused");
    /* a point left: the same order again (LA-OFFICER-05) */
    WGA_ASSERT_DECISION(g, "phase 6: the order changes of G");
    WGA_ASSERT_OPTION(g, "G orders A: attack"); /* LA-OFFICER-05: he may repeat an order */
    wgp_choose(g, "G orders A: attack");
    size_t e1 = wgp_event_count(g);
    wga_die(g, 3);
    wga_expect(g, e1, "G orders A: attack; reaction die 3, below 4 needed: accepted, from the next period",
                 "LA-REACT-02");
    /* two points spent: no more orders from G this period; the next period begins (LA-OFFICER-05) */
    ck_assert_msg(!wga_has_decision(g, "order changes of G"), "%s", wgp_options_dump(g)); /* LA-OFFICER-05 */
    long p2 = wga_expect(g, e1, "period 2 begins", "LA-SEQ-01");
    /* accepted in phase 6, the order applies from the next period (LA-REACT-07, LA-ORDERS-16) */
    long now = wga_expect(g, e1, "A now follows the order attack", "LA-ORDERS-16");
    ck_assert_int_gt(now, p2); /* LA-REACT-07 */
    ck_assert_str_eq(attr_text(g, "A", "order"), "attack"); /* LA-REACT-07 */
    ck_assert_str_eq(attr_text(g, "B", "order"), "hold");
    /* in the second period the points are his again */
    wga_drive(g, NULL, "phase 6: the order changes of G");
    ck_assert_int_eq(wg_game_turn(&turn, g), WG_OK);
    ck_assert_int_eq(turn, 2);
    WGA_ASSERT_OPTION(g, "G orders B: attack"); /* LA-OFFICER-05: per period */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Before the turn-over of the next period the unit still follows its old order: read during phase 6
   and phase 1. */
START_TEST(test_order_not_before_next_period)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(ctx, 25,
                        "officer French G charisma=1 command=3 at=1200,700 facing=0,1\n"
                        "unit French A type=regular companies=1x4 formation=line front=4 at=1135,600 facing=0,1 order=hold\n"
                        "unit French B type=regular companies=1x4 formation=line front=4 at=1200,600 facing=0,1 order=hold\n"
                        FAR_ENEMY);
    wga_drive(g, NULL, "phase 6: the order changes of G");
    wgp_choose(g, "G orders A: attack");
    wga_die(g, 1);
    /* accepted, and still under Hold for the rest of the period (LA-REACT-07) */
    WGA_ASSERT_DECISION(g, "period 1, phase 6: the order changes of G");
    ck_assert_str_eq(attr_text(g, "A", "order"), "hold"); /* LA-REACT-07 */
    WGA_ASSERT_NO_OPTION(g, "G orders A:"); /* an order accepted: no other this period */
    WGA_ASSERT_OPTION(g, "G orders B: attack");
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "G: no more orders");
    long p2 = wga_event(g, e0, "period 2 begins");
    ck_assert_int_gt(wga_event(g, e0, "A now follows the order attack"), p2); /* LA-REACT-07 */
    ck_assert_str_eq(attr_text(g, "A", "order"), "attack");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* A unit in melee takes no new order (its general is not in the melee). */
START_TEST(test_no_order_in_melee)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(ctx, 25,
                        "officer French G charisma=1 command=5 at=1100,400 facing=0,1\n"
                        "unit French A type=regular companies=1x4 formation=line front=4 at=1000,560 facing=0,1 order=hold\n"
                        "unit French B type=regular companies=1x4 formation=line front=4 at=1200,300 facing=0,1 order=hold\n"
                        "unit Austrians E type=regular companies=1x4 formation=line front=4 at=1000,600 facing=0,-1 "
                        "order=hold\n");
    contact(g, "A", 1000, 600, NULL);
    wga_die(g, 3);
    wga_die(g, 3);
    size_t e0 = wgp_event_count(g) > 3 ? wgp_event_count(g) - 3 : 0;
    wga_event(g, e0, "the melee is a tie");
    wga_drive(g, NULL, "phase 6: the order changes of G");
    ck_assert_int_ge(has_int(g, "A", "melee_with"), 1);
    WGA_ASSERT_OPTION(g, "G orders B: attack");
    WGA_ASSERT_NO_OPTION(g, "G orders A:"); /* LA-OFFICER-09 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- officers' moves */

START_TEST(test_officer_moves)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(ctx, 25,
                        "officer French G charisma=1 command=3 at=600,1300 facing=0,1\n"
                        "officer French M charisma=1 command=3 at=1900,1100 facing=0,1\n"
                        "unit French A type=regular companies=1x4 formation=line front=4 at=800,1300 facing=0,1 order=hold\n"
                        "unit French Z type=regular companies=1x4 formation=line front=4 at=1200,300 facing=0,1 order=hold\n"
                        FAR_ENEMY);
    /* the officers commit with the second half-period's moves (LA-OFFICER-10); A advances in it */
    static const char *const adv[] = {"A: advance", NULL};
    wga_drive(g, adv, "commits the move of G");
    WGA_ASSERT_DECISION(g, "phase 3, half-period 2: French commits the move of G");
    WGA_ASSERT_OPTION(g, "G stays");
    WGA_ASSERT_OPTION(g, "G joins A");  /* A within 240 paces */
    WGA_ASSERT_NO_OPTION(g, "G joins Z"); /* Z beyond them */
    /* 240 paces: 241 refused with the distance measured, 240 accepted (LA-OFFICER-10) */
    WGA_ASSERT_REFUSED(move_to(g, "G", 600, 1059), g, "a move of 241 paces, more than an officer's 240", "LA-OFFICER-10");
    WGA_ASSERT_REFUSED(move_to(g, "G", 600, 1541), g, "LA-OFFICER-10"); /* across the river, and beyond */
    WGA_ASSERT_REFUSED(move_to(g, "G", 650, 1520), g, "does not cross the river Riviere", "LA-OFFICER-10");
    ck_assert_int_eq(move_to(g, "G", 600, 1060), WG_OK); /* LA-OFFICER-10: 240 paces */
    WGA_ASSERT_DECISION(g, "commits the move of M");
    /* through a marsh: refused; around it: accepted */
    WGA_ASSERT_REFUSED(move_to(g, "M", 2100, 1200), g, "does not go through a marsh", "LA-OFFICER-10");
    ck_assert_int_eq(move_to(g, "M", 1900, 1250), WG_OK);
    size_t e0 = wgp_event_count(g) > 2 ? wgp_event_count(g) - 2 : 0;
    /* they move last, after the units (LA-OFFICER-10, LA-MOVE-01) */
    wga_drive(g, NULL, "period 2, phase 1");
    long k = wga_expect(g, e0, "G: from (600, 1300) to (600, 1060)", "LA-OFFICER-10");
    ck_assert_int_gt(k, wga_event(g, 0, "A: advance from (800, 1300)")); /* LA-OFFICER-10: last */
    ck_assert_int_eq(attr(g, "G", "x"), 600);
    ck_assert_int_eq(attr(g, "G", "y"), 1060);
    ck_assert_int_eq(attr(g, "M", "y"), 1250);
    wg_game_free(g);

    /* at 15 mm: 185 paces */
    g = battle(ctx, 15,
               "officer French G charisma=1 command=3 at=600,1300 facing=0,1\n"
               "unit French A type=regular companies=1x4 formation=line front=4 at=800,1300 facing=0,1 order=hold\n" FAR_ENEMY);
    wga_drive(g, NULL, "commits the move of G");
    WGA_ASSERT_REFUSED(move_to(g, "G", 786, 1300), g, "a move of 186 paces, more than an officer's 185", "LA-OFFICER-10");
    ck_assert_int_eq(move_to(g, "G", 785, 1300), WG_OK); /* LA-OFFICER-10 */
    wga_drive(g, NULL, "period 2, phase 1");
    ck_assert_int_eq(attr(g, "G", "x"), 785);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* An officer joining a unit stands at its rear and goes with it. */
START_TEST(test_officer_joins)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(ctx, 25,
                        "officer French G charisma=1 command=3 at=600,500 facing=0,1\n"
                        "unit French A type=regular companies=1x4 formation=line front=4 at=800,600 facing=0,1 order=hold\n"
                        FAR_ENEMY);
    static const char *const join[] = {"G joins A", NULL};
    wga_drive(g, join, "period 2, phase 1");
    size_t e0 = 0;
    wga_event(g, e0, "G: from (600, 500) to A, at (800, 575)"); /* the rear of A's line, 25 deep */
    ck_assert_int_eq(attr(g, "G", "attached"), attr(g, "A", "id")); /* LA-OFFICER-10 */
    ck_assert_int_eq(attr(g, "G", "x"), 800);
    ck_assert_int_eq(attr(g, "G", "y"), 575);
    /* A advances 45 paces: G goes with it */
    static const char *const adv[] = {"A: movement marker", "A: advance", "G stays", NULL};
    wga_drive(g, adv, "period 3, phase 1");
    ck_assert_int_eq(attr(g, "A", "y"), 600 + 90 - 1);
    ck_assert_int_eq(attr(g, "G", "y"), attr(g, "A", "y") - 25);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* An officer on his own that an enemy unit touches is captured. */
START_TEST(test_officer_captured)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(ctx, 25,
                        "officer French G charisma=1 command=3 at=1000,630 facing=0,1\n"
                        "unit French A type=regular companies=1x4 formation=line front=4 at=300,300 facing=0,1 order=hold\n"
                        "unit Austrians E type=regular companies=1x4 formation=line front=4 at=1000,700 facing=0,-1 "
                        "order=hold\n");
    size_t n0 = npieces(g);
    static const char *const adv[] = {"E: movement marker", "E: advance", NULL};
    wga_drive(g, adv, "period 2, phase 1");
    wga_expect(g, 0, "G is captured by E", "LA-OFFICER-11"); /* LA-OFFICER-11 */
    ck_assert_int_lt(piece(g, "G"), 0);
    ck_assert_uint_eq(npieces(g), n0 - 1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- batteries */

/* Three batteries in battery facing the Austrian edge: 6 (foot), 12 (foot) and horse. */
static const char *BATTERIES =
    "unit French F6 type=foot6 companies=3x2 formation=in-battery front=6 at=500,600 facing=0,1 order=deny "
    "zone=500,1000 radius=200\n"
    "unit French F12 type=foot12 companies=3x2 formation=in-battery front=6 at=1100,600 facing=0,1 order=deny "
    "zone=1100,1000 radius=200\n"
    "unit French H6 type=horse6 companies=3x2 formation=in-battery front=6 at=1700,600 facing=0,1 order=deny "
    "zone=1700,1000 radius=200\n" FAR_ENEMY;

START_TEST(test_battery_pivot)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = battle(ctx, 25, BATTERIES);
    static const char *const mv[] = {"F6: movement marker", "F12: movement marker", "H6: movement marker", NULL};
    wga_drive(g, mv, "phase 2: the pivot of F6");
    /* a pivot of 22.5 or 45 degrees either way, in phase 2, and none beyond (LA-ARTMOVE-02) */
    ck_assert_uint_eq(wgp_option_count(g), 5); /* LA-ARTMOVE-02 */
    WGA_ASSERT_OPTION(g, "F6: no pivot");
    WGA_ASSERT_OPTION(g, "F6: pivots 22.5 degrees left");
    WGA_ASSERT_OPTION(g, "F6: pivots 22.5 degrees right");
    WGA_ASSERT_OPTION(g, "F6: pivots 45 degrees left");
    WGA_ASSERT_OPTION(g, "F6: pivots 45 degrees right");
    size_t e0 = wgp_event_count(g);
    wgp_choose(g, "F6: pivots 45 degrees left");
    wga_expect(g, e0, "F6 pivots in battery", "LA-ARTMOVE-02"); /* LA-ARTMOVE-02 */
    int64_t fx = attr(g, "F6", "facing_x"), fy = attr(g, "F6", "facing_y");
    int64_t ax = fx < 0 ? -fx : fx, ay = fy < 0 ? -fy : fy;
    ck_assert_int_gt(ax, 0);
    ck_assert_msg(ax * 1036 >= ay * 1000 && ay * 1036 >= ax * 1000, "45 degrees, within a degree: facing (%lld, %lld)", (long long)fx,
                  (long long)fy); /* LA-ARTMOVE-02 */
    WGA_ASSERT_DECISION(g, "phase 2: the pivot of F12");
    wgp_choose(g, "F12: pivots 22.5 degrees right");
    fx = attr(g, "F12", "facing_x");
    fy = attr(g, "F12", "facing_y");
    ax = fx < 0 ? -fx : fx;
    ay = fy < 0 ? -fy : fy;
    /* 22.5 degrees off (0, 1), within a degree: tan 66.5 = 2.300 .. tan 68.5 = 2.539 */
    ck_assert_msg(ay * 1000 >= ax * 2300 && ay * 1000 <= ax * 2539, "22.5 degrees: facing (%lld, %lld)", (long long)fx,
                  (long long)fy); /* LA-ARTMOVE-02 */
    ck_assert_int_lt(fx * attr(g, "F6", "facing_x"), 0); /* the other way */
    WGA_ASSERT_DECISION(g, "phase 2: the pivot of H6");
    wgp_choose(g, "H6: no pivot");
    /* the pivoted batteries have moved for the period: only H6 decides in phase 3, by bricole */
    WGA_ASSERT_DECISION(g, "phase 3, half-period 1: French commits the move of H6"); /* LA-ARTMOVE-02 */
    WGA_ASSERT_OPTION(g, "H6: advance by bricole");
    int64_t y6 = attr(g, "F6", "y"), y12 = attr(g, "F12", "y");
    e0 = wgp_event_count(g);
    wgp_choose(g, "H6: advance by bricole");
    wga_drive(g, NULL, "period 2, phase 1");
    wga_no_event(g, e0, "commits the move of F6");
    ck_assert_int_eq(attr(g, "F6", "y"), y6); /* LA-ARTMOVE-02: no move in phase 3 */
    ck_assert_int_eq(attr(g, "F12", "y"), y12);
    /* bricole without limbering: still in battery, and it may fire in the next fire phase
       (LA-ARTMOVE-03) */
    ck_assert_str_eq(attr_text(g, "H6", "formation"), "in-battery"); /* LA-ARTMOVE-03 */
    WGA_ASSERT_DECISION(g, "period 2, phase 1: French places the marker of F6");
    wgp_choose(g, "F6: none marker");
    wgp_choose(g, "F12: none marker");
    WGA_ASSERT_OPTION(g, "H6: fire marker"); /* LA-ARTMOVE-03 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The distance of each battery's bricole (Movement marker) or prolonge (Withdrawal marker) at a
   scale: the y after it minus 600. */
static void artillery_moves(wg_ctx *ctx, int scale, const char *marker, const char *move, int64_t dy[3])
{
    wg_game *g = battle(ctx, scale, BATTERIES);
    static const char *const names[] = {"F6", "F12", "H6"};
    char prefs[4][48];
    const char *p[5];
    for (int k = 0; k < 3; k++) {
        snprintf(prefs[k], sizeof prefs[k], "%s: %s marker", names[k], marker);
        p[k] = prefs[k];
    }
    snprintf(prefs[3], sizeof prefs[3], ": %s", move);
    p[3] = prefs[3];
    p[4] = NULL;
    size_t e0 = wgp_event_count(g);
    wga_drive(g, p, "period 2, phase 1");
    for (int k = 0; k < 3; k++) {
        char want[64];
        snprintf(want, sizeof want, "%s: %s from", names[k], move);
        wga_expect(g, e0, want, strcmp(move, "advance by bricole") == 0 ? "LA-ARTMOVE-04" : "LA-ARTMOVE-05");
        dy[k] = attr(g, names[k], "y") - 600;
        ck_assert_str_eq(attr_text(g, names[k], "formation"), "in-battery"); /* LA-ARTMOVE-03 */
    }
    wg_game_free(g);
}

START_TEST(test_bricole_and_prolonge)
{
    wg_ctx *ctx = wga_ctx();
    int64_t dy[3];
    /* T9: bricole 30 paces for all, 20 at 15 mm */
    artillery_moves(ctx, 25, "movement", "advance by bricole", dy);
    ck_assert_int_eq(dy[0], 30); /* LA-ARTMOVE-04 */
    ck_assert_int_eq(dy[1], 30); /* LA-ARTMOVE-04 */
    ck_assert_int_eq(dy[2], 30); /* LA-ARTMOVE-04 */
    artillery_moves(ctx, 15, "movement", "advance by bricole", dy);
    ck_assert_int_eq(dy[0], 20); /* LA-ARTMOVE-04 */
    ck_assert_int_eq(dy[1], 20); /* LA-ARTMOVE-04 */
    ck_assert_int_eq(dy[2], 20); /* LA-ARTMOVE-04 */
    /* T10: prolonge 50 (foot), 40 (foot of 12), 70 (horse); 35, 25, 45 at 15 mm */
    artillery_moves(ctx, 25, "withdrawal", "withdraw by prolonge", dy);
    ck_assert_int_eq(dy[0], -50); /* LA-ARTMOVE-05 */
    ck_assert_int_eq(dy[1], -40); /* LA-ARTMOVE-05 */
    ck_assert_int_eq(dy[2], -70); /* LA-ARTMOVE-05 */
    artillery_moves(ctx, 15, "withdrawal", "withdraw by prolonge", dy);
    ck_assert_int_eq(dy[0], -35); /* LA-ARTMOVE-05 */
    ck_assert_int_eq(dy[1], -25); /* LA-ARTMOVE-05 */
    ck_assert_int_eq(dy[2], -45); /* LA-ARTMOVE-05 */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- artillery fire */

/* The odds of the fire of a battery of `type` at (1000, 300) at the Austrian unit `target`. */
static void battery_odds(wg_ctx *ctx, const char *type, const char *target)
{
    char body[2048];
    snprintf(body, sizeof body,
             "unit French F6 type=%s companies=3x2 formation=in-battery front=6 at=1000,300 facing=0,1 order=deny "
             "zone=1000,900 radius=200\n%s",
             type, target);
    wg_game *g = battle(ctx, 25, body);
    wga_odds_ok(g, "fire from=1 at=2");
    wg_game_free(g);
}

#define TARGET_AT(y)                                                                                                   \
    "unit Austrians T type=regular companies=4x3 formation=division front=4 at=1000," #y " facing=0,-1 order=hold\n"

START_TEST(test_round_shot_bands)
{
    wg_ctx *ctx = wga_ctx();
    /* a 6-pounder: canister 150, rebound 150: canister to 150 paces, mid range to 300, long beyond
       (the flat trajectory and first rebound, G-16) */
    battery_odds(ctx, "foot6", TARGET_AT(440)); /* 140 paces */
    wga_odds_has("\"name\":\"T13-fire-light-arms\",\"value\":2,\"text\":\"target-below-canister-range\"");
    wga_odds_lacks("T14-fire-round-shot");
    battery_odds(ctx, "foot6", TARGET_AT(600)); /* 300 paces: the end of the first rebound */
    wga_odds_has("\"name\":\"T14-fire-round-shot\",\"value\":-3,\"text\":\"target-beyond-mid-range\""); /* LA-ARTFIRE-15 */
    wga_odds_lacks("target-beyond-long-range");
    battery_odds(ctx, "foot6", TARGET_AT(601)); /* 301 paces */
    wga_odds_has("\"name\":\"T14-fire-round-shot\",\"value\":-6,\"text\":\"target-beyond-long-range\""); /* LA-ARTFIRE-15 */
    wga_odds_lacks("target-beyond-mid-range");
    /* ranks: the column's 3 ranks give their bonus; limbered artillery (6 sections, 3 ranks) none */
    battery_odds(ctx, "foot6", TARGET_AT(500));
    wga_odds_has("\"name\":\"T14-fire-round-shot\",\"value\":3,\"text\":\"per-rank\"");
    /* the example: a 12-pounder (6 ranks of bonus) at limbered artillery of 6 sections: no rank bonus */
    battery_odds(ctx, "foot12", TARGET_AT(600));
    wga_odds_has("\"name\":\"T14-fire-round-shot\",\"value\":3,\"text\":\"per-rank\"");
    battery_odds(ctx, "foot12",
                 "unit Austrians T type=foot6 companies=6x2 formation=limbered front=2 at=1000,600 facing=0,-1 "
                 "order=deny zone=1000,300 radius=100\n");
    wga_odds_has("target-beyond-mid-range"); /* a round shot */
    wga_odds_lacks("per-rank");       /* LA-ARTFIRE-13 */
    wga_odds_lacks("target-in-line"); /* nor read as a line */
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- officers' losses */

/* Brave (14 figures, combat 8) advances into Line (14 figures) whose general G (charisma `ch`) joins
   it, or stays 100 paces off when `join` is 0; the game at the melee's dice. */
static wg_game *melee_with_general(wg_ctx *ctx, int ch, int join)
{
    char body[2048];
    snprintf(body, sizeof body,
             "officer Austrians G charisma=%d command=3 at=1000,%d facing=0,-1\n"
             "unit French Brave type=brave companies=2x7 formation=line front=14 at=1000,560 facing=0,1 order=hold\n"
             "unit Austrians Line type=regular companies=2x7 formation=line front=14 at=1000,600 facing=0,-1 "
             "order=hold\n",
             ch, join ? 700 : 725);
    wg_game *g = battle(ctx, 25, body);
    static const char *const p[] = {"G joins Line", NULL};
    contact(g, "Brave", 1000, 600, join ? p : NULL);
    WGA_ASSERT_DECISION(g, "phase 5: the die of Brave in its melee with Line");
    return g;
}

START_TEST(test_officer_fate_example)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = melee_with_general(ctx, 2, 1);
    ck_assert_int_eq(attr(g, "G", "attached"), attr(g, "Line", "id"));
    size_t e0 = wgp_event_count(g);
    wga_die(g, 3); /* Brave: 8 + 1 fresh + 1 (T29, die 3) = row 10 on 14 figures */
    wga_die(g, 1);
    wga_event(g, e0, "Brave fights Line: die 3, row 10, 14 figures: 42 losses");
    /* the example of T33: 14 figures, 42 losses: safe on 1-3, wounded on 4-5, killed on 6 */
    WGA_ASSERT_DECISION(g, "the die of G's fate (LA-OFFLOSS)"); /* LA-OFFLOSS-02 */
    static const char *const fate[7] = {"", "unharmed", "unharmed", "unharmed", "wounded: he leaves the battle",
                                        "wounded: he leaves the battle", "killed"};
    for (int d = 1; d <= 6; d++) {
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        size_t e1 = wgp_event_count(c);
        wga_die(c, d);
        char want[128];
        snprintf(want, sizeof want, "G, with 42 losses over 14 figures, die %d: %s", d, fate[d]);
        wga_expect(c, e1, want, "LA-OFFLOSS-02"); /* LA-OFFLOSS-05, LA-OFFLOSS-06 */
        /* a wounded or killed officer leaves the battle; an unharmed one stays */
        ck_assert_int_eq(piece(c, "G") >= 0, d <= 3); /* LA-OFFLOSS-05 */
        /* killed in the melee: his unit tests for it (LA-OFFLOSS-03) */
        WGA_ASSERT_DECISION(c, "the die of Line's morale test for a melee lost");
        wga_die(c, 6);
        ck_assert_msg(wga_has_decision(c, "the die of Line's morale test for its general killed") == (d == 6), "%s",
                      wgp_options_dump(c)); /* LA-OFFLOSS-03 */
        wg_game_free(c);
    }
    /* 42 x 4 = 168 = 12 x 14: wounded from there (G-06), and 42 x 6 = 252 = 18 x 14: killed (LA-OFFLOSS-06) */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* T29's charisma row counts for the side whose general is in contact, row 0 otherwise. */
START_TEST(test_melee_dice_charisma_in_contact)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = melee_with_general(ctx, 2, 1);
    size_t e0 = wgp_event_count(g);
    wga_die(g, 3);
    wga_die(g, 1); /* Line: 3 + 1 fresh + T29 charisma 2, die 1: 1 = row 5 */
    wga_event(g, e0, "Line fights Brave: die 1, row 5, 14 figures"); /* LA-DICEMOD-02 */
    wg_game_free(g);
    g = melee_with_general(ctx, 2, 0);
    e0 = wgp_event_count(g);
    wga_die(g, 3);
    wga_die(g, 1); /* G 100 paces off: row 0, die 1: 0 = row 4 */
    wga_event(g, e0, "Line fights Brave: die 1, row 4, 14 figures"); /* LA-DICEMOD-02 */
    wga_no_event(g, e0, "fate");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* Sharp (8 figures, fire 8) fires at Stout (a veteran line of 4 figures, morale 10) whose general G
   (charisma `ch`) has joined it; the game at the die of G's fate. */
static wg_game *fire_on_general(wg_ctx *ctx, int ch)
{
    char body[2048];
    snprintf(body, sizeof body,
             "officer French G charisma=%d command=3 at=1000,500 facing=0,1\n"
             "unit French Stout type=stout companies=1x4 formation=line front=4 at=1000,600 facing=0,1 order=hold\n"
             "unit Austrians Sharp type=sharp companies=2x4 formation=line front=8 at=1000,680 facing=0,-1 "
             "order=hold\n",
             ch);
    wg_game *g = battle(ctx, 25, body);
    static const char *const p[] = {"G joins Stout", "Sharp: fire marker", "Sharp fires at Stout", NULL};
    wga_drive(g, p, NULL);
    WGA_ASSERT_DECISION(g, "the die of Sharp's fire at Stout");
    size_t e0 = wgp_event_count(g);
    wga_die(g, 6); /* 8 + 2 (T30, die 6) = row 10 on 8 figures: 24 losses */
    wga_event(g, e0, "Sharp's fire (die 6, row 10): 24 losses to Stout");
    /* the test for heavy fire (24 losses, 4 a figure, for a veteran): obeys */
    for (int guard = 0; guard < 10 && !wga_has_decision(g, "fate"); guard++) {
        if (wgp_find(g, "charisma +0") >= 0)
            wgp_choose(g, "charisma +0");
        else if (wgp_decider(g) == WG_PLAYER_CHANCE)
            wga_die(g, 6);
        else
            wga_drive(g, NULL, "fate");
    }
    WGA_ASSERT_DECISION(g, "the die of G's fate (LA-OFFLOSS)"); /* LA-OFFLOSS-01 */
    return g;
}

START_TEST(test_general_killed_by_fire)
{
    wg_ctx *ctx = wga_ctx();
    wg_game *g = fire_on_general(ctx, 4);
    /* T33, 4 figures: die 1 wounds from 48 losses, die 2 from 24 to 35 (printed cells): 24 losses */
    static const char *const fate[4] = {"", "unharmed", "wounded: he leaves the battle", "killed"};
    for (int d = 1; d <= 3; d++) {
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        size_t e1 = wgp_event_count(c);
        wga_die(c, d);
        char want[128];
        snprintf(want, sizeof want, "G, with 24 losses over 4 figures, die %d: %s", d, fate[d]);
        wga_expect(c, e1, want, "LA-OFFLOSS-01"); /* LA-OFFLOSS-04, LA-OFFLOSS-06 */
        wg_game_free(c);
    }
    /* killed (24 x 3 = 72 = 18 x 4): his unit tests with his charisma against it (LA-MORALE-18) */
    size_t e0 = wgp_event_count(g);
    wga_die(g, 3);
    WGA_ASSERT_DECISION(g, "the die of Stout's morale test for its general killed"); /* LA-MORALE-18, LA-OFFLOSS-03 */
    ck_assert_int_lt(wgp_find(g, "charisma"), 0);
    wga_die(g, 6);
    long t4 = wga_event(g, e0, "Stout tests for its general killed: die 6, total ");
    int total4 = atoi(strstr(wgp_event(g, (size_t)t4, WG_VIEW_REFEREE), "total ") + 6);
    wg_game_free(g);
    /* the same with a general of charisma 0: 4 more */
    g = fire_on_general(ctx, 0);
    e0 = wgp_event_count(g);
    wga_die(g, 3);
    WGA_ASSERT_DECISION(g, "the die of Stout's morale test for its general killed");
    wga_die(g, 6);
    long t0 = wga_event(g, e0, "Stout tests for its general killed: die 6, total ");
    int total0 = atoi(strstr(wgp_event(g, (size_t)t0, WG_VIEW_REFEREE), "total ") + 6);
    ck_assert_int_eq(total4, total0 - 4); /* LA-MORALE-18: charisma 4, -4; LA-OFFLOSS-03 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- equivalence of the bases */

/* The figures fighting for `from` against `at` (odds) at the melee's dice, Inf (French) advancing
   into contact with Cav (Austrian). */
static int64_t melee_figures(wg_ctx *ctx, const char *inf, const char *cav, const char *action)
{
    char body[2048];
    snprintf(body, sizeof body, "%s%s", inf, cav);
    wg_game *g = battle(ctx, 25, body);
    contact(g, "Inf", 1000, 600, NULL);
    wga_odds_ok(g, action);
    const char *f = strstr(wga_odds_buf, "\"name\":\"figures\",\"value\":");
    ck_assert_ptr_nonnull(f);
    wg_game_free(g);
    return atoll(f + strlen("\"name\":\"figures\",\"value\":"));
}

#define CAV8 "unit Austrians Cav type=dragoons companies=2x4 formation=line front=8 at=1000,600 facing=0,-1 order=hold\n"

START_TEST(test_equivalence)
{
    wg_ctx *ctx = wga_ctx();
    /* 8 cavalry figures (180 mm) against a line of 12 infantry (180 mm): the 8 equal 12 infantry,
       ceil(8 x 22.5 / 15) (a row T2 does not print, G-08): 12 against 8, no overlap */
    const char *inf12 = "unit French Inf type=regular companies=4x3 formation=line front=12 at=1000,560 facing=0,1 "
                        "order=hold\n";
    ck_assert_int_eq(melee_figures(ctx, inf12, CAV8, "melee from=1 at=2"), 12); /* LA-SCALE-15, LA-MELEE-18 */
    ck_assert_int_eq(melee_figures(ctx, inf12, CAV8, "melee from=2 at=1"), 8);  /* LA-SCALE-12 */
    /* a line of 13: the 12 of the equivalence and the one overlap figure its strength allows */
    const char *inf13 = "unit French Inf type=regular companies=1x13 formation=line front=13 at=1000,560 facing=0,1 "
                        "order=hold\n";
    ck_assert_int_eq(melee_figures(ctx, inf13, CAV8, "melee from=1 at=2"), 13); /* LA-SCALE-12 */
    ck_assert_int_eq(melee_figures(ctx, inf13, CAV8, "melee from=2 at=1"), 8);  /* LA-SCALE-12 */
    /* a column of front 4 (60 mm): the smaller front fights with its own 4 */
    const char *col = "unit French Inf type=regular companies=4x3 formation=division front=4 at=1000,560 facing=0,1 "
                      "order=hold\n";
    ck_assert_int_eq(melee_figures(ctx, col, CAV8, "melee from=1 at=2"), 4); /* LA-SCALE-12 */
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("aigles_command");
    TCase *tc = tcase_create("command");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_officer_records);
    tcase_add_test(tc, test_order_menu_by_arm);
    tcase_add_test(tc, test_order_zone);
    tcase_add_test(tc, test_adc_in_contact);
    tcase_add_test(tc, test_reaction_by_status);
    tcase_add_test(tc, test_command_points_and_next_period);
    tcase_add_test(tc, test_order_not_before_next_period);
    tcase_add_test(tc, test_no_order_in_melee);
    tcase_add_test(tc, test_officer_moves);
    tcase_add_test(tc, test_officer_joins);
    tcase_add_test(tc, test_officer_captured);
    tcase_add_test(tc, test_battery_pivot);
    tcase_add_test(tc, test_bricole_and_prolonge);
    tcase_add_test(tc, test_round_shot_bands);
    tcase_add_test(tc, test_officer_fate_example);
    tcase_add_test(tc, test_melee_dice_charisma_in_contact);
    tcase_add_test(tc, test_general_killed_by_fire);
    tcase_add_test(tc, test_equivalence);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* Les Maréchaux: the exact odds of the 1d6 tests through the public API (wg_marechaux_command_odds,
 * wg_marechaux_disengage_odds, wg_marechaux_demoralization_odds), checked against counts of die
 * faces worked out by hand from the printed modifiers, and their error paths. */
#include <stdlib.h>
#include <string.h>

#include "marechaux/marechaux.h"
#include "mrtest.h"
#include "testutil.h"

#define U(name) mrt_unit(g, (name))
#define Z(name) mrt_zone(g, (name))
#define C(a, b) mrt_conn(g, (a), (b), 0)
#define evslot(name) mrt_evslot(g, (name))

static wg_ctx *ctx;
static wg_game *g;

#define ACT(t, x)                                                                                                  \
    do {                                                                                                           \
        if ((t) != MR_A_EVENT && (t) != MR_A_NOEVENT)                                                          \
            mrt_pass_empty_windows(g);                                                                             \
        int rc_ = wg_game_choose_action(g, MR_ACT((t), (x)));                                                      \
        ck_assert_msg(rc_ == WG_OK, "line %d: action %d/%d (stage %d): %s", __LINE__, (t), (x), MR_ST(g)->stage,  \
                      wg_game_errmsg(g));                                                                          \
        if ((t) != MR_A_EVENT)                                                                                 \
            mrt_pass_empty_windows(g);                                                                             \
    } while (0)

/* A 1808 game at its first operation (AA phasing) with every counter but the fleet off the map. */
static void fixture(void)
{
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg_game_new(&g, ctx, "marechaux", "1808", NULL, 3), WG_OK);
    ACT(MR_A_ROLL, 6 * 8 + 1);
    ACT(MR_A_DRAW, evslot("Genie"));
    ACT(MR_A_KEEP, 0);
    ACT(MR_A_DRAW, evslot("Genie"));
    ACT(MR_A_KEEP, 0);
    ck_assert_int_eq(MR_ST(g)->stage, MR_S_OPS);
    ck_assert_int_eq(MR_ST(g)->phasing, MR_AA);
    const mr_rdata *rd = MR_RD(g);
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].kind != MR_K_FLEET)
            MR_ST(g)->u[u].zone = MR_Z_POOL;
    wg__game_rebase(g);
}

static int has_rule_in(const wg_game *game, const char *rule)
{
    size_t n = 0;
    wg_game_event_count(&n, game);
    for (size_t i = 0; i < n; i++) {
        const char *r;
        wg_game_event_rule(&r, game, i);
        if (strcmp(r, rule) == 0)
            return 1;
    }
    return 0;
}

static void put(const char *unit, const char *zone)
{
    MR_ST(g)->u[U(unit)].zone = (int8_t)Z(zone);
}

static void done(void)
{
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    g = NULL;
}

static int64_t v[32];

static void cmd(int viewer, int side, int zone)
{
    size_t len = 0;
    memset(v, 0x55, sizeof v);
    int rc = wg_marechaux_command_odds(v, WG_MR_CMD_COUNT, &len, g, viewer, side, zone);
    ck_assert_msg(rc == WG_OK, "command odds: %s", wg_game_errmsg(g));
    ck_assert_uint_eq(len, WG_MR_CMD_COUNT);
    ck_assert_int_eq(v[WG_MR_CMD_TOTAL], 6);
    ck_assert_int_eq(v[WG_MR_CMD_NOTHING] + v[WG_MR_CMD_HALF] + v[WG_MR_CMD_ALL], 6);
}

static void dis(int viewer, int side, int zone)
{
    size_t len = 0;
    memset(v, 0x55, sizeof v);
    int rc = wg_marechaux_disengage_odds(v, WG_MR_DIS_COUNT, &len, g, viewer, side, zone);
    ck_assert_msg(rc == WG_OK, "disengagement odds: %s", wg_game_errmsg(g));
    ck_assert_uint_eq(len, WG_MR_DIS_COUNT);
    ck_assert_int_eq(v[WG_MR_DIS_TOTAL], 6);
}

static void dem(void)
{
    size_t len = 0;
    memset(v, 0x55, sizeof v);
    int rc = wg_marechaux_demoralization_odds(v, WG_MR_DEM_COUNT, &len, g);
    ck_assert_msg(rc == WG_OK, "demoralization odds: %s", wg_game_errmsg(g));
    ck_assert_uint_eq(len, WG_MR_DEM_COUNT);
    ck_assert_int_eq(v[WG_MR_DEM_TOTAL], 6);
}

static int tells(const char *msg, const char *word)
{
    return word[0] != '\0' && strstr(msg, word) != NULL;
}

/* The call fails with `st`, its message holds `part` and none of the words in `never`, and the game
   is unchanged. */
#define FAILS(call, st, part, never)                                                                               \
    do {                                                                                                           \
        uint64_t h0_, h1_;                                                                                         \
        wg_game_hash(&h0_, g);                                                                                     \
        ck_assert_int_eq((call), (st));                                                                            \
        ck_assert_msg(strstr(wg_game_errmsg(g), (part)) != NULL, "line %d: '%s' lacks '%s'", __LINE__,           \
                      wg_game_errmsg(g), (part));                                                                  \
        ck_assert_msg(!tells(wg_game_errmsg(g), (never)), "line %d: '%s' tells '%s'", __LINE__, wg_game_errmsg(g), \
                      (never));                                                                                    \
        wg_game_hash(&h1_, g);                                                                                     \
        ck_assert_uint_eq(h0_, h1_);                                                                               \
    } while (0)

/* LM-CMD-04 LM-CMD-05 LM-CMD-06 LM-CMD-07 LM-CMD-08 LM-CMD-09, LM-CMD-02 LM-CMD-03, LM-CDR-05: command test odds. */
START_TEST(test_command_odds)
{
    fixture();
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Obidos");
    put("Wellesley", "Caldas");
    /* 1d6 + 0 (no commander) + 0 (infantry) + 1 (clear path from Caldas): 1 -> 2 nothing; 2, 3 -> half;
       4, 5, 6 -> all */
    cmd(MR_AA, MR_AA, Z("Obidos"));
    ck_assert_int_eq(v[WG_MR_CMD_EXEMPT], 0);
    ck_assert_int_eq(v[WG_MR_CMD_NOTHING], 1);
    ck_assert_int_eq(v[WG_MR_CMD_HALF], 2);
    ck_assert_int_eq(v[WG_MR_CMD_ALL], 3);
    ck_assert_int_eq(v[WG_MR_CMD_SV], 0);
    ck_assert_int_eq(v[WG_MR_CMD_ONLY_CAV], 0);
    ck_assert_int_eq(v[WG_MR_CMD_PATH], 1);
    int64_t aa[WG_MR_CMD_COUNT];
    memcpy(aa, v, sizeof aa);
    cmd(WG_VIEW_REFEREE, MR_AA, Z("Obidos")); /* the referee gets the same */
    ck_assert_mem_eq(aa, v, sizeof aa);

    /* the French: Loison (SV 1) with two dragoons only; Junot (CiC) at Lisbonne with a clear path:
       1d6 + 1 + 1 + 1: 1 -> 4 half, 2..6 -> all */
    put("Loison (chef)", "Zone B");
    put("4th dragon", "Zone B");
    put("5th dragon", "Zone B");
    put("Junot", "Lisbonne");
    cmd(MR_FR, MR_FR, Z("Zone B"));
    ck_assert_int_eq(v[WG_MR_CMD_SV], 1);
    ck_assert_int_eq(v[WG_MR_CMD_ONLY_CAV], 1);
    ck_assert_int_eq(v[WG_MR_CMD_PATH], 1);
    ck_assert_int_eq(v[WG_MR_CMD_NOTHING], 0);
    ck_assert_int_eq(v[WG_MR_CMD_HALF], 1);
    ck_assert_int_eq(v[WG_MR_CMD_ALL], 5);
    /* Anglo-Allied stacks in Sintra and Loures cut Lisbonne off: 1d6 + 2: 1, 2 -> half; 3..6 -> all */
    put("3rd/4th", "Sintra");
    put("5th/6th", "Loures");
    cmd(MR_FR, MR_FR, Z("Zone B"));
    ck_assert_int_eq(v[WG_MR_CMD_PATH], 0);
    ck_assert_int_eq(v[WG_MR_CMD_HALF], 2);
    ck_assert_int_eq(v[WG_MR_CMD_ALL], 4);
    /* Delaborde joins: no longer only cavalry: 1d6 + 1: 1 -> nothing, 2, 3 -> half, 4..6 -> all */
    put("Delaborde", "Zone B");
    cmd(WG_VIEW_REFEREE, MR_FR, Z("Zone B"));
    ck_assert_int_eq(v[WG_MR_CMD_ONLY_CAV], 0);
    ck_assert_int_eq(v[WG_MR_CMD_NOTHING], 1);
    ck_assert_int_eq(v[WG_MR_CMD_HALF], 2);
    ck_assert_int_eq(v[WG_MR_CMD_ALL], 3);
    /* LM-CMD-03: with the CiC in the zone, no test: all MP on every face (and his SV counts, LM-CDR-05) */
    put("Junot", "Zone B");
    cmd(MR_FR, MR_FR, Z("Zone B"));
    ck_assert_int_eq(v[WG_MR_CMD_EXEMPT], 1);
    ck_assert_int_eq(v[WG_MR_CMD_ALL], 6);
    ck_assert_int_eq(v[WG_MR_CMD_NOTHING] + v[WG_MR_CMD_HALF], 0);
    ck_assert_int_eq(v[WG_MR_CMD_SV], 2);
    wg__game_rebase(g);

    /* the pending test: the stack formed to move (a part of the zone's units), then the die */
    put("Trant", "Obidos");
    put("20th dragon", "Obidos");
    wg__game_rebase(g);
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_TOGGLE, U("1st/2nd"));
    ACT(MR_A_TOGGLE, U("Trant")); /* the dragoon alone: 1d6 + 1 (cavalry) + 1 (path): 1, 2 -> half */
    cmd(MR_AA, MR_AA, -1);
    ck_assert_int_eq(v[WG_MR_CMD_ONLY_CAV], 1);
    ck_assert_int_eq(v[WG_MR_CMD_NOTHING], 0);
    ck_assert_int_eq(v[WG_MR_CMD_HALF], 2);
    ck_assert_int_eq(v[WG_MR_CMD_ALL], 4);
    /* the whole zone would test without the cavalry bonus */
    cmd(MR_AA, MR_AA, Z("Obidos"));
    ck_assert_int_eq(v[WG_MR_CMD_ONLY_CAV], 0);
    ck_assert_int_eq(v[WG_MR_CMD_ALL], 3);
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_CMDROLL);
    cmd(WG_VIEW_REFEREE, MR_AA, -1);
    ck_assert_int_eq(v[WG_MR_CMD_HALF], 2);
    ck_assert_int_eq(v[WG_MR_CMD_ALL], 4);
    size_t len;
    FAILS(wg_marechaux_command_odds(v, 8, &len, g, WG_VIEW_REFEREE, MR_FR, -1), WG_ESTATE,
          "pending command test is the Anglo-Allied player's", "");
    /* LM-FOG-01: the French may not ask about the Anglo-Allied stack, and are told nothing of it */
    FAILS(wg_marechaux_command_odds(v, 8, &len, g, MR_FR, MR_AA, -1), WG_EINVAL, "LM-FOG-01", "dragon");
    FAILS(wg_marechaux_command_odds(v, 8, &len, g, MR_FR, MR_AA, Z("Obidos")), WG_EINVAL, "LM-FOG-01", "Obidos");
    FAILS(wg_marechaux_command_odds(v, 8, &len, g, MR_FR, MR_AA, Z("Caldas")), WG_EINVAL, "LM-FOG-01", "Caldas");
    FAILS(wg_marechaux_command_odds(v, 8, &len, g, MR_AA, MR_FR, Z("Zone B")), WG_EINVAL,
          "the Anglo-Allied player may not see", "Junot");
    ACT(MR_A_ROLL, 1); /* 1 + 2 = 3: half MP, as counted */
    ck_assert(s->u[U("20th dragon")].mp == 4);
    FAILS(wg_marechaux_command_odds(v, 8, &len, g, MR_AA, MR_AA, -1), WG_ESTATE, "no command test is pending",
          "");
    /* the dragoon is activated: the zone's other units still could be */
    cmd(MR_AA, MR_AA, Z("Obidos"));
    ck_assert_int_eq(v[WG_MR_CMD_ONLY_CAV], 0);
    FAILS(wg_marechaux_command_odds(v, 8, &len, g, MR_AA, MR_AA, Z("Mafra")), WG_ESTATE, "may still be activated",
          "");
    done();
}
END_TEST

/* LM-DISENG-02 LM-DISENG-03 LM-DISENG-04 LM-DISENG-05 LM-DISENG-07 LM-DISENG-08, GAP-30: disengagement odds follow
   the declarations; LM-COMBAT-08: the cavalry withdrawal of a combat. */
START_TEST(test_disengage_odds)
{
    fixture();
    mr_state *s = MR_ST(g);
    put("20th dragon", "Caldas");
    put("Portuguese cavalry", "Caldas");
    put("Delaborde", "Caldas");
    put("Chasseurs", "Caldas");
    wg__game_rebase(g);
    /* two cavalry steps only: declared with more than the enemy, 1d6 - 1 - 1 <= 3 on 1..5; declared with
       as many or fewer 1d6 + 1 - 1 <= 3 on 1..3; undeclared 1d6 + 1 <= 3 on 1, 2 */
    dis(MR_AA, MR_AA, Z("Caldas"));
    ck_assert_int_eq(v[WG_MR_DIS_KIND], 0);
    ck_assert_int_eq(v[WG_MR_DIS_OWN_CAV], 2);
    ck_assert_int_eq(v[WG_MR_DIS_ENEMY_CAV], -1); /* hidden until the French declare */
    ck_assert_int_eq(v[WG_MR_DIS_SUCCESS], -1);
    ck_assert_int_eq(v[WG_MR_DIS_CAV_MOD], 0);
    ck_assert_int_eq(v[WG_MR_DIS_ONLY_CAV], -1);
    ck_assert_int_eq(v[WG_MR_DIS_IF_MORE], 5);
    ck_assert_int_eq(v[WG_MR_DIS_IF_NOT_MORE], 3);
    ck_assert_int_eq(v[WG_MR_DIS_IF_SECRET], 2);
    ck_assert_int_eq(v[WG_MR_DIS_DECLARED], -1);
    ck_assert_int_eq(v[WG_MR_DIS_ENEMY_DECLARED], -1);
    dis(WG_VIEW_REFEREE, MR_AA, Z("Caldas")); /* the referee counts the Chasseurs: 2 > 1 */
    ck_assert_int_eq(v[WG_MR_DIS_ENEMY_CAV], 1);
    ck_assert_int_eq(v[WG_MR_DIS_CAV_MOD], -1);
    ck_assert_int_eq(v[WG_MR_DIS_SUCCESS], 5);
    /* the French side: Delaborde and the Chasseurs, 1 step against 2: 1d6 + 1 <= 3 */
    dis(WG_VIEW_REFEREE, MR_FR, Z("Caldas"));
    ck_assert_int_eq(v[WG_MR_DIS_OWN_CAV], 1);
    ck_assert_int_eq(v[WG_MR_DIS_ONLY_CAV], 0);
    ck_assert_int_eq(v[WG_MR_DIS_CAV_MOD], 1);
    ck_assert_int_eq(v[WG_MR_DIS_SUCCESS], 2);
    size_t len;
    FAILS(wg_marechaux_disengage_odds(v, 12, &len, g, MR_AA, MR_FR, Z("Caldas")), WG_EINVAL, "LM-FOG-01",
          "Chasseurs");
    FAILS(wg_marechaux_disengage_odds(v, 12, &len, g, MR_AA, MR_AA, -1), WG_ESTATE, "no disengagement", "");

    /* the pending disengagement: the French declare first, then the Anglo-Allied player */
    ACT(MR_A_DISENG, Z("Caldas"));
    dis(MR_AA, MR_AA, -1);
    ck_assert_int_eq(v[WG_MR_DIS_SUCCESS], -1);
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_DECLARE);
    ck_assert_int_eq(s->who, MR_FR);
    FAILS(wg_marechaux_disengage_odds(v, 12, &len, g, MR_FR, MR_FR, -1), WG_ESTATE,
          "pending disengagement is the Anglo-Allied player's", "");
    ACT(MR_A_DECLARE, 1);
    dis(MR_AA, MR_AA, -1); /* the French count is public now */
    ck_assert_int_eq(v[WG_MR_DIS_ENEMY_DECLARED], 1);
    ck_assert_int_eq(v[WG_MR_DIS_ENEMY_CAV], 1);
    ck_assert_int_eq(v[WG_MR_DIS_SUCCESS], 5);
    /* the command test of the move that follows is pending too (GAP-29) */
    cmd(MR_AA, MR_AA, -1);
    ck_assert_int_eq(v[WG_MR_CMD_ONLY_CAV], 1);
    ACT(MR_A_DECLARE, 0); /* the Anglo-Allied player keeps his count secret: +1 */
    ck_assert_int_eq(s->stage, MR_S_DISROLL);
    dis(MR_AA, MR_AA, -1);
    ck_assert_int_eq(v[WG_MR_DIS_DECLARED], 0);
    ck_assert_int_eq(v[WG_MR_DIS_CAV_MOD], 1);
    ck_assert_int_eq(v[WG_MR_DIS_ONLY_CAV], 0);
    ck_assert_int_eq(v[WG_MR_DIS_SUCCESS], 2);
    ACT(MR_A_ROLL, 3); /* 3 + 1 = 4: fails, as counted */
    ck_assert(has_rule_in(g, "LM-DISENG-06"));
    done();

    /* the French decline: their count is 0 and the Anglo-Allied 2 steps are more */
    fixture();
    s = MR_ST(g);
    put("20th dragon", "Caldas");
    put("Portuguese cavalry", "Caldas");
    put("Delaborde", "Caldas");
    put("Chasseurs", "Caldas");
    wg__game_rebase(g);
    ACT(MR_A_DISENG, Z("Caldas"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_DECLARE, 0);
    dis(MR_AA, MR_AA, -1);
    ck_assert_int_eq(v[WG_MR_DIS_ENEMY_DECLARED], 0);
    ck_assert_int_eq(v[WG_MR_DIS_ENEMY_CAV], 0);
    ck_assert_int_eq(v[WG_MR_DIS_SUCCESS], 5);
    ACT(MR_A_DECLARE, 1);
    dis(MR_AA, MR_AA, -1);
    ck_assert_int_eq(v[WG_MR_DIS_SUCCESS], 5);
    ACT(MR_A_ROLL, 5); /* 5 - 1 - 1 = 3: succeeds, as counted */
    ck_assert(has_rule_in(g, "LM-DISENG-05"));
    done();

    /* LM-COMBAT-07/08: the French cavalry's withdrawal: 1 step against none, only cavalry: 1d6 - 2 <= 3 */
    fixture();
    s = MR_ST(g);
    put("1st/2nd", "Caldas");
    put("3rd/4th", "Caldas");
    put("5th/6th", "Caldas");
    put("Chasseurs", "Caldas");
    s->axis[Z("Caldas")][MR_AA] = (int8_t)C("Caldas", "Obidos");
    s->axis[Z("Caldas")][MR_FR] = (int8_t)C("Caldas", "Zone B");
    wg__game_rebase(g);
    ACT(MR_A_COMBAT, Z("Caldas"));
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_WITHDRAW);
    dis(MR_AA, MR_FR, -1); /* the counters are turned over: the Anglo-Allied player may know it */
    ck_assert_int_eq(v[WG_MR_DIS_KIND], 1);
    ck_assert_int_eq(v[WG_MR_DIS_OWN_CAV], 1);
    ck_assert_int_eq(v[WG_MR_DIS_ENEMY_CAV], 0);
    ck_assert_int_eq(v[WG_MR_DIS_CAV_MOD], -1);
    ck_assert_int_eq(v[WG_MR_DIS_ONLY_CAV], -1);
    ck_assert_int_eq(v[WG_MR_DIS_SUCCESS], 5);
    FAILS(wg_marechaux_disengage_odds(v, 12, &len, g, MR_AA, MR_AA, -1), WG_ESTATE,
          "pending cavalry withdrawal is the French player's", "");
    ACT(MR_A_WITHDRAW, 0);
    dis(WG_VIEW_REFEREE, MR_FR, -1);
    ck_assert_int_eq(v[WG_MR_DIS_SUCCESS], 5);
    ACT(MR_A_ROLL, 6); /* 6 - 2 = 4: the one failing face */
    ck_assert_int_eq(s->u[U("Chasseurs")].zone, Z("Caldas"));
    done();
}
END_TEST

/* LM-DEMOR-01 LM-DEMOR-02, GAP-12: the loser's demoralization test. */
START_TEST(test_demoralization_odds)
{
    fixture();
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Vimeiro");
    put("3rd/4th", "Vimeiro");
    put("5th/6th", "Vimeiro");
    put("20th dragon", "Vimeiro");
    put("Delaborde", "Vimeiro");
    put("Chasseurs", "Vimeiro");
    s->axis[Z("Vimeiro")][MR_AA] = -2;
    s->axis[Z("Vimeiro")][MR_FR] = (int8_t)C("Vimeiro", "Maceira");
    wg__game_rebase(g);
    size_t len;
    FAILS(wg_marechaux_demoralization_odds(v, 14, &len, g), WG_ESTATE, "no demoralization test", "");
    ACT(MR_A_COMBAT, Z("Vimeiro"));
    ACT(MR_A_TOGGLE, U("5th/6th"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_HEAD, U("1st/2nd"));
    ACT(MR_A_HEAD, U("Delaborde"));
    ACT(MR_A_ROLL, 6);
    FAILS(wg_marechaux_demoralization_odds(v, 14, &len, g), WG_ESTATE, "no demoralization test", "");
    ACT(MR_A_ROLL, 1); /* the Anglo-Allied win by 4: the French lose 1 step and retreat 2 zones */
    ck_assert_int_eq(s->stage, MR_S_LOSS);
    /* Delaborde at full strength (morale 4): 1d6 + 2 > 4 on 3..6 */
    dem();
    ck_assert_int_eq(v[WG_MR_DEM_SIDE], MR_FR);
    ck_assert_int_eq(v[WG_MR_DEM_RETREAT], 2);
    ck_assert_int_eq(v[WG_MR_DEM_HEAD_MORALE], 4);
    ck_assert_int_eq(v[WG_MR_DEM_NEW_HEAD], 0);
    ck_assert_int_eq(v[WG_MR_DEM_DEMORALIZED], 4);
    ACT(MR_A_LOSS, U("Delaborde"));
    ck_assert_int_eq(s->stage, MR_S_DEMROLL);
    /* one box crossed out, morale 3: 1d6 + 2 > 3 on 2..6; by distance 0..7: 3, 4, 5, 6, 6, 6, 6, 6 */
    dem();
    ck_assert_int_eq(v[WG_MR_DEM_HEAD_MORALE], 3);
    ck_assert_int_eq(v[WG_MR_DEM_DEMORALIZED], 5);
    static const int by[8] = {3, 4, 5, 6, 6, 6, 6, 6};
    for (int k = 0; k < 8; k++)
        ck_assert_int_eq(v[WG_MR_DEM_BY_RETREAT + k], by[k]);
    ACT(MR_A_ROLL, 1); /* 1 + 2 = 3, not above 3: the one face that spares the stack */
    ck_assert(!(s->u[U("Delaborde")].flags & MR_UF_DEMOR));
    FAILS(wg_marechaux_demoralization_odds(v, 14, &len, g), WG_ESTATE, "no demoralization test", "");
    done();

    /* LM-DEMOR-02: the head unit is eliminated by the losses: the best eligible unit stands in */
    fixture();
    s = MR_ST(g);
    put("1st/2nd", "Caldas");
    put("3rd/4th", "Caldas");
    put("Trant", "Caldas");
    put("Delaborde", "Caldas");
    put("Charlot", "Caldas");
    s->axis[Z("Caldas")][MR_AA] = (int8_t)C("Caldas", "Obidos");
    s->axis[Z("Caldas")][MR_FR] = (int8_t)C("Caldas", "Zone B");
    s->u[U("Charlot")].steps = 1; /* morale 2 */
    wg__game_rebase(g);
    ACT(MR_A_COMBAT, Z("Caldas"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_HEAD, U("1st/2nd"));
    ACT(MR_A_HEAD, U("Charlot"));
    ACT(MR_A_ROLL, 6);
    ACT(MR_A_ROLL, 1);
    ck_assert_int_eq(s->cb.winner, MR_AA);
    ck_assert_int_eq(s->stage, MR_S_LOSS);
    ck_assert_int_eq(s->who, MR_FR);
    ck_assert_int_eq(s->cb.loss[MR_FR], 3);
    ck_assert_int_eq(s->cb.retreat, 3);
    ACT(MR_A_LOSS, U("Charlot")); /* the first loss on the head unit: its one step, eliminated */
    ck_assert_int_eq(s->u[U("Charlot")].zone, MR_Z_ELIM);
    ck_assert_int_eq(s->stage, MR_S_LOSS);
    /* Delaborde (4 steps, morale 4) stands in: 1d6 + 3 > 4 on 2..6 */
    dem();
    ck_assert_int_eq(v[WG_MR_DEM_NEW_HEAD], 1);
    ck_assert_int_eq(v[WG_MR_DEM_HEAD_MORALE], 4);
    ck_assert_int_eq(v[WG_MR_DEM_DEMORALIZED], 5);
    ACT(MR_A_LOSS, U("Delaborde"));
    ACT(MR_A_LOSS, U("Delaborde"));
    while (s->stage == MR_S_RETREAT)
        ck_assert_int_eq(wg_game_choose(g, 0), WG_OK);
    ck_assert_int_eq(s->stage, MR_S_DEMROLL);
    /* two boxes crossed out, morale 3: 1d6 + 3 > 3 on every face */
    dem();
    ck_assert_int_eq(v[WG_MR_DEM_HEAD_MORALE], 3);
    ck_assert_int_eq(v[WG_MR_DEM_DEMORALIZED], 6);
    ACT(MR_A_ROLL, 1);
    ck_assert(s->u[U("Delaborde")].flags & MR_UF_DEMOR);
    done();
}
END_TEST

/* Error paths shared by the three calls: NULL pointers, another ruleset, ranges, small buffers, a
   game that is over. */
START_TEST(test_odds_errors)
{
    size_t len = 0;
    int64_t out[16];
    ck_assert_int_eq(wg_marechaux_command_odds(out, 16, &len, NULL, 0, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_marechaux_disengage_odds(out, 16, &len, NULL, 0, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_marechaux_demoralization_odds(out, 16, &len, NULL), WG_EINVAL);

    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wg_game *lga = NULL;
    ck_assert_int_eq(wg_game_new(&lga, ctx, "lga", "1805", "crt=completion", 1), WG_OK);
    ck_assert_int_eq(wg_marechaux_command_odds(out, 16, &len, lga, 0, 0, 0), WG_ERULESET);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(lga), "wg_marechaux_command_odds: the game is not a Les Marechaux"));
    ck_assert_int_eq(wg_marechaux_disengage_odds(out, 16, &len, lga, 0, 0, 0), WG_ERULESET);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(lga), "wg_marechaux_disengage_odds"));
    ck_assert_int_eq(wg_marechaux_demoralization_odds(out, 16, &len, lga), WG_ERULESET);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(lga), "wg_marechaux_demoralization_odds"));
    wg_game_free(lga);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);

    fixture();
    put("1st/2nd", "Obidos");
    wg__game_rebase(g);
    int ob = Z("Obidos");
    FAILS(wg_marechaux_command_odds(out, 16, NULL, g, 0, 0, ob), WG_EINVAL, "len is NULL", "");
    FAILS(wg_marechaux_command_odds(NULL, 16, &len, g, 0, 0, ob), WG_EINVAL, "out is NULL with cap > 0", "");
    FAILS(wg_marechaux_disengage_odds(NULL, 3, &len, g, 0, 0, ob), WG_EINVAL, "out is NULL", "");
    FAILS(wg_marechaux_demoralization_odds(out, 16, NULL, g), WG_EINVAL, "len is NULL", "");
    FAILS(wg_marechaux_command_odds(out, 16, &len, g, 2, 0, ob), WG_ERANGE, "no viewer 2", "");
    FAILS(wg_marechaux_command_odds(out, 16, &len, g, WG_PLAYER_CHANCE, 0, ob), WG_ERANGE, "no viewer", "");
    FAILS(wg_marechaux_command_odds(out, 16, &len, g, 0, 2, ob), WG_ERANGE, "no side 2", "");
    FAILS(wg_marechaux_command_odds(out, 16, &len, g, 0, -1, ob), WG_ERANGE, "no side -1", "");
    FAILS(wg_marechaux_command_odds(out, 16, &len, g, 0, 0, MR_RD(g)->nzone), WG_ERANGE, "no zone", "");
    FAILS(wg_marechaux_command_odds(out, 16, &len, g, 0, 0, -2), WG_ERANGE, "no zone -2", "");
    FAILS(wg_marechaux_disengage_odds(out, 16, &len, g, 7, 0, ob), WG_ERANGE, "no viewer 7", "");
    FAILS(wg_marechaux_disengage_odds(out, 16, &len, g, 0, 3, ob), WG_ERANGE, "no side 3", "");
    FAILS(wg_marechaux_disengage_odds(out, 16, &len, g, 0, 0, 64), WG_ERANGE, "no zone 64", "");
    /* buffers: cap 0 tells the length; a short buffer is WG_EBUFSIZE with a message, nothing written */
    len = 0;
    ck_assert_int_eq(wg_marechaux_command_odds(NULL, 0, &len, g, 0, 0, ob), WG_EBUFSIZE);
    ck_assert_uint_eq(len, WG_MR_CMD_COUNT);
    len = 0;
    ck_assert_int_eq(wg_marechaux_disengage_odds(NULL, 0, &len, g, 0, 0, ob), WG_EBUFSIZE);
    ck_assert_uint_eq(len, WG_MR_DIS_COUNT);
    out[0] = 77;
    FAILS(wg_marechaux_command_odds(out, WG_MR_CMD_COUNT - 1, &len, g, 0, 0, ob), WG_EBUFSIZE, "8 entries needed",
          "");
    ck_assert_int_eq(out[0], 77);
    FAILS(wg_marechaux_disengage_odds(out, 1, &len, g, 0, 0, ob), WG_EBUFSIZE, "12 entries needed", "");
    ck_assert_int_eq(out[0], 77);
    /* the game over: nothing pending */
    MR_ST(g)->stage = MR_S_OVER;
    FAILS(wg_marechaux_command_odds(out, 16, &len, g, 0, 0, ob), WG_ESTATE, "the game is over", "");
    FAILS(wg_marechaux_demoralization_odds(out, 16, &len, g), WG_ESTATE, "the game is over", "");
    done();
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_odds");
    TCase *tc = tcase_create("odds");
    tcase_add_test(tc, test_command_odds);
    tcase_add_test(tc, test_disengage_odds);
    tcase_add_test(tc, test_demoralization_odds);
    tcase_add_test(tc, test_odds_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* Les Maréchaux through the uniform odds call (wg_game_odds, doc/marechaux.md "Odds"): the verbs
   combat, command, disengage, demoralization and commander, computed by the calls of mr_odds.c and
   written as outcomes with their weights and the modifiers that made them. */
#include "mr_uniform.h"

#include <string.h>

static const char *const cp_name[10] = {"events", "artillery", "strength_ratio", "head_morale", "commander_sv",
                                        "terrain", "no_axis", "back_to_river", "forced_passage", "demoralized"};
static const char *const cp_rule[10] = {"LM-MELEE-02", "LM-MELEE-03", "LM-MELEE-04", "LM-MELEE-05", "LM-MELEE-06",
                                        "LM-MELEE-07", "LM-MELEE-08", "LM-MELEE-09", "LM-MELEE-10", "LM-MELEE-11"};

/* The side a verb is about: the field side= (0 or 1), else the viewer's own. */
static int side_of(wg_game *g, int viewer, wg_odds_req *r, int *side)
{
    if (wg__odds_arg(r, "side")) {
        int64_t v = 0;
        int rc = wg__odds_int(g, r, "side", 0, 1, &v);
        *side = (int)v;
        return rc;
    }
    if (viewer == WG_VIEW_REFEREE)
        return wg__seterr(g->err, WG_EINVAL, "%s: field 'side' is missing (0 Anglo-Allied, 1 French)", r->verb);
    *side = viewer;
    return WG_OK;
}

/* The zone of zone= (its name), or -1 (the pending test) when absent. */
static int zone_of(wg_game *g, wg_odds_req *r, int *zone)
{
    *zone = -1;
    return wg__odds_arg(r, "zone") ? wg__odds_space(g, r, "zone", zone) : WG_OK;
}

static int combat(wg_game *g, wg_odds_out *o)
{
    int64_t v[WG_MR_ODDS_COUNT];
    size_t n = 0;
    int rc = wg_marechaux_combat_odds(v, WG_MR_ODDS_COUNT, &n, g);
    if (rc)
        return rc;
    int att = (int)v[WG_MR_ODDS_ATTACKER];
    if ((rc = wg__odds_outcome(o, (uint64_t)v[WG_MR_ODDS_ATT_WINS], "the attacker (%s) wins", mr_side_name(att))) ||
        (rc = wg__odds_outcome(o, (uint64_t)v[WG_MR_ODDS_DEF_WINS], "the defender (%s) wins", mr_side_name(1 - att))) ||
        (rc = wg__odds_outcome(o, (uint64_t)v[WG_MR_ODDS_DRAWS], "draw")))
        return rc;
    if (v[WG_MR_ODDS_GAPS] && (rc = wg__odds_outcome(o, (uint64_t)v[WG_MR_ODDS_GAPS], "(melee cell not printed)")))
        return rc;
    for (int who = 0; who < 2; who++)
        for (int k = 0; k < 10; k++) {
            int64_t x = v[(who ? WG_MR_ODDS_DEF_CP : WG_MR_ODDS_ATT_CP) + k];
            char name[32];
            wg_sb sb;
            wg__sb_init(&sb, name, sizeof name);
            wg__sb_printf(&sb, "%s_%s", who ? "defender" : "attacker", cp_name[k]);
            if (x && (rc = wg__odds_modifier(o, name, x, cp_rule[k], "%s CP %+lld (%s)", who ? "defender" : "attacker",
                                             (long long)x, cp_name[k])))
                return rc;
        }
    return WG_OK;
}

static int command(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o)
{
    int side = 0, zone = -1;
    int rc = side_of(g, viewer, r, &side);
    if (rc == WG_OK)
        rc = zone_of(g, r, &zone);
    if (rc)
        return rc;
    int64_t v[WG_MR_CMD_COUNT];
    size_t n = 0;
    rc = wg_marechaux_command_odds(v, WG_MR_CMD_COUNT, &n, g, viewer, side, zone);
    if (rc == WG_EINVAL) /* the stacks of another side: their commanders are hidden (LM-FOG-01) */
        rc = WG_ESTATE;
    if (rc)
        return rc;
    if ((rc = wg__odds_outcome(o, (uint64_t)v[WG_MR_CMD_NOTHING], "activated, does nothing (LM-CMD-09)")) ||
        (rc = wg__odds_outcome(o, (uint64_t)v[WG_MR_CMD_HALF], "half its MP (LM-CMD-08)")) ||
        (rc = wg__odds_outcome(o, (uint64_t)v[WG_MR_CMD_ALL], "all its MP (LM-CMD-07)")))
        return rc;
    if (v[WG_MR_CMD_EXEMPT])
        return wg__odds_modifier(o, "exempt", 1, "LM-CMD-02", "the Commander in Chief is in the zone: no test");
    if ((rc = wg__odds_modifier(o, "commander_sv", v[WG_MR_CMD_SV], "LM-CMD-04", "SV %+lld", (long long)v[WG_MR_CMD_SV])))
        return rc;
    if (v[WG_MR_CMD_ONLY_CAV] && (rc = wg__odds_modifier(o, "only_cavalry", 1, "LM-CMD-05", "+1 only cavalry")))
        return rc;
    if (v[WG_MR_CMD_PATH] && (rc = wg__odds_modifier(o, "clear_path", 1, "LM-CMD-06", "+1 clear path from the CiC")))
        return rc;
    return WG_OK;
}

static int disengage(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o)
{
    int side = 0, zone = -1;
    int rc = side_of(g, viewer, r, &side);
    if (rc == WG_OK)
        rc = zone_of(g, r, &zone);
    if (rc)
        return rc;
    int64_t v[WG_MR_DIS_COUNT];
    size_t n = 0;
    rc = wg_marechaux_disengage_odds(v, WG_MR_DIS_COUNT, &n, g, viewer, side, zone);
    if (rc == WG_EINVAL)
        rc = WG_ESTATE;
    if (rc)
        return rc;
    if (v[WG_MR_DIS_SUCCESS] < 0)
        return wg__seterr(g->err, WG_ESTATE,
                          "disengage: the enemy's cavalry count is hidden from this viewer until he declares "
                          "(LM-DISENG-08, GAP-30)");
    if ((rc = wg__odds_outcome(o, (uint64_t)v[WG_MR_DIS_SUCCESS], "disengages (LM-DISENG-02)")) ||
        (rc = wg__odds_outcome(o, (uint64_t)(6 - v[WG_MR_DIS_SUCCESS]), "fails")))
        return rc;
    if ((rc = wg__odds_modifier(o, "own_cavalry", v[WG_MR_DIS_OWN_CAV], "LM-DISENG-03", "%lld cavalry steps",
                                (long long)v[WG_MR_DIS_OWN_CAV])))
        return rc;
    if ((rc = wg__odds_modifier(o, "cavalry", v[WG_MR_DIS_CAV_MOD], "LM-DISENG-03", "%+lld cavalry comparison",
                                (long long)v[WG_MR_DIS_CAV_MOD])))
        return rc;
    if (v[WG_MR_DIS_ONLY_CAV] &&
        (rc = wg__odds_modifier(o, "only_cavalry", v[WG_MR_DIS_ONLY_CAV], "LM-DISENG-04", "-1 only cavalry")))
        return rc;
    return WG_OK;
}

static int demoralization(wg_game *g, wg_odds_out *o)
{
    int64_t v[WG_MR_DEM_COUNT];
    size_t n = 0;
    int rc = wg_marechaux_demoralization_odds(v, WG_MR_DEM_COUNT, &n, g);
    if (rc)
        return rc;
    int64_t d = v[WG_MR_DEM_DEMORALIZED];
    if ((rc = wg__odds_outcome(o, (uint64_t)d, "the %s stack is demoralized (LM-DEMOR-01)",
                               mr_side_name((int)v[WG_MR_DEM_SIDE]))) ||
        (rc = wg__odds_outcome(o, (uint64_t)(6 - d), "it holds")))
        return rc;
    if ((rc = wg__odds_modifier(o, "retreat", v[WG_MR_DEM_RETREAT], "LM-DEMOR-01", "+%lld the retreat distance",
                                (long long)v[WG_MR_DEM_RETREAT])))
        return rc;
    return wg__odds_modifier(o, "head_morale", v[WG_MR_DEM_HEAD_MORALE], v[WG_MR_DEM_NEW_HEAD] ? "LM-DEMOR-02" : "LM-DEMOR-01",
                             "morale %lld to beat", (long long)v[WG_MR_DEM_HEAD_MORALE]);
}

int mr_uniform_odds(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o)
{
    if (MR_ST(g)->stage == MR_S_OVER)
        return wg__seterr(g->err, WG_ESTATE, "%s: the game is over (LM-SEQ-09)", r->verb);
    if (strcmp(r->verb, "combat") == 0)
        return combat(g, o);
    if (strcmp(r->verb, "command") == 0)
        return command(g, viewer, r, o);
    if (strcmp(r->verb, "disengage") == 0)
        return disengage(g, viewer, r, o);
    if (strcmp(r->verb, "demoralization") == 0)
        return demoralization(g, o);
    if (strcmp(r->verb, "commander") == 0) {
        int e = mr_odds_commander(), rc;
        if ((rc = wg__odds_outcome(o, (uint64_t)e, "the commander is eliminated (2d6: 11 or 12, LM-CDR-01)")) ||
            (rc = wg__odds_outcome(o, (uint64_t)(36 - e), "he survives")))
            return rc;
        return WG_OK;
    }
    return wg__seterr(g->err, WG_EINVAL,
                      "marechaux has no odds for '%.40s' (verbs: combat, command, disengage, demoralization, commander)",
                      r->verb);
}

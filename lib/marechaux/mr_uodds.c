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

/* The results of a melee, one outcome each, in a fixed order: the attacker's wins, the defender's,
   draws, the cells not printed; within a winner by the loser's losses, the retreat, the winner's
   losses.  Labels: "the attacker (French) wins: losses 0/1, retreat 1" (the winner's / the
   loser's, as the melee table's cell reads, LM-MELEE-21), "draw: losses 1/1" (the attacker's /
   the defender's, LM-MELEE-23), "(melee cell not printed)". */
static int rank(const struct mr_result *x, int att)
{
    return x->winner == att ? 0 : x->winner == 1 - att ? 1 : x->winner == MR_RES_DRAW ? 2 : 3;
}

static int before(const struct mr_result *a, const struct mr_result *b, int att)
{
    if (rank(a, att) != rank(b, att))
        return rank(a, att) < rank(b, att);
    if (a->lose_loss != b->lose_loss)
        return a->lose_loss < b->lose_loss;
    if (a->retreat != b->retreat)
        return a->retreat < b->retreat;
    return a->win_loss < b->win_loss;
}

static int results_out(wg_odds_out *o, mr_combat_odds *mo, int att)
{
    for (int i = 1; i < mo->nres; i++) /* a few dozen at most */
        for (int j = i; j > 0 && before(&mo->res[j], &mo->res[j - 1], att); j--) {
            struct mr_result t = mo->res[j];
            mo->res[j] = mo->res[j - 1];
            mo->res[j - 1] = t;
        }
    for (int i = 0; i < mo->nres; i++) {
        const struct mr_result *x = &mo->res[i];
        int rc;
        if (x->winner == MR_RES_GAP)
            rc = wg__odds_outcome(o, x->w, "(melee cell not printed)");
        else if (x->winner == MR_RES_DRAW)
            rc = wg__odds_outcome(o, x->w, "draw: losses %d/%d", x->win_loss, x->lose_loss);
        else
            rc = wg__odds_outcome(o, x->w, "the %s (%s) wins: losses %d/%d, retreat %d",
                                  x->winner == att ? "attacker" : "defender", mr_side_name(x->winner), x->win_loss,
                                  x->lose_loss, x->retreat);
        if (rc)
            return rc;
    }
    return WG_OK;
}

/* A combat described before it is declared (LM-COMBAT-01/02): the attacking units (piece ids as
   their owner sees them) and every enemy unit of their zone, with the CP of LM-MELEE-02..12 but
   events played in the combat: the artillery shots and the two dice enumerated. */
static int prospective(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o)
{
    const mr_rdata *rd = MR_RD(g);
    int64_t ids[MR_MAXU];
    size_t nid = 0;
    int zone = -1, rc;
    if ((rc = wg__odds_ints(g, r, "attackers", ids, MR_MAXU, &nid)) || (rc = wg__odds_space(g, r, "zone", &zone)))
        return rc;
    mr_state st = *MR_ST(g); /* a copy: the combat is set up in it */
    int att = -1;
    memset(&st.cb, 0, sizeof st.cb);
    for (int u = 0; u < rd->nunit; u++)
        st.u[u].flags &= (uint16_t)~MR_UF_SEL;
    for (size_t k = 0; k < nid; k++) {
        int u = ids[k] >= 1 && ids[k] <= rd->nunit ? (int)ids[k] - 1 : -1;
        /* pieces of his own side as he sees them: their order-of-battle ids */
        if (u < 0 || st.u[u].zone < 0 || (viewer != WG_VIEW_REFEREE && rd->unit[u].side != viewer))
            return wg__seterr(g->err, WG_ENOTFOUND, "combat: no piece %lld of yours on the map", (long long)ids[k]);
        if (st.u[u].zone != zone || rd->unit[u].kind == MR_K_DECOY || rd->unit[u].kind == MR_K_FLEET)
            return wg__seterr(g->err, WG_ESTATE,
                              "combat: piece %lld is not a unit in the combat zone (LM-COMBAT-01/02)", (long long)ids[k]);
        if (att >= 0 && rd->unit[u].side != att)
            return wg__seterr(g->err, WG_EINVAL, "combat: the attackers are of both sides");
        att = rd->unit[u].side;
        st.u[u].flags |= MR_UF_SEL;
    }
    int def = 1 - att, defenders = 0;
    /* the defenders' composition enters: every enemy counter of the zone (a decoy too: telling one
       apart would tell what it is) must be known to the viewer (LM-FOG-01) */
    for (int u = 0; u < rd->nunit; u++)
        if (st.u[u].zone == zone && rd->unit[u].side == def && rd->unit[u].kind != MR_K_FLEET &&
            viewer != WG_VIEW_REFEREE && !mr_sees(g, viewer, u))
            return wg__seterr(g->err, WG_ESTATE,
                              "combat: the %s counters in the zone are hidden from this viewer (LM-FOG-01): their "
                              "composition enters the odds",
                              mr_side_name(def));
    for (int u = 0; u < rd->nunit; u++)
        if (st.u[u].zone == zone && rd->unit[u].side == def && rd->unit[u].kind != MR_K_DECOY &&
            rd->unit[u].kind != MR_K_FLEET) {
            st.u[u].flags |= MR_UF_SEL;
            defenders++;
        }
    if (!defenders)
        return wg__seterr(g->err, WG_ESTATE, "combat: no %s unit in the zone to fight (LM-COMBAT-01)",
                          mr_side_name(def));
    st.cb.zone = (int8_t)zone;
    st.cb.att = (int8_t)att;
    st.cb.winner = -1;
    st.cb.cdr = -1;
    mr_side_calc sc[2];
    int ratio[2], a10[2];
    mr_combat_side(rd, &st, 0, &sc[0]);
    mr_combat_side(rd, &st, 1, &sc[1]);
    mr_strength_ratio(ratio, a10, mr_tally(&sc[0], 0), mr_tally(&sc[1], 0)); /* LM-MELEE-13/14 */
    for (int side = 0; side < 2; side++) {
        st.cb.ratio[side] = (int8_t)(ratio[side] > 100 ? 100 : ratio[side]);
        int best = -1, bm = -1; /* the head unit: the best eligible morale (LM-MELEE-17) */
        for (int u = 0; u < rd->nunit; u++)
            if (mr_combat_head_ok(rd, &st, u, side) && mr_unit_morale(rd, &st, u) > bm)
                best = u, bm = mr_unit_morale(rd, &st, u);
        st.cb.head[side] = (int8_t)best;
    }
    int na = sc[att].art, nd = sc[def].art;
    if (na > 20 || nd > 20)
        return wg__seterr(g->err, WG_ESTATE, "combat: more than 20 artillery counters in a stack");
    /* the CP without the shots and the dice, read in the copy */
    void *keep = g->state;
    g->state = &st;
    mr_cp base[2];
    mr_combat_cp(g, att, &base[0]);
    mr_combat_cp(g, def, &base[1]);
    g->state = keep;
    int fixed = mr_cp_total(&base[0]) - mr_cp_total(&base[1]);
    wg_table *t = g->ntables > 0 ? g->tables[0] : NULL;
    if (!t)
        return wg__seterr(g->err, WG_EDATA, "combat: the game has no melee table");
    int amp = mr_amplitude(&sc[att], &sc[def]); /* LM-COMBAT-10 */
    amp = amp > 120 ? 120 : amp;
    int8_t r10[2] = {(int8_t)a10[0], (int8_t)a10[1]};
    mr_combat_odds mo;
    memset(&mo, 0, sizeof mo);
    uint64_t ca = 1;
    for (int ka = 0; ka <= na; ka++) {
        uint64_t cd = 1;
        for (int kd = 0; kd <= nd; kd++) {
            for (int da = 1; da <= 6; da++)
                for (int dd = 1; dd <= 6; dd++)
                    mr_odds_tally(&mo, t, att, amp, r10, fixed + ka - kd + da - dd, ca * cd);
            cd = cd * (uint64_t)(nd - kd) / (uint64_t)(kd + 1);
        }
        ca = ca * (uint64_t)(na - ka) / (uint64_t)(ka + 1);
    }
    if (amp == 0) /* GAP-40: nothing to fight */
        rc = wg__odds_outcome(o, mo.total, "no melee: nothing to fight (GAP-40)");
    else
        rc = results_out(o, &mo, att);
    if (rc)
        return rc;
    for (int who = 0; who < 2; who++) {
        const mr_cp *c = &base[who];
        const int v[10] = {c->events, c->art, c->ratio, c->head, c->sv, c->terrain, c->noaxis, c->river, c->forced,
                           c->demor};
        for (int k = 2; k < 10; k++) { /* no events, the shots are dice (below) */
            char name[40];
            wg_sb sb;
            wg__sb_init(&sb, name, sizeof name);
            wg__sb_printf(&sb, "%s_%s", who ? "defender" : "attacker", cp_name[k]);
            if (v[k] && (rc = wg__odds_modifier(o, name, v[k], cp_rule[k], "%s CP %+d (%s)",
                                                who ? "defender" : "attacker", v[k], cp_name[k])))
                return rc;
        }
        int n = who ? nd : na;
        if (n && (rc = wg__odds_modifier(o, who ? "defender_artillery_dice" : "attacker_artillery_dice", n,
                                         "LM-MELEE-03", "%d artillery dice, +1 CP for each 4, 5 or 6", n)))
            return rc;
    }
    return WG_OK;
}

static int combat(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o)
{
    if (wg__odds_arg(r, "zone") || wg__odds_arg(r, "attackers"))
        return prospective(g, viewer, r, o);
    mr_combat_odds mo;
    int rc = mr_combat_odds_get(&mo, g);
    if (rc == WG_EDATA)
        return wg__seterr(g->err, WG_EDATA, "combat: the game has no melee table");
    if (rc)
        return rc;
    int att = MR_ST(g)->cb.att;
    if ((rc = results_out(o, &mo, att)))
        return rc;
    for (int who = 0; who < 2; who++) {
        const mr_cp *c = &mo.base[who ? 1 - att : att];
        const int v[10] = {c->events, c->art, c->ratio, c->head, c->sv, c->terrain, c->noaxis, c->river, c->forced,
                           c->demor};
        for (int k = 0; k < 10; k++) {
            char name[32];
            wg_sb sb;
            wg__sb_init(&sb, name, sizeof name);
            wg__sb_printf(&sb, "%s_%s", who ? "defender" : "attacker", cp_name[k]);
            if (v[k] && (rc = wg__odds_modifier(o, name, v[k], cp_rule[k], "%s CP %+d (%s)",
                                                who ? "defender" : "attacker", v[k], cp_name[k])))
                return rc;
        }
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
        return combat(g, viewer, r, o);
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

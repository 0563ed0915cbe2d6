/* Les Maréchaux: the operations phase (C): choosing an operation, forming the stack, command test,
 * disengagement, passing, decoys, the 1808 fleet and the Débarquement event. */
#include "marechaux.h"

#include <stdio.h>
#include <string.h>

#define EV(...)                                                                                                    \
    do {                                                                                                           \
        if (!mr_ev(g, __VA_ARGS__))                                                                                \
            return WG_ENOMEM;                                                                                      \
    } while (0)

/* Operation kinds remembered while forming a stack (stored in mv.after_dis's neighbour: cb.step). */
enum { OP_MOVE = 1, OP_DISENG = 2, OP_COMBAT = 3 };

int mr_begin_ops(wg_game *g)
{
    mr_state *s = MR_ST(g);
    s->phasing = s->first; /* LM-SEQ-02, LM-INIT-04 */
    s->passes = 0;
    s->fleet_done = 0;
    return mr_next_operation(g);
}

int mr_next_operation(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    for (int u = 0; u < rd->nunit; u++) /* LM-DECOY-02: a decoy alone in a zone is removed */
        if (rd->unit[u].kind == MR_K_DECOY && s->u[u].zone >= 0 &&
            !mr_side_in(rd, s, s->u[u].zone, rd->unit[u].side)) {
            int rc = mr_eliminate(g, u, "LM-DECOY-02");
            if (rc != WG_OK)
                return rc;
        }
    s->stage = MR_S_OPS;
    s->who = s->phasing;
    s->decoy_done = 0;
    return WG_OK;
}

/* Ends the current operation: the other player conducts the next one (LM-SEQ-02). */
int mr_end_operation(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    for (int u = 0; u < rd->nunit; u++) {
        s->u[u].flags &= (uint8_t)~(MR_UF_SEL | MR_UF_STOP | MR_UF_REVEAL);
        s->u[u].follow = 0;
    }
    mr_argenton_hide(s);
    s->cb.zone = -1;
    s->phasing = (int8_t)(1 - s->phasing);
    return mr_next_operation(g);
}

static int movable(const mr_rdata *rd, const mr_state *s, int u, int side)
{
    int k = rd->unit[u].kind;
    if (rd->unit[u].side != side || s->u[u].zone < 0 || (s->u[u].flags & MR_UF_ACT))
        return 0;
    return k == MR_K_INF || k == MR_K_CAV || k == MR_K_ART || k == MR_K_BAG || k == MR_K_CDR;
}

static int zone_has_movable(const mr_rdata *rd, const mr_state *s, int z, int side)
{
    for (int u = 0; u < rd->nunit; u++)
        if (s->u[u].zone == z && movable(rd, s, u, side))
            return 1;
    return 0;
}

/* A combat may be declared in z (LM-COMBAT-01, GAP-40); after a combat in z this turn, only once a
   new enemy stack has entered z (LM-SEQ-06, GAP-54): units of the zone left out of the first
   combat do not make a new one. */
static int can_fight(const mr_rdata *rd, const mr_state *s, int z, int side)
{
    int own = 0, enemy = 0;
    for (int u = 0; u < rd->nunit; u++) {
        if (s->u[u].zone != z)
            continue;
        if (rd->unit[u].side == side)
            own |= mr_is_real(rd, u) && rd->unit[u].kind != MR_K_BAG;
        else /* what the side sees: enemy counters, whatever they hide (LM-FOG-01; mr_combat_begin) */
            enemy |= rd->unit[u].kind != MR_K_FLEET;
    }
    return own && enemy && (!(s->zfought[z] & MR_ZFOUGHT) || (s->zfought[z] & MR_ZNEW(1 - side)));
}

static int decoy_free(const mr_rdata *rd, const mr_state *s, int side)
{
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].kind == MR_K_DECOY && rd->unit[u].side == side && s->u[u].zone == MR_Z_POOL)
            return u;
    return -1;
}

static int decoy_in(const mr_rdata *rd, const mr_state *s, int z, int side)
{
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].kind == MR_K_DECOY && rd->unit[u].side == side && s->u[u].zone == z)
            return u;
    return -1;
}

/* occ[z]: some counter of side is in zone z.  Moving, disengaging, fighting in z and adding or removing
   a decoy there all need one: the option lists skip the zones without. */
static void occupied(const mr_rdata *rd, const mr_state *s, int side, uint8_t occ[MR_MAXZ])
{
    memset(occ, 0, MR_MAXZ);
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].side == side && s->u[u].zone >= 0 && s->u[u].zone < MR_MAXZ)
            occ[s->u[u].zone] = 1;
}

static int held(const mr_state *s, const mr_rdata *rd, int side, int effect)
{
    for (int e = 0; e < rd->nevt; e++)
        if (s->hand[side][e] > 0 && rd->evt[e].effect == effect)
            return e;
    return -1;
}

static int landing_unit(const mr_rdata *rd, const mr_state *s)
{
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].landing && s->u[u].zone == MR_Z_POOL)
            return u;
    return -1;
}

/* Legal in the current operation choice? Writes the reason (with the rule) into err when not. */
static int ops_legal(const wg_game *g, uint64_t a, char *err)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int t = MR_ATYPE(a), z = MR_AARG(a), side = s->phasing;
    if (s->stage != MR_S_OPS)
        return wg__seterr(err, WG_EILLEGAL, "not choosing an operation now (LM-SEQ-02)") ? 0 : 0;
    switch (t) {
    case MR_A_PASS:
        return 1; /* PD-25 */
    case MR_A_MOVE:
    case MR_A_DISENG:
        if (z < 0 || z >= rd->nzone) {
            wg__seterr(err, WG_EILLEGAL, "no zone %d", z);
            return 0;
        }
        if (!zone_has_movable(rd, s, z, side)) {
            wg__seterr(err, WG_EILLEGAL,
                       "%s has no unit in that zone that is still available for activation (LM-SEQ-04, LM-COMP-03)",
                       mr_side_name(side));
            return 0;
        }
        if (t == MR_A_MOVE && mr_enemy_in(rd, s, z, side, 0)) {
            wg__seterr(err, WG_EILLEGAL,
                       "an enemy stack shares that zone: the stack must disengage to leave it (LM-DISENG-01)");
            return 0;
        }
        if (t == MR_A_DISENG && !mr_enemy_in(rd, s, z, side, 0)) {
            wg__seterr(err, WG_EILLEGAL, "no enemy stack in that zone: nothing to disengage from (LM-DISENG-01)");
            return 0;
        }
        return 1;
    case MR_A_COMBAT:
        if (z < 0 || z >= rd->nzone || !can_fight(rd, s, z, side)) {
            wg__seterr(err, WG_EILLEGAL,
                       "a combat needs friendly and enemy units in the same zone, and stacks that already fought "
                       "there fight again only after a new enemy stack entered (LM-COMBAT-01, LM-SEQ-06, GAP-54)");
            return 0;
        }
        return 1;
    case MR_A_FLEET:
        if (side != MR_AA || rd->fleet < 0 || s->fleet_done || z < 0 || z >= rd->nzone ||
            !(rd->zflags[z] & MR_ZF_PORT) || z == s->u[rd->fleet].zone) {
            wg__seterr(err, WG_EILLEGAL,
                       "the fleet moves only to another port, at the start of the Anglo-Allied first operation of "
                       "the turn (LM-SCEN1808-12, GAP-57)");
            return 0;
        }
        return 1;
    case MR_A_LANDING: {
        int fz = rd->fleet >= 0 ? s->u[rd->fleet].zone : -1;
        if (side != MR_AA || held(s, rd, MR_AA, MR_E_LANDING) < 0 || landing_unit(rd, s) < 0 || fz < 0 ||
            mr_enemy_in(rd, s, fz, MR_AA, 1)) {
            wg__seterr(err, WG_EILLEGAL,
                       "Débarquement needs the event in hand and the fleet's port free of enemy stacks "
                       "(LM-EVENTS-08, GAP-25)");
            return 0;
        }
        return 1;
    }
    case MR_A_ARGENTON: /* LM-EVENTS-01 */
        return mr_argenton_legal(g, z, err);
    case MR_A_DECOY_ADD:
    case MR_A_DECOY_DEL:
        return mr_decoy_legal(g, side, t, z, err);
    default:
        wg__seterr(err, WG_EILLEGAL, "not an operation (LM-SEQ-02)");
        return 0;
    }
}

static int form_eligible(const mr_rdata *rd, const mr_state *s, int u, int op, int z, int side)
{
    if (s->u[u].zone != z || rd->unit[u].side != side)
        return 0;
    if (op == OP_COMBAT) /* LM-COMBAT-02: any own unit in the zone, activated or not */
        return mr_is_real(rd, u) || rd->unit[u].kind == MR_K_CDR;
    return movable(rd, s, u, side);
}

/* LM-DECOY-03, PD-06: the decoys of the zone may go with a stack that moves or disengages. */
static int decoy_eligible(const mr_rdata *rd, const mr_state *s, int u, int op, int z, int side)
{
    return op != OP_COMBAT && rd->unit[u].kind == MR_K_DECOY && rd->unit[u].side == side && s->u[u].zone == z;
}

static int sel_count(const mr_rdata *rd, const mr_state *s)
{
    int n = 0;
    for (int u = 0; u < rd->nunit; u++)
        if (s->u[u].flags & MR_UF_SEL)
            n += rd->unit[u].kind != MR_K_CDR || 1;
    return n;
}

static int sel_fights(const mr_rdata *rd, const mr_state *s)
{
    for (int u = 0; u < rd->nunit; u++)
        if ((s->u[u].flags & MR_UF_SEL) && mr_is_real(rd, u) && rd->unit[u].kind != MR_K_BAG)
            return 1;
    return 0;
}

int mr_ops_pending(const mr_state *s)
{
    if (s->stage == MR_S_FORM)
        return s->cb.step == OP_MOVE ? 1 : s->cb.step == OP_DISENG ? 2 : 0;
    if (s->stage == MR_S_DECLARE || (s->stage == MR_S_DISROLL && s->cb.zone < 0))
        return 2;
    return s->stage == MR_S_CMDROLL ? 1 : 0;
}

int mr_ops_select_available(const mr_rdata *rd, mr_state *s, int zone, int side)
{
    int n = 0;
    for (int u = 0; u < rd->nunit; u++) {
        s->u[u].flags &= (uint8_t)~MR_UF_SEL;
        if (form_eligible(rd, s, u, OP_MOVE, zone, side)) {
            s->u[u].flags |= MR_UF_SEL;
            n++;
        }
    }
    return n;
}

int mr_ops_options(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    char *const err = NULL; /* listing the options: the reasons of the refused ones are not read */
    int rc = WG_OK;
    if (s->stage == MR_S_FORM) {
        int op = s->cb.step, z = s->mv.zone;
        for (int u = 0; u < rd->nunit && rc == WG_OK; u++)
            if ((form_eligible(rd, s, u, op, z, s->phasing) || decoy_eligible(rd, s, u, op, z, s->phasing)) &&
                !(s->u[u].follow & MR_TOGGLE2)) /* each counter twice a forming at most: no endless toggling */
                rc = wg__opt_push(g, MR_ACT(MR_A_TOGGLE, u), 1);
        if (rc == WG_OK && sel_count(rd, s) > 0 && (op != OP_COMBAT || sel_fights(rd, s)))
            rc = wg__opt_push(g, MR_ACT(MR_A_DONE, 0), 1);
        return rc;
    }
    if (s->stage == MR_S_DECLARE) {
        rc = wg__opt_push(g, MR_ACT(MR_A_DECLARE, 1), 1);
        return rc == WG_OK ? wg__opt_push(g, MR_ACT(MR_A_DECLARE, 0), 1) : rc;
    }
    if (s->stage == MR_S_CMDROLL || s->stage == MR_S_DISROLL) {
        for (int f = 1; f <= 6 && rc == WG_OK; f++)
            rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, f), 1);
        return rc;
    }
    rc = wg__opt_push(g, MR_ACT(MR_A_PASS, 0), 1);
    static const int zt[] = {MR_A_MOVE, MR_A_DISENG, MR_A_COMBAT, MR_A_FLEET, MR_A_DECOY_ADD, MR_A_DECOY_DEL};
    uint8_t occ[MR_MAXZ];
    occupied(rd, s, s->phasing, occ);
    for (int i = 0; i < 6 && rc == WG_OK; i++)
        for (int z = 0; z < rd->nzone && rc == WG_OK; z++)
            if ((occ[z] || zt[i] == MR_A_FLEET) && ops_legal(g, MR_ACT(zt[i], z), err))
                rc = wg__opt_push(g, MR_ACT(zt[i], z), 1);
    if (rc == WG_OK && ops_legal(g, MR_ACT(MR_A_LANDING, 0), err))
        rc = wg__opt_push(g, MR_ACT(MR_A_LANDING, 0), 1);
    if (rc == WG_OK && mr_argenton_window(g))
        rc = mr_argenton_options(g);
    return rc;
}

/* LM-EVENTS-01, GAP-56: Argenton is played at any point where the Anglo-Allied player may act, in
   every phase of the turn: in phase B his choice to keep his event or tempt fate; in phase C his
   operation choice and every decision of his in an operation of either side (forming a stack,
   declarations, movement, the Retraite marker, combat decisions, losses, retreats).  Dice and draws
   are chance, not his decisions (phases A and D hold only dice).  The set-up placement precedes the
   turn and offers it not.  The counters stay turned over for him until the end of the operation in
   which it was played, or, in a phase without operations, until the end of that phase
   (mr_argenton_hide). */
/* LM-DECOY-03, PD-24: a player adds or removes decoys at any moment, on any of his stacks, within the
   scenario's decoys: in every decision he takes (his operation choice included), the same decision
   following.  In one decision he adds or removes, not both (decoy_done: 1 added, 2 removed; cleared
   by any other action), so that no decision can loop.  Dice, draws and the 1809 set-up placement
   hold none. */
int mr_decoy_side(const wg_game *g)
{
    const mr_state *s = MR_ST(g);
    int p, k;
    if (s->stage == MR_S_PLACE || s->stage == MR_S_OVER || s->decoy_done == 3)
        return -1;
    mr_decision(g, &p, &k);
    if (p != MR_AA && p != MR_FR)
        return -1;
    return MR_RD(g)->decoys[p] > 0 ? p : -1;
}

int mr_decoy_legal(const wg_game *g, int side, int t, int z, char *err)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    if (s->decoy_done & (t == MR_A_DECOY_ADD ? 2 : 1)) {
        wg__seterr(err, WG_EILLEGAL,
                   "decoys are added or removed in one decision, not both: take the decision first (LM-DECOY-03)");
        return 0;
    }
    if (t == MR_A_DECOY_ADD) {
        if (z < 0 || z >= rd->nzone || decoy_free(rd, s, side) < 0 || !mr_side_in(rd, s, z, side)) {
            wg__seterr(err, WG_EILLEGAL,
                       "a decoy joins one of your stacks on the map, within the scenario's decoys (LM-DECOY-02/03)");
            return 0;
        }
        return 1;
    }
    if (z < 0 || z >= rd->nzone || decoy_in(rd, s, z, side) < 0) {
        wg__seterr(err, WG_EILLEGAL, "no decoy of yours in that zone (LM-DECOY-03)");
        return 0;
    }
    return 1;
}

int mr_decoy_options(wg_game *g)
{
    int side = mr_decoy_side(g), rc = WG_OK;
    char *const err = NULL; /* listing the options: the reasons of the refused ones are not read */
    if (side < 0)
        return WG_OK;
    static const int tt[2] = {MR_A_DECOY_ADD, MR_A_DECOY_DEL};
    uint8_t occ[MR_MAXZ];
    occupied(MR_RD(g), MR_ST(g), side, occ);
    for (int i = 0; i < 2 && rc == WG_OK; i++)
        for (int z = 0; z < MR_RD(g)->nzone && rc == WG_OK; z++)
            if (occ[z] && mr_decoy_legal(g, side, tt[i], z, err))
                rc = wg__opt_push(g, MR_ACT(tt[i], z), 1);
    return rc;
}

int mr_decoy_apply(wg_game *g, int side, int t, int z)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int u = t == MR_A_DECOY_ADD ? decoy_free(rd, s, side) : decoy_in(rd, s, z, side);
    if (u < 0)
        return WG_EILLEGAL;
    s->u[u].zone = (int8_t)(t == MR_A_DECOY_ADD ? z : MR_Z_POOL);
    s->u[u].follow = 0;
    s->u[u].flags = 0;
    s->u[u].acomb = 0;
    int joins = t == MR_A_DECOY_ADD && s->stage >= MR_S_MOVE && s->stage <= MR_S_FORCE && side == s->phasing &&
                z == s->mv.zone;
    if (joins) { /* joining the moving stack, it goes with it and looks like it */
        for (int v = 0; v < rd->nunit; v++)
            if ((s->u[v].flags & (MR_UF_SEL | MR_UF_STOP)) == MR_UF_SEL && s->u[v].zone == z && rd->unit[v].side == side) {
                s->u[u].flags = (uint8_t)(s->u[v].flags & (MR_UF_ACT | MR_UF_DEMOR | MR_UF_RIVER));
                break;
            }
        s->u[u].follow = MR_FOLLOWS;
    } else if (t == MR_A_DECOY_ADD) {
        /* its front: the markers of the least marked own counter of the zone (a choice that reads only
           what the other side sees) */
        unsigned best = ~0u;
        for (int v = 0; v < rd->nunit; v++) {
            if (v == u || s->u[v].zone != z || rd->unit[v].side != side)
                continue;
            unsigned k = (s->u[v].flags & (MR_UF_ACT | MR_UF_DEMOR | MR_UF_RIVER)) | (unsigned)s->u[v].acomb << 8;
            if (k < best)
                best = k;
        }
        if (best != ~0u) {
            s->u[u].flags = (uint8_t)(best & 0xffu);
            s->u[u].acomb = (uint8_t)(best >> 8);
        }
    }
    s->decoy_done = (uint8_t)(s->decoy_done | (t == MR_A_DECOY_ADD ? 1 : 2));
    EV(MR_EV_DECOY, "LM-DECOY-03", MR_VIS(side), side, z, t == MR_A_DECOY_ADD, u);
    return WG_OK;
}

void mr_decoys_follow_marks(mr_state *s, const mr_rdata *rd, int side, uint8_t flags)
{
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].kind == MR_K_DECOY && rd->unit[u].side == side && (s->u[u].follow & MR_FOLLOWS) && s->u[u].zone >= 0)
            s->u[u].flags |= flags;
}

int mr_argenton_window(const wg_game *g)
{
    const mr_state *s = MR_ST(g);
    int p, k;
    if (s->stage == MR_S_PLACE || s->stage == MR_S_OVER)
        return 0;
    mr_decision(g, &p, &k);
    return p == MR_AA && held(s, MR_RD(g), MR_AA, MR_E_ARGENTON) >= 0;
}

void mr_argenton_hide(mr_state *s)
{
    memset(s->reveal_aa, 0, sizeof s->reveal_aa); /* LM-EVENTS-01: "the units are then hidden again" */
}

int mr_argenton_legal(const wg_game *g, int arg, char *err)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int z1 = arg / 256, z2 = arg % 256, p, k;
    if (held(s, rd, MR_AA, MR_E_ARGENTON) < 0) {
        wg__seterr(err, WG_EILLEGAL,
                   "the Anglo-Allied player does not hold Argenton (not in this scenario, or already played): "
                   "it is played once, by him (LM-EVENTS-01)");
        return 0;
    }
    mr_decision(g, &p, &k);
    if (!mr_argenton_window(g)) {
        wg__seterr(err, WG_EILLEGAL,
                   "Argenton is played by the Anglo-Allied player at a decision of his, in any phase of the turn; "
                   "not at a %s (LM-EVENTS-01, GAP-56)",
                   s->stage == MR_S_PLACE ? "set-up placement"
                   : s->stage == MR_S_OVER ? "game over"
                   : p == MR_FR            ? "decision of the French player"
                                           : "die roll or draw");
        return 0;
    }
    if (arg < 0 || z1 >= z2 || z2 >= rd->nzone || !mr_zone_count(rd, s, z1, MR_FR) ||
        !mr_zone_count(rd, s, z2, MR_FR)) {
        wg__seterr(err, WG_EILLEGAL,
                   "Argenton turns over the French counters of two different zones holding some (LM-EVENTS-01)");
        return 0;
    }
    return 1;
}

int mr_argenton_options(wg_game *g)
{
    const mr_rdata *rd = MR_RD(g);
    char *const err = NULL; /* listing the options: the reasons of the refused ones are not read */
    int rc = WG_OK;
    for (int z1 = 0; z1 < rd->nzone && rc == WG_OK; z1++)
        for (int z2 = z1 + 1; z2 < rd->nzone && rc == WG_OK; z2++)
            if (mr_argenton_legal(g, z1 * 256 + z2, err))
                rc = wg__opt_push(g, MR_ACT(MR_A_ARGENTON, z1 * 256 + z2), 1);
    return rc;
}

/* Free: the same decision is taken next.  The event names the zones to everyone; each turned-over
   counter is named in an event only the Anglo-Allied player (and the referee) read in full
   (LM-FOG-03). */
int mr_argenton_apply(wg_game *g, int arg)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int e = held(s, rd, MR_AA, MR_E_ARGENTON), zs[2] = {arg / 256, arg % 256};
    s->hand[MR_AA][e]--;
    s->reveal_aa[zs[0]] = 1;
    s->reveal_aa[zs[1]] = 1;
    EV(MR_EV_ARGENTON, "LM-EVENTS-01", MR_VIS_ALL, zs[0], zs[1], e, 0);
    for (int i = 0; i < 2; i++)
        for (int u = 0; u < rd->nunit; u++)
            if (s->u[u].zone == zs[i] && rd->unit[u].side == MR_FR)
                EV(MR_EV_ARGENTON_UNIT, "LM-EVENTS-01", MR_VIS(MR_AA), u, zs[i], mr_unit_steps(rd, s, u), 0);
    return WG_OK;
}

void mr_ops_why(const wg_game *g, uint64_t a, char *err)
{
    if (!ops_legal(g, a, err))
        return;
    wg__seterr(err, WG_EILLEGAL, "that action is not an option now");
}

static int activate_sel(wg_game *g, const char *rule)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int n = 0;
    for (int u = 0; u < rd->nunit; u++)
        if (s->u[u].flags & MR_UF_SEL) {
            s->u[u].flags |= MR_UF_ACT;
            n++;
        }
    mr_decoys_follow_marks(s, rd, s->phasing, MR_UF_ACT);
    EV(MR_EV_ACTIVATE, rule, MR_VIS_ALL, s->phasing, s->mv.zone, n, 0);
    return WG_OK;
}

/* LM-CMD-02/03: the CiC in the stack or in its zone exempts it from the test. */
static int cmd_exempt(const mr_rdata *rd, const mr_state *s)
{
    int c = rd->cic[s->phasing];
    if (c < 0 || s->u[c].zone < 0)
        return 0;
    return s->u[c].zone == s->mv.zone;
}

static int start_move(wg_game *g, int after_dis)
{
    mr_state *s = MR_ST(g);
    if (cmd_exempt(MR_RD(g), s)) {
        EV(MR_EV_CMD, "LM-CMD-02", MR_VIS_ALL, s->phasing, -1, 2, 0);
        return mr_move_begin(g, 0, after_dis);
    }
    s->stage = MR_S_CMDROLL;
    s->mv.after_dis = (uint8_t)after_dis;
    return WG_OK;
}

int mr_ops_apply(wg_game *g, uint64_t a)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int t = MR_ATYPE(a), arg = MR_AARG(a), rc, side = s->phasing;
    if (s->stage == MR_S_FORM) {
        if (t == MR_A_TOGGLE && rd->unit[arg].kind == MR_K_DECOY) { /* LM-DECOY-03 */
            s->u[arg].follow = MR_TOGGLED((uint8_t)(s->u[arg].follow ^ MR_FOLLOWS));
            return WG_OK;
        }
        if (t == MR_A_TOGGLE) { /* LM-STACK-03, PD-06 */
            if (s->u[arg].flags & MR_UF_DEMOR) { /* LM-STACK-06: demoralized units stay together */
                uint8_t on = (uint8_t)(!(s->u[arg].flags & MR_UF_SEL));
                for (int u = 0; u < rd->nunit; u++)
                    if ((s->u[u].flags & MR_UF_DEMOR) && form_eligible(rd, s, u, s->cb.step, s->mv.zone, side)) {
                        s->u[u].flags = (uint8_t)(on ? (s->u[u].flags | MR_UF_SEL) : (s->u[u].flags & ~MR_UF_SEL));
                        s->u[u].follow = MR_TOGGLED(s->u[u].follow);
                    }
                return WG_OK;
            }
            s->u[arg].flags ^= MR_UF_SEL;
            s->u[arg].follow = MR_TOGGLED(s->u[arg].follow); /* twice a forming at most: no loop */
            return WG_OK;
        }
        /* DONE */
        if (s->cb.step == OP_COMBAT)
            return mr_combat_begin(g, s->mv.zone, side, 0);
        if (s->cb.step == OP_DISENG) { /* LM-DISENG-08: the non-phasing player declares first */
            s->decl[0] = s->decl[1] = -1;
            s->stage = MR_S_DECLARE;
            s->who = (int8_t)(1 - side);
            return WG_OK;
        }
        return start_move(g, 0);
    }
    if (s->stage == MR_S_CMDROLL) { /* LM-CMD-04..09 */
        int has = 0, total = 0;
        int sv = mr_best_sv(rd, s, s->mv.zone, side, 1, &has);
        int only = mr_stack_only_cav(rd, s, s->mv.zone, side, 1);
        int c = rd->cic[side];
        int path = c >= 0 && mr_command_path(rd, s, s->u[c].zone, s->mv.zone, side);
        int r = mr_command_result(arg, sv, only, path, &total);
        EV(MR_EV_CMD, r == 2 ? "LM-CMD-07" : r == 1 ? "LM-CMD-08" : "LM-CMD-09", MR_VIS(side), side, arg, r, total);
        if (r == 0) { /* LM-CMD-09, LM-SEQ-07 */
            if ((rc = activate_sel(g, "LM-CMD-09")) != WG_OK)
                return rc;
            return mr_end_operation(g);
        }
        return mr_move_begin(g, r == 1, s->mv.after_dis);
    }
    if (s->stage == MR_S_DECLARE) { /* LM-DISENG-07/08, PD-14 */
        int z = s->mv.zone, w = s->who;
        int cav = mr_stack_cav(rd, s, z, w, w == side);
        s->decl[w] = (int8_t)(arg ? 1 : 0);
        EV(MR_EV_DECLARE, "LM-DISENG-07", MR_VIS_ALL, w, arg ? cav : -1, 0, 0);
        if (w != side) {
            s->who = (int8_t)side;
            return WG_OK;
        }
        s->stage = MR_S_DISROLL;
        return WG_OK;
    }
    if (s->stage == MR_S_DISROLL) { /* LM-DISENG-02..06 */
        int total = 0, z = s->mv.zone;
        int own = mr_stack_cav(rd, s, z, side, 1), en = mr_stack_cav(rd, s, z, 1 - side, 0);
        int ok = mr_disengage_declared(arg, s->decl[side] == 1, own, s->decl[1 - side] == 1, en,
                                       mr_stack_only_cav(rd, s, z, side, 1), &total);
        EV(MR_EV_DISENG, ok ? "LM-DISENG-05" : "LM-DISENG-06", MR_VIS(side), side, arg, ok, total);
        if (!ok) {
            if ((rc = activate_sel(g, "LM-DISENG-06")) != WG_OK)
                return rc;
            return mr_end_operation(g);
        }
        return start_move(g, 1); /* GAP-29: the move still needs a command test */
    }
    if (t != MR_A_PASS && t != MR_A_ARGENTON && t != MR_A_DECOY_ADD && t != MR_A_DECOY_DEL && t != MR_A_FLEET)
        s->passes = 0;
    if (side == MR_AA && t != MR_A_FLEET && t != MR_A_DECOY_ADD && t != MR_A_DECOY_DEL && t != MR_A_ARGENTON)
        s->fleet_done = 1;
    switch (t) {
    case MR_A_PASS:
        s->passes++;
        EV(MR_EV_PASS, "LM-SEQ-02", MR_VIS_ALL, side, s->passes, 0, 0);
        mr_argenton_hide(s); /* LM-EVENTS-01: hidden again */
        if (s->passes >= 2) /* LM-SEQ-03 */
            return mr_begin_admin(g);
        s->phasing = (int8_t)(1 - side);
        return mr_next_operation(g);
    case MR_A_MOVE:
    case MR_A_DISENG:
    case MR_A_COMBAT:
        s->stage = MR_S_FORM;
        s->cb.step = (int8_t)(t == MR_A_MOVE ? OP_MOVE : t == MR_A_DISENG ? OP_DISENG : OP_COMBAT);
        s->mv.zone = (int8_t)arg;
        for (int u = 0; u < rd->nunit; u++) {
            s->u[u].follow = 0;
            if (form_eligible(rd, s, u, s->cb.step, arg, side))
                s->u[u].flags |= MR_UF_SEL;
        }
        return WG_OK;
    case MR_A_FLEET: /* LM-SCEN1808-12: free, the operation goes on */
        s->u[rd->fleet].zone = (int8_t)arg;
        s->fleet_done = 1;
        EV(MR_EV_FLEET, "LM-SCEN1808-12", MR_VIS_ALL, arg, 0, 0, 0);
        return WG_OK;
    case MR_A_LANDING: { /* LM-EVENTS-08: a complete operation */
        int e = held(s, rd, MR_AA, MR_E_LANDING), u = landing_unit(rd, s), fz = s->u[rd->fleet].zone;
        s->hand[MR_AA][e]--;
        s->u[u].zone = (int8_t)fz;
        s->u[u].steps = (uint8_t)rd->unit[u].nbox;
        s->u[u].flags = MR_UF_ACT;
        EV(MR_EV_LANDING, "LM-EVENTS-08", MR_VIS_ALL, u, fz, e, 0);
        return mr_end_operation(g);
    }
    case MR_A_ARGENTON: /* LM-EVENTS-01: turned over for AA until the end of this operation */
        return mr_argenton_apply(g, arg);
    case MR_A_DECOY_ADD:
    case MR_A_DECOY_DEL:
        return mr_decoy_apply(g, side, t, arg);
    default:
        return WG_ESTATE;
    }
}

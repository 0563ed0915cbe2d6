/* Les Maréchaux: movement (5.4), axes of retreat (5.4.1), fatigue (5.5), forced passage, 1809 crossings. */
#include "marechaux.h"

#include <string.h>

#define EV(...)                                                                                                    \
    do {                                                                                                           \
        if (!mr_ev(g, __VA_ARGS__))                                                                                \
            return WG_ENOMEM;                                                                                      \
    } while (0)

static const char *zname_of(const wg_game *g, int z)
{
    const char *n = "?";
    wg_map_name(&n, g->map, z);
    return n;
}

static int moving(const mr_state *s, int u)
{
    return (s->u[u].flags & (MR_UF_SEL | MR_UF_STOP)) == MR_UF_SEL;
}

/* Steps counted for the fatigue size threshold (GAP-36): baggage not counted. */
static int stack_steps(const mr_rdata *rd, const mr_state *s)
{
    int n = 0;
    for (int u = 0; u < rd->nunit; u++)
        if (moving(s, u))
            n += mr_unit_steps(rd, s, u);
    return n;
}

int mr_move_begin(wg_game *g, int half, int after_dis)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int acomb = 0;
    uint8_t z = (uint8_t)s->mv.zone;
    memset(&s->mv, 0, sizeof s->mv);
    s->mv.zone = (int8_t)z;
    s->mv.from = -1;
    s->mv.conn = -1;
    s->mv.after_dis = (uint8_t)after_dis;
    s->mv.half = (uint8_t)half;
    s->mv.start = (int8_t)z;
    s->mv.lonecdr = -1;
    mr_decoys_follow_marks(s, rd, s->phasing, MR_UF_ACT); /* the decoys going along look the same */
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].kind == MR_K_DECOY && (s->u[u].follow & MR_FOLLOWS))
            s->u[u].acomb = 0;
    for (int u = 0; u < rd->nunit; u++) {
        if (!(s->u[u].flags & MR_UF_SEL))
            continue;
        int mp = rd->unit[u].mp;
        s->u[u].mp = (uint8_t)(half ? mr_half_up(mp) : mp); /* LM-CMD-08, GAP-28 */
        s->u[u].flags |= MR_UF_ACT; /* LM-SEQ-04 */
        if (s->u[u].acomb > acomb)
            acomb = s->u[u].acomb; /* GAP-34 */
        s->u[u].acomb = 0;
        if (rd->unit[u].kind == MR_K_BAG)
            s->mv.bag_ret = 1; /* LM-FATIGUE-07 */
        if (rd->unit[u].kind == MR_K_CDR)
            s->mv.cdr_ret = 1; /* LM-FATIGUE-08 */
    }
    EV(MR_EV_ACTIVATE, "LM-SEQ-04", MR_VIS_ALL, s->phasing, z, half, acomb);
    s->mv.pending = (uint8_t)(acomb + (s->canicule ? 1 : 0)); /* LM-FATIGUE-05, LM-EVENTS-03 */
    s->mv.canicule = (uint8_t)(s->canicule ? 1 : 0);
    s->stage = s->mv.pending ? MR_S_FDRAW : MR_S_MOVE;
    if (s->stage == MR_S_FDRAW && wg__pool_count(&s->fatigue) == 0)
        s->stage = MR_S_MOVE;
    return WG_OK;
}

int mr_move_end(wg_game *g)
{
    mr_state *s = MR_ST(g);
    EV(MR_EV_STOP, "LM-MOVE-09", MR_VIS_ALL, s->phasing, s->mv.zone, s->mv.fatigue, 0);
    wg__pool_return_all(&s->fatigue); /* LM-FATIGUE-11 */
    memset(s->mv.drawn, 0, sizeof s->mv.drawn);
    return mr_end_operation(g);
}

/* MP a unit pays for a connection (LM-MOVE-02, LM-SCEN1809-14/15). */
static int unit_cost(const mr_rdata *rd, int u, int c)
{
    int b = MR_C_BASE(rd->ctype[c]);
    if (b == MR_C_BOAT)
        return mr_half_up(rd->unit[u].mp);
    if (b == MR_C_FERRY)
        return mr_half_up(rd->unit[u].mp) + rd->ccost[c];
    return rd->ccost[c];
}

static int conn_ok(const wg_game *g, int c, char *err)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int z = s->mv.zone, side = s->phasing, any = 0;
    if (c < 0 || c >= rd->nconn || (rd->ca[c] != z && rd->cb[c] != z))
        return !wg__seterr(err, WG_EILLEGAL, "that connection does not leave the stack's zone (LM-MOVE-01)");
    if (s->mv.boat)
        return !wg__seterr(err, WG_EILLEGAL, "a small-boat or ferry crossing ends the movement (GAP-58)");
    if (mr_enemy_in(rd, s, z, side, 0) && !(s->mv.nconn == 0 && s->mv.after_dis))
        return !wg__seterr(err, WG_EILLEGAL,
                           "the stack is in a zone with an enemy stack and must stop (LM-MOVE-05)");
    if (s->mv.nconn == 0 && s->mv.after_dis && s->axis[z][1 - side] == c)
        return !wg__seterr(err, WG_EILLEGAL,
                           "after a disengagement the stack may not leave by the enemy's axis of retreat "
                           "(LM-DISENG-09)");
    int b = MR_C_BASE(rd->ctype[c]);
    if ((b == MR_C_BOAT || b == MR_C_FERRY)) {
        int n = 0;
        for (int u = 0; u < rd->nunit; u++)
            n += moving(s, u);
        if (n != 1)
            return !wg__seterr(err, WG_EILLEGAL,
                               "a small-boat or ferry connection carries one unit per operation phase "
                               "(LM-SCEN1809-14/15)");
    }
    for (int u = 0; u < rd->nunit; u++) {
        if (!moving(s, u))
            continue;
        any = 1;
        if (!mr_conn_usable(rd, s, c, side, u))
            return !wg__seterr(err, WG_EILLEGAL,
                               "%s cannot use that connection (impassable, path for baggage/artillery, boat or "
                               "ferry already used or not Anglo-Allied, exit not French; LM-MAP-05, "
                               "LM-BAGGAGE-02, LM-SCEN1809-13..15)",
                               rd->unit[u].name);
        if (unit_cost(rd, u, c) > s->u[u].mp)
            return !wg__seterr(err, WG_EILLEGAL, "%s has %d MP left; the connection costs %d (LM-MOVE-03)",
                               rd->unit[u].name, s->u[u].mp, unit_cost(rd, u, c));
    }
    if (!any)
        return !wg__seterr(err, WG_EILLEGAL, "no unit of the stack is still moving (LM-FATIGUE-12)");
    for (int u = 0; u < rd->nunit; u++) {
        if (!moving(s, u) || !(s->u[u].flags & MR_UF_DEMOR))
            continue;
        int to = mr_other_zone(rd, c, z);
        int d0 = mr_loc_distance(rd, s, s->mv.start, side), d1 = mr_loc_distance(rd, s, to, side);
        if (d0 >= 0 && (d1 < 0 || d1 > d0))
            return !wg__seterr(err, WG_EILLEGAL,
                               "a demoralized stack moves only toward a line of communication: %s is %d MP from "
                               "it, the start %d MP (LM-MOVE-10, GAP-47)",
                               zname_of(g, to), d1, d0);
        break;
    }
    return 1;
}

static int free_garrison(const mr_rdata *rd, const mr_state *s, int side)
{
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].kind == MR_K_GAR && rd->unit[u].side == side && s->u[u].zone == MR_Z_POOL)
            return u;
    return -1;
}

static int garrison_here(const mr_rdata *rd, const mr_state *s, int z, int side)
{
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].kind == MR_K_GAR && rd->unit[u].side == side && s->u[u].zone == z)
            return u;
    return -1;
}

/* LM-GARRISON-01, GAP-52: at the start or the end of the movement, in a town free of enemy units. */
static int garrison_common(const wg_game *g, int u, char *err)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int z = s->mv.zone;
    if (s->stage != MR_S_MOVE || u < 0 || u >= rd->nunit || !moving(s, u) || rd->unit[u].kind != MR_K_INF)
        return !wg__seterr(err, WG_EILLEGAL, "only a moving infantry unit handles garrisons (LM-GARRISON-01)");
    if (rd->terrain[z] != MR_T_TOWN || mr_enemy_in(rd, s, z, s->phasing, 1))
        return !wg__seterr(err, WG_EILLEGAL, "garrisons are handled in a town zone free of enemy units (LM-GARRISON-01)");
    if (s->mv.garr)
        return !wg__seterr(err, WG_EILLEGAL, "one garrison action per movement (GAP-52)");
    return 1;
}

static int garrison_ok(const wg_game *g, int u, char *err)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    if (!garrison_common(g, u, err))
        return 0;
    if (free_garrison(rd, s, s->phasing) < 0)
        return !wg__seterr(err, WG_EILLEGAL, "no garrison counter left (LM-GARRISON-01)");
    if (s->u[u].steps < 2)
        return !wg__seterr(err, WG_EILLEGAL, "%s has a single strength step left (LM-GARRISON-01)", rd->unit[u].name);
    return 1;
}

static int recover_ok(const wg_game *g, int u, char *err)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    if (!garrison_common(g, u, err))
        return 0;
    if (garrison_here(rd, s, s->mv.zone, s->phasing) < 0)
        return !wg__seterr(err, WG_EILLEGAL, "no garrison of yours in this zone (LM-GARRISON-03)");
    if (s->u[u].steps >= rd->unit[u].nbox)
        return !wg__seterr(err, WG_EILLEGAL, "a unit with no losses cannot recover a garrison (LM-GARRISON-03)");
    return 1;
}

int mr_axes_clear(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    for (int z = 0; z < rd->nzone; z++)
        if ((s->axis[z][0] != -1 || s->axis[z][1] != -1) && !(mr_side_in(rd, s, z, 0) && mr_side_in(rd, s, z, 1))) {
            s->axis[z][0] = s->axis[z][1] = -1;
            EV(MR_EV_AXIS_GONE, "LM-RETREATAXIS-07", MR_VIS_ALL, z, 0, 0, 0);
        }
    return WG_OK;
}

/* Axis choices for the non-entering side (LM-RETREATAXIS-04). */
static int axis_ok(const mr_rdata *rd, const mr_state *s, int z, int side, int c)
{
    if (rd->ca[c] != z && rd->cb[c] != z)
        return 0;
    if (s->axis[z][1 - side] == c)
        return 0;
    int o = mr_other_zone(rd, c, z);
    if (rd->zflags[o] & MR_ZF_OFFMAP)
        return side == MR_FR;
    /* a zone holding an enemy commander alone holds an enemy stack (LM-RETREATAXIS-04) */
    return !mr_enemy_in(rd, s, o, side, 1) && !(rd->ctype[c] & MR_CF_IMPASS);
}

static int cdr_dest_ok(const mr_rdata *rd, const mr_state *s, int u, int c);

int mr_move_options(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    char *const err = NULL; /* listing the options: the reasons of the refused ones are not read */
    int rc = WG_OK, z = s->mv.zone;
    switch (s->stage) {
    case MR_S_FDRAW: /* the options hide the mix (the markers out reveal the mover's draws) */
        return wg__pool_push_draw_hidden(g, &s->fatigue, MR_ACT(MR_A_DRAW, 0));
    case MR_S_FRETURN:
        for (int t = 0; t < rd->nft && rc == WG_OK && (s->mv.bag_ret || s->mv.cdr_ret); t++)
            if (s->mv.drawn[t] > 0)
                rc = wg__opt_push(g, MR_ACT(MR_A_FRETURN, t), 1);
        if (rc == WG_OK)
            rc = wg__opt_push(g, MR_ACT(MR_A_NORETURN, 0), 1);
        return rc;
    case MR_S_AXIS:
        for (int c = 0; c < rd->nconn && rc == WG_OK; c++)
            if (axis_ok(rd, s, z, s->who, c))
                rc = wg__opt_push(g, MR_ACT(MR_A_AXIS, c), 1);
        return rc;
    case MR_S_CDRROLL:
        for (int v = 2; v <= 12 && rc == WG_OK; v++)
            rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, v), (uint64_t)mr_2d6_ways(v));
        return rc;
    case MR_S_CDRMOVE: /* PD-23 */
        for (int c = 0; c < rd->nconn && rc == WG_OK; c++)
            if (cdr_dest_ok(rd, s, s->mv.lonecdr, c))
                rc = wg__opt_push(g, MR_ACT(MR_A_CDRZONE, c), 1);
        return rc;
    case MR_S_FORCE: {
        int own = 0, en = 0;
        for (int u = 0; u < rd->nunit; u++) {
            int fights = mr_is_real(rd, u) && rd->unit[u].kind != MR_K_BAG && s->u[u].zone == z;
            own |= fights && moving(s, u);
            en |= fights && rd->unit[u].side != s->phasing;
        }
        rc = wg__opt_push(g, MR_ACT(MR_A_STOP, 0), 1);
        if (rc == WG_OK && !s->mv.boat && own && en) /* a forced passage needs fighting units (GAP-40) */
            rc = wg__opt_push(g, MR_ACT(MR_A_FORCE, 0), 1);
        return rc;
    }
    case MR_S_MOVE: {
        int nmov = 0;
        for (int u = 0; u < rd->nunit; u++)
            nmov += moving(s, u);
        rc = wg__opt_push(g, MR_ACT(MR_A_STOP, 0), 1);
        for (int c = 0; c < rd->nconn && rc == WG_OK; c++)
            if (conn_ok(g, c, err))
                rc = wg__opt_push(g, MR_ACT(MR_A_CONN, c), 1);
        for (int u = 0; u < rd->nunit && rc == WG_OK && nmov > 1 && s->mv.nconn > 0; u++)
            if (moving(s, u) && !(s->u[u].flags & MR_UF_DEMOR)) /* LM-STACK-05, LM-STACK-06, PD-08 */
                rc = wg__opt_push(g, MR_ACT(MR_A_DROP, u), 1);
        for (int u = 0; u < rd->nunit && rc == WG_OK; u++) {
            if (garrison_ok(g, u, err)) /* LM-GARRISON-01, PD-12 */
                rc = wg__opt_push(g, MR_ACT(MR_A_GARRISON, u), 1);
            if (rc == WG_OK && recover_ok(g, u, err)) /* LM-GARRISON-03 */
                rc = wg__opt_push(g, MR_ACT(MR_A_RECOVER, u), 1);
        }
        return rc;
    }
    default:
        return WG_ESTATE;
    }
}

void mr_move_why(const wg_game *g, uint64_t a, char *err)
{
    if (MR_ATYPE(a) == MR_A_CONN && MR_ST(g)->stage == MR_S_MOVE && !conn_ok(g, MR_AARG(a), err))
        return;
    if (MR_ATYPE(a) == MR_A_GARRISON && !garrison_ok(g, MR_AARG(a), err))
        return;
    if (MR_ATYPE(a) == MR_A_RECOVER && !recover_ok(g, MR_AARG(a), err))
        return;
    wg__seterr(err, WG_EILLEGAL, "that action is not an option of the movement now (LM-MOVE-01)");
}

/* After the draws and returns of a connection: the fatigue check (LM-FATIGUE-12, GAP-35). */
static int fatigue_check(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int rc;
    for (int u = 0; u < rd->nunit; u++) {
        if (!moving(s, u))
            continue;
        int k = rd->unit[u].kind;
        if (k != MR_K_INF && k != MR_K_CAV) /* LM-FATIGUE-13 */
            continue;
        int m = mr_unit_morale(rd, s, u);
        if (s->mv.fatigue > m) {
            s->u[u].flags |= MR_UF_STOP;
            EV(MR_EV_FLOSS, "LM-FATIGUE-12", MR_VIS(rd->unit[u].side), u, s->mv.fatigue, m, k == MR_K_INF);
            if (k == MR_K_INF && !(s->u[u].flags & MR_UF_FTLOSS)) {
                s->u[u].flags |= MR_UF_FTLOSS;
                if (s->u[u].steps <= 1) {
                    if ((rc = mr_eliminate(g, u, "LM-OOB-04")) != WG_OK)
                        return rc;
                } else {
                    s->u[u].steps--; /* LM-OOB-03 */
                }
            }
        }
    }
    return WG_OK;
}

/* The stack has entered the zone and settled its fatigue: axes, forced passage, or go on. */
static int after_entry(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int z = s->mv.zone, side = s->phasing, rc;
    if ((rc = fatigue_check(g)) != WG_OK)
        return rc;
    if (z >= 0 && (rd->zflags[z] & MR_ZF_OFFMAP)) { /* LM-SCEN1809-13, LM-VP-13: off the map */
        for (int u = 0; u < rd->nunit; u++) {
            if (!(s->u[u].flags & MR_UF_SEL) || s->u[u].zone != z || rd->unit[u].side != side)
                continue;
            s->u[u].zone = MR_Z_EXIT;
            EV(MR_EV_EXIT, "LM-SCEN1809-13", MR_VIS_ALL, u, s->turn, 0, 0);
            if (rd->unit[u].kind == MR_K_INF && s->turn >= rd->may18_turn)
                if ((rc = mr_score_vp(g, MR_FR, 1, "LM-VP-13", u)) != WG_OK)
                    return rc;
        }
        for (int u = 0; u < rd->nunit; u++) /* decoys that went along go back to the pool */
            if (rd->unit[u].kind == MR_K_DECOY && s->u[u].zone == z)
                s->u[u].zone = MR_Z_POOL;
        return mr_move_end(g);
    }
    if (s->mv.conn >= 0 && mr_enemy_in(rd, s, z, side, 0) && s->stage != MR_S_AXIS) {
        /* LM-RETREATAXIS-01/02/03/05/06 */
        if (s->axis[z][1 - side] == s->mv.conn) {
            s->axis[z][1 - side] = -2; /* LM-RETREATAXIS-05 */
            EV(MR_EV_AXIS_LOST, "LM-RETREATAXIS-05", MR_VIS_ALL, 1 - side, z, s->mv.conn, 0);
        }
        if (s->axis[z][side] == -1) {
            int b = MR_C_BASE(rd->ctype[s->mv.conn]);
            if ((s->mv.after_dis && s->mv.nconn == 1) || b == MR_C_BOAT || b == MR_C_FERRY) {
                s->axis[z][side] = -2; /* LM-RETREATAXIS-03, GAP-31, LM-SCEN1809-14 */
                EV(MR_EV_AXIS, "LM-RETREATAXIS-03", MR_VIS_ALL, side, z, -1, 0);
            } else {
                s->axis[z][side] = (int8_t)s->mv.conn; /* LM-RETREATAXIS-02 */
                EV(MR_EV_AXIS, "LM-RETREATAXIS-02", MR_VIS_ALL, side, z, s->mv.conn, 0);
            }
        }
        if (s->axis[z][1 - side] == -1) {
            int any = 0;
            for (int c = 0; c < rd->nconn; c++)
                any |= axis_ok(rd, s, z, 1 - side, c);
            if (any) {
                s->stage = MR_S_AXIS;
                s->who = (int8_t)(1 - side);
                return WG_OK;
            }
            s->axis[z][1 - side] = -2;
            EV(MR_EV_AXIS, "LM-RETREATAXIS-04", MR_VIS_ALL, 1 - side, z, -1, 0);
        }
        s->stage = MR_S_FORCE; /* LM-MOVE-05, PD-10 */
        s->who = (int8_t)side;
        return WG_OK;
    }
    s->stage = MR_S_MOVE;
    s->who = (int8_t)side;
    if (s->mv.boat)
        return mr_move_end(g);
    return WG_OK;
}

static int draws_done(wg_game *g)
{
    mr_state *s = MR_ST(g);
    int any = 0;
    for (int t = 0; t < MR_RD(g)->nft; t++)
        any |= s->mv.drawn[t] > 0;
    /* LM-FATIGUE-07/08/09, GAP-38.  The decision opens after every draw of fatigue, whether the stack
       may return a marker (baggage, a commander) or not, and whatever the markers' values: its
       existence would tell the other side what the hidden stack holds or drew (LM-FOG-01) */
    if (any) {
        s->stage = MR_S_FRETURN;
        return WG_OK;
    }
    return after_entry(g);
}

/* LM-BAGGAGE-03, GAP-51: enemy baggage/artillery alone is eliminated when troops enter. */
static int catch_alone(wg_game *g, int z, int side)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int troops = 0, rc;
    for (int u = 0; u < rd->nunit; u++)
        if (moving(s, u) && mr_is_troop(rd, u))
            troops = 1;
    if (!troops)
        return WG_OK;
    for (int u = 0; u < rd->nunit; u++)
        if (s->u[u].zone == z && rd->unit[u].side != side && mr_is_troop(rd, u))
            return WG_OK;
    for (int u = 0; u < rd->nunit; u++) {
        int k = rd->unit[u].kind;
        if (s->u[u].zone == z && rd->unit[u].side != side && (k == MR_K_BAG || k == MR_K_ART))
            if ((rc = mr_eliminate(g, u, "LM-BAGGAGE-03")) != WG_OK)
                return rc;
    }
    return WG_OK;
}

static int cdr_dest_ok(const mr_rdata *rd, const mr_state *s, int u, int c)
{
    int z = s->u[u].zone;
    if (z < 0 || (rd->ca[c] != z && rd->cb[c] != z) || (rd->ctype[c] & MR_CF_IMPASS))
        return 0;
    int b = MR_C_BASE(rd->ctype[c]);
    if (b == MR_C_BOAT || b == MR_C_FERRY || b == MR_C_EXIT)
        return 0;
    /* not where he sees enemy counters, whatever they hide (LM-FOG-01) */
    return mr_zone_count(rd, s, mr_other_zone(rd, c, z), 1 - rd->unit[u].side) == 0;
}

/* LM-CDR-04: enemy commanders alone (with decoys at most) in the zone entered by troops test one by one;
   commanders entering alone (with decoys at most) a zone holding an enemy stack test the same way,
   one by one, and the survivors escape to an adjacent zone, which ends the move (§7.1: the test is
   the lone commander's in a zone with an enemy stack, whoever entered); otherwise the fatigue draws
   of the connection. */
static int next_lone(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int z = s->mv.zone, side = s->phasing, troops = 0, own = 0;
    for (int u = 0; u < rd->nunit; u++) {
        troops |= moving(s, u) && mr_is_troop(rd, u);
        own |= s->u[u].zone == z && rd->unit[u].side == side && mr_is_real(rd, u);
    }
    if (s->mv.conn >= 0 && !own && mr_enemy_in(rd, s, z, side, 0)) {
        for (int u = s->mv.lonecdr + 1; u < rd->nunit; u++)
            if (moving(s, u) && s->u[u].zone == z && rd->unit[u].kind == MR_K_CDR) {
                if (s->mv.lonecdr < 0) { /* LM-CDR-04: the test shows what the counters are */
                    EV(MR_EV_LONECDR, "LM-CDR-04", MR_VIS_ALL, side, z, 0, 0);
                    mr_know_identify_zone(g, z, side);
                }
                s->mv.lonecdr = (int8_t)u;
                s->stage = MR_S_CDRROLL;
                s->who = (int8_t)side;
                return WG_OK;
            }
        s->mv.lonecdr = -1;
        s->mv.pending = 0;
        s->who = (int8_t)side;
        return mr_move_end(g);
    }
    if (!troops && s->mv.lonecdr < 0 && s->mv.conn >= 0 && !mr_enemy_in(rd, s, z, side, 0)) {
        /* a stack without troops meets a lone commander: no test, but what the counters are shows in
           what follows (no Retraite marker, no forced passage) (LM-CDR-04, LM-FOG-01) */
        for (int u = 0; u < rd->nunit; u++)
            if (s->u[u].zone == z && rd->unit[u].side != side && rd->unit[u].kind == MR_K_CDR) {
                EV(MR_EV_LONECDR, "LM-CDR-04", MR_VIS_ALL, 1 - side, z, 1, 0);
                mr_know_identify_zone(g, z, 1 - side);
                break;
            }
    }
    if (troops && !mr_enemy_in(rd, s, z, side, 0)) {
        for (int u = s->mv.lonecdr + 1; u < rd->nunit; u++)
            if (s->u[u].zone == z && rd->unit[u].side != side && rd->unit[u].kind == MR_K_CDR) {
                if (s->mv.lonecdr < 0) {
                    EV(MR_EV_LONECDR, "LM-CDR-04", MR_VIS_ALL, 1 - side, z, 0, 0);
                    mr_know_identify_zone(g, z, 1 - side);
                }
                s->mv.lonecdr = (int8_t)u;
                s->stage = MR_S_CDRROLL;
                s->who = (int8_t)side;
                return WG_OK;
            }
    }
    s->mv.lonecdr = -1;
    s->who = (int8_t)side;
    if (s->mv.pending == 0 || wg__pool_count(&s->fatigue) == 0) {
        s->mv.pending = 0;
        return draws_done(g);
    }
    s->stage = MR_S_FDRAW;
    return WG_OK;
}

int mr_move_apply(wg_game *g, uint64_t a)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int t = MR_ATYPE(a), arg = MR_AARG(a), side = s->phasing, rc;
    switch (t) {
    case MR_A_DRAW: { /* LM-FATIGUE-01/10 */
        arg = wg__pool_slot_type(&s->fatigue, (unsigned)arg);
        if ((rc = wg__pool_take(&s->fatigue, arg)) != WG_OK)
            return rc;
        if (s->mv.nconn == 0 && s->mv.canicule) /* LM-EVENTS-04: the Canicule marker cannot be returned */
            s->mv.canicule = 0;
        else
            s->mv.drawn[arg]++;
        s->mv.fatigue = (uint8_t)(s->mv.fatigue + rd->ftval[arg]);
        s->mv.pending--;
        /* LM-FOG-02, GAP-62: the value is seen by the mover only */
        EV(MR_EV_FDRAW, "LM-FATIGUE-01", MR_VIS(side), side, rd->ftval[arg], s->mv.fatigue, 0);
        if (s->mv.pending > 0 && wg__pool_count(&s->fatigue) > 0)
            return WG_OK;
        if (s->mv.pending > 0) /* GAP-04: the pool ran out; the remaining draws are skipped */
            EV(MR_EV_FDRAW, "LM-FATIGUE-11", MR_VIS_ALL, side, -1, s->mv.pending, 0);
        s->mv.pending = 0;
        /* after the pre-move draws (A combattu, Canicule) as after a connection's: the return of a
           drawn marker is open (LM-FATIGUE-05/07/08), then the fatigue check */
        return draws_done(g);
    }
    case MR_A_FRETURN:
        wg__pool_put_back(&s->fatigue, arg);
        s->mv.drawn[arg]--;
        s->mv.fatigue = (uint8_t)(s->mv.fatigue - rd->ftval[arg]);
        {
            const char *rule = s->mv.cdr_ret ? "LM-FATIGUE-08" : "LM-FATIGUE-07";
            if (s->mv.cdr_ret)
                s->mv.cdr_ret = 0;
            else
                s->mv.bag_ret = 0;
            EV(MR_EV_FRETURN, rule, MR_VIS(side), side, rd->ftval[arg], s->mv.fatigue, 0);
        }
        if (s->mv.bag_ret || s->mv.cdr_ret)
            return WG_OK;
        return after_entry(g);
    case MR_A_NORETURN:
        return after_entry(g);
    case MR_A_AXIS: /* LM-RETREATAXIS-04, PD-15 */
        s->axis[s->mv.zone][s->who] = (int8_t)arg;
        EV(MR_EV_AXIS, "LM-RETREATAXIS-04", MR_VIS_ALL, s->who, s->mv.zone, arg, 0);
        s->stage = MR_S_FORCE;
        s->who = (int8_t)side;
        return WG_OK;
    case MR_A_FORCE: /* LM-MOVE-06 */
        return mr_combat_begin(g, s->mv.zone, side, 1);
    case MR_A_STOP:
        return mr_move_end(g);
    case MR_A_GARRISON: { /* LM-GARRISON-01, LM-RECUP-03 */
        int gu = free_garrison(rd, s, side);
        s->u[arg].steps--;
        s->u[arg].gar_loss++;
        s->u[gu].zone = s->mv.zone;
        s->u[gu].steps = 1;
        s->u[gu].flags = MR_UF_ACT;
        s->mv.garr = 1;
        EV(MR_EV_GARRISON, "LM-GARRISON-01", MR_VIS(side), arg, gu, 1, s->mv.zone);
        return s->mv.nconn > 0 ? mr_move_end(g) : WG_OK;
    }
    case MR_A_RECOVER: { /* LM-GARRISON-03 */
        int gu = garrison_here(rd, s, s->mv.zone, side);
        s->u[arg].steps++;
        if (s->u[arg].gar_loss)
            s->u[arg].gar_loss--;
        s->u[gu].zone = MR_Z_POOL;
        s->u[gu].flags = 0;
        s->mv.garr = 1;
        EV(MR_EV_GARRISON, "LM-GARRISON-03", MR_VIS(side), arg, gu, 0, s->mv.zone);
        return s->mv.nconn > 0 ? mr_move_end(g) : WG_OK;
    }
    case MR_A_ROLL: { /* LM-CDR-04: the lone commander's test */
        int u = s->mv.lonecdr;
        int e = mr_commander_eliminated(arg);
        EV(MR_EV_CDR, "LM-CDR-04", MR_VIS_ALL, u, arg, e, 0);
        if (e) {
            if ((rc = mr_eliminate(g, u, "LM-CDR-04")) != WG_OK)
                return rc;
            return next_lone(g);
        }
        int any = 0;
        for (int c = 0; c < rd->nconn; c++)
            any |= cdr_dest_ok(rd, s, u, c);
        if (!any) { /* GAP-50: nowhere to go */
            if ((rc = mr_eliminate(g, u, "LM-CDR-04")) != WG_OK)
                return rc;
            return next_lone(g);
        }
        s->stage = MR_S_CDRMOVE;
        s->who = (int8_t)rd->unit[u].side;
        return WG_OK;
    }
    case MR_A_CDRZONE: {
        int u = s->mv.lonecdr;
        int to = mr_other_zone(rd, arg, s->u[u].zone);
        EV(MR_EV_RETREAT, "LM-CDR-04", MR_VIS_ALL, rd->unit[u].side, s->u[u].zone, to, arg);
        int from = s->u[u].zone;
        s->u[u].zone = (int8_t)to;
        if (!mr_side_in(rd, s, from, rd->unit[u].side)) /* LM-DECOY-03: his decoys go with him */
            for (int d = 0; d < rd->nunit; d++)
                if (rd->unit[d].kind == MR_K_DECOY && rd->unit[d].side == rd->unit[u].side && s->u[d].zone == from)
                    s->u[d].zone = (int8_t)to;
        s->who = (int8_t)side;
        return next_lone(g);
    }
    case MR_A_DROP:
        s->u[arg].flags &= (uint8_t)~MR_UF_SEL;
        EV(MR_EV_STOP, "LM-STACK-05", MR_VIS(side), side, s->mv.zone, -1, arg);
        return WG_OK;
    case MR_A_CONN: {
        int c = arg, from = s->mv.zone, to = mr_other_zone(rd, c, from), b = MR_C_BASE(rd->ctype[c]);
        int steps = stack_steps(rd, s);
        int cut = mr_cut_off(rd, s, from, side);
        for (int u = 0; u < rd->nunit; u++) {
            if (!moving(s, u))
                continue;
            s->u[u].mp = (uint8_t)(s->u[u].mp - unit_cost(rd, u, c)); /* LM-MOVE-04 */
            s->u[u].zone = (int8_t)to;
            if (rd->ctype[c] & MR_CF_STREAM)
                s->u[u].flags |= MR_UF_RIVER; /* LM-RIVER-01, GAP-16 */
        }
        /* LM-DECOY-03, GAP-53: the decoys going with the stack (no MP of their own, no fatigue) cross
           with it and take its markers; one left alone is removed at the end of this step (LM-DECOY-02) */
        for (int u = 0; u < rd->nunit; u++)
            if (rd->unit[u].kind == MR_K_DECOY && rd->unit[u].side == side && (s->u[u].follow & MR_FOLLOWS) && s->u[u].zone == from) {
                s->u[u].zone = (int8_t)to;
                if (rd->ctype[c] & MR_CF_STREAM)
                    s->u[u].flags |= MR_UF_RIVER;
            }
        if (b == MR_C_BOAT || b == MR_C_FERRY) {
            s->boat_used[c] = 1;
            s->mv.boat = 1;
        }
        s->zfought[to] |= (uint8_t)MR_ZNEW(side); /* LM-SEQ-06, GAP-54: a new stack in the zone */
        s->mv.from = (int8_t)from;
        s->mv.zone = (int8_t)to;
        s->mv.conn = (int16_t)c;
        s->mv.nconn++;
        EV(MR_EV_CONN, "LM-MOVE-01", MR_VIS_ALL, side, from, to, c);
        /* LM-SCEN1809-13, GAP-58: a "Vers Espagne" exit is a connection like another into the off-map
           box: its fatigue is drawn (and tallied) before the stack leaves the map (after_entry) */
        /* LM-FATIGUE-06: not a lone commander; GAP-51: baggage or artillery caught alone is an enemy
           stack the entering stack draws for, though it is eliminated at once */
        int enemy = mr_enemy_in(rd, s, to, side, 0);
        /* entering where the enemy stands, the stack shows whether it is a lone commander (a test
           follows or not): the enemy keeps track of these counters (LM-CDR-04, LM-FOG-01) */
        for (int u = 0; u < rd->nunit; u++)
            if (s->u[u].zone == to && rd->unit[u].side == side && (moving(s, u) || (s->u[u].follow & MR_FOLLOWS)))
                if (mr_zone_count(rd, s, to, 1 - side) > 0)
                    mr_know_identify_unit(g, u);
        if ((rc = catch_alone(g, to, side)) != WG_OK)
            return rc;
        int n = mr_fatigue_draws(steps, cut, enemy);
        s->mv.pending = (uint8_t)n;
        EV(MR_EV_FDRAW, "LM-FATIGUE-03", MR_VIS_ALL, side, -2, n, cut);
        s->mv.lonecdr = -1;
        return next_lone(g);
    }
    default:
        return WG_ESTATE;
    }
}

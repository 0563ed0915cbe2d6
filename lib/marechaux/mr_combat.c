/* Les Maréchaux: the combat procedure (5.6): reveal, cavalry withdrawal, amplitude, events, artillery,
 * strength ratio, head units, CP, melee, losses, retreat, demoralization, pursuit, commanders, markers. */
#include "marechaux.h"

#include <string.h>

#define EV(...)                                                                                                    \
    do {                                                                                                           \
        if (!mr_ev(g, __VA_ARGS__))                                                                                \
            return WG_ENOMEM;                                                                                      \
    } while (0)

enum {
    CB_WD_ATT = 1,
    CB_WD_DEF,
    CB_EV_ATT,
    CB_EV_DEF,
    CB_ART_ATT,
    CB_ART_DEF,
    CB_CTR_ATT, /* window after the artillery shots (Counter Battery) */
    CB_CTR_DEF,
    CB_HEAD_ATT,
    CB_HEAD_DEF,
    CB_DIE_ATT,
    CB_DIE_DEF,
    CB_CHARGE, /* window before the melee losses are placed (Charge Incontrôlée) */
    CB_LOSS,
    CB_RETREAT,
    CB_LOSS2,
    CB_DEMOR,
    CB_PURSUIT,
    CB_PLOSS,
    CB_CDR,
    CB_LONE,
    CB_END
};

static int part(const mr_rdata *rd, const mr_state *s, int u, int side)
{
    return (s->u[u].flags & MR_UF_SEL) && rd->unit[u].side == side && s->u[u].zone >= 0;
}

void mr_combat_side(const mr_rdata *rd, const mr_state *s, int side, mr_side_calc *c)
{
    memset(c, 0, sizeof *c);
    c->in_cover = rd->terrain[s->cb.zone] != MR_T_CLEAR;
    for (int u = 0; u < rd->nunit; u++) {
        if (!part(rd, s, u, side))
            continue;
        int k = rd->unit[u].kind;
        if (k == MR_K_INF)
            c->inf += s->u[u].steps;
        else if (k == MR_K_GAR)
            c->inf++;
        else if (k == MR_K_CAV)
            c->cav++;
        else if (k == MR_K_ART)
            c->art++;
    }
}

static int only_cav(const mr_rdata *rd, const mr_state *s, int side)
{
    int cav = 0;
    for (int u = 0; u < rd->nunit; u++) {
        if (!part(rd, s, u, side))
            continue;
        int k = rd->unit[u].kind;
        if (k == MR_K_CAV)
            cav++;
        else if (k != MR_K_CDR)
            return 0;
    }
    return cav > 0;
}

static int side_zone(const mr_rdata *rd, const mr_state *s, int side)
{
    for (int u = 0; u < rd->nunit; u++)
        if (part(rd, s, u, side))
            return s->u[u].zone;
    return -1;
}

/* LM-MELEE-17/18/19, GAP-43. */
int mr_combat_head_ok(const mr_rdata *rd, const mr_state *s, int u, int side)
{
    int k = rd->unit[u].kind;
    if (!part(rd, s, u, side))
        return 0;
    if (k == MR_K_INF || k == MR_K_GAR)
        return 1;
    if (k != MR_K_CAV)
        return 0;
    if (rd->terrain[s->cb.zone] == MR_T_CLEAR)
        return 1;
    for (int v = 0; v < rd->nunit; v++)
        if (part(rd, s, v, side) && (rd->unit[v].kind == MR_K_INF || rd->unit[v].kind == MR_K_GAR))
            return 0;
    return 1;
}

static int loss_ok(const wg_game *g, int u, int side)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int k = rd->unit[u].kind;
    if (!part(rd, s, u, side) || k == MR_K_CDR || k == MR_K_FLEET || k == MR_K_DECOY)
        return 0;
    if (s->cb.lossfirst[side]) {
        if (s->cb.charge && side == MR_AA) { /* LM-EVENTS-06 */
            int anyb = 0;
            for (int v = 0; v < rd->nunit; v++)
                anyb |= part(rd, s, v, side) && rd->unit[v].kind == MR_K_CAV && rd->unit[v].british;
            if (anyb)
                return k == MR_K_CAV && rd->unit[u].british;
        }
        if (s->cb.head[side] >= 0 && part(rd, s, s->cb.head[side], side))
            return u == s->cb.head[side]; /* LM-MELEE-22 */
    }
    if (s->cb.losskind[side]) { /* LM-PURSUIT-06 */
        int anyba = 0;
        for (int v = 0; v < rd->nunit; v++)
            anyba |= part(rd, s, v, side) && (rd->unit[v].kind == MR_K_BAG || rd->unit[v].kind == MR_K_ART);
        if (anyba)
            return k == MR_K_BAG || k == MR_K_ART;
    }
    return 1;
}

static int any_loss_target(const wg_game *g, int side)
{
    for (int u = 0; u < MR_RD(g)->nunit; u++)
        if (loss_ok(g, u, side))
            return 1;
    return 0;
}

/* Whether side holds any event: the opponent knows that much (the count is public, LM-FOG-03). */
static int holds_event(const mr_rdata *rd, const mr_state *s, int side)
{
    for (int e = 0; e < rd->nevt; e++)
        if (s->hand[side][e] > 0)
            return 1;
    return 0;
}

/* Events playable in the current window (§9 italics, GAP-56): after the amplitude the CP events; after
   the artillery shots Counter Battery while an enemy success is left to cancel; before the melee losses
   are placed Charge Incontrôlée (French, the AA stack losing steps and holding British cavalry). */
static int playable_event(const wg_game *g, int side, int e)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    if (s->hand[side][e] <= 0)
        return 0;
    int ef = rd->evt[e].effect, st = s->cb.step;
    if (st == CB_EV_ATT || st == CB_EV_DEF)
        return ef == MR_E_CP;
    if (st == CB_CTR_ATT || st == CB_CTR_DEF)
        return ef == MR_E_COUNTER && s->cb.art[1 - side] > s->cb.counter[side];
    if (st == CB_CHARGE && ef == MR_E_CHARGE && side == MR_FR && !s->cb.charge && s->cb.loss[MR_AA] > 0) {
        for (int u = 0; u < rd->nunit; u++)
            if (part(rd, s, u, MR_AA) && rd->unit[u].kind == MR_K_CAV && rd->unit[u].british)
                return 1;
    }
    return 0;
}

static int demor_in(const mr_rdata *rd, const mr_state *s, int side)
{
    for (int u = 0; u < rd->nunit; u++)
        if (part(rd, s, u, side) && (s->u[u].flags & MR_UF_DEMOR))
            return 1;
    return 0;
}

static int river_in(const mr_rdata *rd, const mr_state *s, int side)
{
    for (int u = 0; u < rd->nunit; u++)
        if (part(rd, s, u, side) && (s->u[u].flags & MR_UF_RIVER))
            return 1;
    return 0;
}

void mr_combat_cp(const wg_game *g, int side, mr_cp *cp)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int z = s->cb.zone;
    memset(cp, 0, sizeof *cp);
    cp->events = s->cb.evcp[side];                                            /* LM-MELEE-02 */
    cp->art = s->cb.art[side];                                                /* LM-MELEE-03 */
    cp->ratio = s->cb.ratio[side];                                            /* LM-MELEE-04 */
    cp->head = s->cb.head[side] >= 0 ? mr_unit_morale(rd, s, s->cb.head[side]) : 0; /* LM-MELEE-05 */
    int has = 0;
    int sv = 0;
    for (int u = 0; u < rd->nunit; u++)
        if (part(rd, s, u, side) && rd->unit[u].kind == MR_K_CDR) {
            has = 1;
            if (rd->unit[u].cic) {
                sv = rd->unit[u].sv;
                break;
            }
            if (rd->unit[u].sv > sv)
                sv = rd->unit[u].sv;
        }
    cp->sv = has ? sv : 0;                                                   /* LM-MELEE-06, LM-CDR-05 */
    cp->terrain = side != s->cb.att ? rd->defval[z] : 0;                     /* LM-MELEE-07 */
    cp->noaxis = s->axis[z][side] < 0 ? -2 : 0;                              /* LM-MELEE-08 */
    cp->river = river_in(rd, s, side) ? -1 : 0;                              /* LM-MELEE-09 */
    cp->forced = s->cb.forced && side == s->cb.att ? -2 : 0;                 /* LM-MELEE-10 */
    cp->demor = demor_in(rd, s, side) ? -2 : 0;                              /* LM-MELEE-11 */
    cp->die = s->cb.die[side];                                               /* LM-MELEE-12 */
}

static int melee(wg_game *g, int *w, int *l, int *r, char *err)
{
    mr_state *s = MR_ST(g);
    mr_cp a, d;
    wg_table *t = g->ntables > 0 ? g->tables[0] : NULL;
    mr_combat_cp(g, s->cb.att, &a);
    mr_combat_cp(g, 1 - s->cb.att, &d);
    int diff = mr_cp_total(&a) - mr_cp_total(&d);
    if (!t)
        return wg__seterr(err, WG_EDATA, "no melee table");
    return mr_melee_resolve(w, l, r, t, diff, s->cb.amplitude, err);
}

static int retreat_dest_ok(const mr_rdata *rd, const mr_state *s, int side, int from, int c)
{
    if (rd->ca[c] != from && rd->cb[c] != from)
        return 0;
    int o = mr_other_zone(rd, c, from);
    if (o == s->cb.zone || mr_enemy_in(rd, s, o, side, 0) || (rd->ctype[c] & MR_CF_IMPASS))
        return 0;
    int b = MR_C_BASE(rd->ctype[c]);
    if (b == MR_C_BOAT || b == MR_C_FERRY)
        return 0;
    if (b == MR_C_EXIT && side != MR_FR)
        return 0;
    for (int u = 0; u < rd->nunit; u++)
        if (part(rd, s, u, side) && !mr_conn_usable(rd, s, c, side, u) && b != MR_C_EXIT)
            return 0;
    return 1;
}

static int move_side(wg_game *g, int side, int c, const char *rule)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int from = side_zone(rd, s, side), to = mr_other_zone(rd, c, from);
    for (int u = 0; u < rd->nunit; u++)
        if (part(rd, s, u, side)) {
            if (rd->zflags[to] & MR_ZF_OFFMAP) { /* LM-SCEN1809-13: an exit may follow a retreat */
                s->u[u].zone = MR_Z_EXIT;
                EV(MR_EV_EXIT, "LM-SCEN1809-13", MR_VIS_ALL, u, s->turn, 1, 0);
                if (rd->unit[u].kind == MR_K_INF && rd->unit[u].side == MR_FR && s->turn >= rd->may18_turn) {
                    int rc = mr_score_vp(g, MR_FR, 1, "LM-VP-13", u);
                    if (rc != WG_OK)
                        return rc;
                }
            } else {
                s->u[u].zone = (int8_t)to;
            }
        }
    EV(MR_EV_RETREAT, rule, MR_VIS_ALL, side, from, to, c);
    return WG_OK;
}

static int advance(wg_game *g);

static int lone_dest_ok(const mr_rdata *rd, const mr_state *s, int u, int c)
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

int mr_combat_begin(wg_game *g, int zone, int att, int forced)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int rc;
    memset(&s->cb, 0, sizeof s->cb);
    s->cb.zone = (int8_t)zone;
    s->cb.att = (int8_t)att;
    s->cb.forced = (int8_t)forced;
    s->cb.head[0] = s->cb.head[1] = -1;
    s->cb.winner = -1;
    s->cb.cdr = -1;
    s->combat_turn = 1; /* LM-VP-10, GAP-57 */
    for (int u = 0; u < rd->nunit; u++) /* LM-COMBAT-03: every defending unit in the zone (LM-SCEN1808-11: not the fleet) */
        if (s->u[u].zone == zone && rd->unit[u].side != att && rd->unit[u].kind != MR_K_FLEET)
            s->u[u].flags |= MR_UF_SEL;
    /* LM-MOVE-05/06, §5.5: only the units in the combat zone fight; units of the moving stack stopped by
       fatigue in a zone before it take no part (nor in the retreat) */
    for (int u = 0; u < rd->nunit; u++)
        if ((s->u[u].flags & MR_UF_SEL) && rd->unit[u].side == att && s->u[u].zone != zone)
            s->u[u].flags &= (uint8_t)~MR_UF_SEL;
    EV(MR_EV_COMBAT, forced ? "LM-MOVE-06" : "LM-COMBAT-01", MR_VIS_ALL, att, zone, forced, 0);
    /* LM-COMBAT-04, LM-DECOY-04: turned over; decoys removed */
    for (int u = 0; u < rd->nunit; u++) {
        if (!(s->u[u].flags & MR_UF_SEL) && !(rd->unit[u].kind == MR_K_DECOY && s->u[u].zone == zone))
            continue;
        if (s->u[u].zone != zone)
            continue;
        if (rd->unit[u].kind == MR_K_DECOY) {
            if ((rc = mr_eliminate(g, u, "LM-DECOY-04")) != WG_OK)
                return rc;
            continue;
        }
        s->u[u].flags |= MR_UF_REVEAL;
        EV(MR_EV_REVEAL, "LM-COMBAT-04", MR_VIS_ALL, u, mr_unit_steps(rd, s, u), 0, 0);
    }
    /* LM-COMBAT-01, GAP-40, GAP-53: the attacker declared on the counters he saw; turned over, they may
       hold no unit that fights (decoys, commanders, baggage): no combat.  Baggage so caught is
       eliminated (LM-BAGGAGE-03); a commander stays.  The attacking stack is activated. */
    int fights = 0;
    for (int u = 0; u < rd->nunit; u++)
        fights |= part(rd, s, u, 1 - att) && mr_is_real(rd, u) && rd->unit[u].kind != MR_K_BAG;
    if (!fights && !forced) {
        EV(MR_EV_NOFIGHT, "LM-COMBAT-01", MR_VIS_ALL, 1 - att, zone, 0, 0);
        for (int u = 0; u < rd->nunit; u++) {
            if (part(rd, s, u, 1 - att) && rd->unit[u].kind == MR_K_BAG)
                if ((rc = mr_eliminate(g, u, "LM-BAGGAGE-03")) != WG_OK)
                    return rc;
            if (part(rd, s, u, att))
                s->u[u].flags |= MR_UF_ACT;
        }
        for (int u = 0; u < rd->nunit; u++)
            if (rd->unit[u].side != att)
                s->u[u].flags &= (uint8_t)~MR_UF_SEL;
        s->cb.zone = -1;
        return mr_end_operation(g);
    }
    s->cb.step = CB_WD_ATT;
    return advance(g);
}

/* The losers' retreat (LM-RETREAT-01..05, LM-GARRISON-06). */
static int start_retreat(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int L = 1 - s->cb.winner, z = s->cb.zone, rc;
    for (int u = 0; u < rd->nunit; u++) {
        if (part(rd, s, u, L))
            s->u[u].flags |= MR_UF_ACT; /* LM-RETREAT-04 */
        if (part(rd, s, u, L) && rd->unit[u].kind == MR_K_GAR && s->cb.retreat > 0)
            if ((rc = mr_eliminate(g, u, "LM-GARRISON-06")) != WG_OK)
                return rc;
    }
    if (s->cb.retreat <= 0 || side_zone(rd, s, L) < 0)
        return WG_OK;
    int c = s->axis[z][L];
    if (c < 0 || !retreat_dest_ok(rd, s, L, z, c)) { /* LM-RETREAT-03 */
        s->cb.loss[L]++;
        s->cb.lossfirst[L] = 0;
        s->cb.losskind[L] = 0;
        EV(MR_EV_RETREAT, "LM-RETREAT-03", MR_VIS_ALL, L, z, -1, -1);
        return WG_OK;
    }
    if ((rc = move_side(g, L, c, "LM-RETREAT-02")) != WG_OK)
        return rc;
    s->cb.retreated = 1;
    if (rd->ctype[c] & MR_CF_BRIDGE) { /* LM-RETREAT-05 */
        s->cb.loss[L]++;
        s->cb.lossfirst[L] = 0;
        s->cb.losskind[L] = 0;
        EV(MR_EV_RETREAT, "LM-RETREAT-05", MR_VIS_ALL, L, z, c, -2);
    }
    return WG_OK;
}

static int retreat_choices(const wg_game *g)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int L = 1 - s->cb.winner, from = side_zone(rd, s, L), n = 0;
    if (from < 0 || (rd->zflags[from] & MR_ZF_OFFMAP))
        return 0;
    for (int c = 0; c < rd->nconn; c++)
        n += retreat_dest_ok(rd, s, L, from, c);
    return n;
}

static int finish(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int z = s->cb.zone, rc;
    int mover_won = s->cb.forced && s->cb.winner == s->cb.att;
    for (int u = 0; u < rd->nunit; u++) {
        if (!(s->u[u].flags & MR_UF_SEL) || s->u[u].zone < 0)
            continue;
        /* LM-COMBAT-11, GAP-17, LM-MOVE-07 */
        if (!s->cb.wdok && (!(s->u[u].flags & MR_UF_ACT) || s->cb.winner < 0 ||
                            (s->cb.forced && rd->unit[u].side == s->cb.att)))
            s->u[u].acomb++;
        s->u[u].flags &= (uint8_t)~(MR_UF_RIVER | MR_UF_REVEAL); /* LM-RIVER-03 */
        s->u[u].fought = 1;
    }
    s->zfought[z] = MR_ZFOUGHT; /* LM-SEQ-06, GAP-54: the stacks that entered before it are no longer new */
    EV(MR_EV_ACOMB, "LM-COMBAT-11", MR_VIS_ALL, z, s->cb.winner, 0, 0);
    if ((rc = mr_axes_clear(g)) != WG_OK) /* LM-RETREATAXIS-07 */
        return rc;
    /* LM-DECOY-02: a decoy alone is removed */
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].kind == MR_K_DECOY && s->u[u].zone >= 0 && !mr_side_in(rd, s, s->u[u].zone, rd->unit[u].side))
            if ((rc = mr_eliminate(g, u, "LM-DECOY-02")) != WG_OK)
                return rc;
    if (s->cb.forced) {
        int att = s->cb.att;
        for (int u = 0; u < rd->nunit; u++)
            if (rd->unit[u].side != att)
                s->u[u].flags &= (uint8_t)~MR_UF_SEL;
        s->cb.zone = -1;
        s->who = (int8_t)att;
        if (mover_won && side_zone(rd, s, att) >= 0) { /* LM-MOVE-07/08, GAP-33/34: convert to fatigue */
            int k = 0;
            for (int u = 0; u < rd->nunit; u++)
                if (part(rd, s, u, att) && s->u[u].acomb > k)
                    k = s->u[u].acomb;
            for (int u = 0; u < rd->nunit; u++)
                if (part(rd, s, u, att))
                    s->u[u].acomb = 0;
            s->mv.pending = (uint8_t)k;
            s->mv.zone = (int8_t)side_zone(rd, s, att);
            s->stage = k && wg__pool_count(&s->fatigue) ? MR_S_FDRAW : MR_S_MOVE;
            return WG_OK;
        }
        return mr_move_end(g);
    }
    return mr_end_operation(g);
}

static int advance(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int rc;
    for (;;) {
        int att = s->cb.att, def = 1 - att;
        int side = (s->cb.step % 2 == 1) ? att : def; /* odd steps: attacker first */
        switch (s->cb.step) {
        case CB_WD_ATT:
        case CB_WD_DEF: { /* LM-COMBAT-07 */
            int c = s->axis[s->cb.zone][side];
            if (only_cav(rd, s, side) && c >= 0 && retreat_dest_ok(rd, s, side, s->cb.zone, c)) {
                s->stage = MR_S_WITHDRAW;
                s->who = (int8_t)side;
                return WG_OK;
            }
            s->cb.step++;
            break;
        }
        case CB_EV_ATT:
        case CB_EV_DEF: {
            if (s->cb.step == CB_EV_ATT) { /* LM-COMBAT-10 */
                mr_side_calc a, d;
                mr_combat_side(rd, s, att, &a);
                mr_combat_side(rd, s, def, &d);
                int amp = mr_amplitude(&a, &d);
                s->cb.amplitude = (int8_t)(amp > 120 ? 120 : amp);
                EV(MR_EV_MELEE, "LM-COMBAT-10", MR_VIS_ALL, -1, s->cb.amplitude, 0, 0);
                if (amp == 0) { /* GAP-40: nothing left to fight (e.g. only decoys were turned over) */
                    s->cb.step = CB_END;
                    break;
                }
            }
            /* LM-EVT-10: after the amplitude, attacker first.  The window opens whenever the side
               holds an event, playable or not (LM-FOG-03): the opponent knows only how many */
            if (holds_event(rd, s, side)) {
                s->stage = MR_S_CBEVENT;
                s->who = (int8_t)side;
                return WG_OK;
            }
            s->cb.step++;
            break;
        }
        case CB_CTR_ATT:
        case CB_CTR_DEF:
        case CB_CHARGE: { /* LM-EVENTS-07 after the shots; LM-EVENTS-06 before the losses */
            int sd = s->cb.step == CB_CHARGE ? MR_FR : side;
            if (holds_event(rd, s, sd)) { /* as above: held, not only playable (LM-FOG-03) */
                s->stage = MR_S_CBEVENT;
                s->who = (int8_t)sd;
                return WG_OK;
            }
            s->cb.step++;
            break;
        }
        case CB_ART_ATT:
        case CB_ART_DEF: {
            mr_side_calc c;
            mr_combat_side(rd, s, side, &c);
            if (c.art > 0) { /* LM-MELEE-03 */
                s->stage = MR_S_ARTROLL;
                s->who = (int8_t)side;
                return WG_OK;
            }
            s->cb.step++;
            break;
        }
        case CB_HEAD_ATT:
        case CB_HEAD_DEF: {
            if (s->cb.step == CB_HEAD_ATT) { /* LM-EVENTS-07 then LM-MELEE-13/14 */
                for (int i = 0; i < 2; i++) {
                    int a = s->cb.art[i] - s->cb.counter[1 - i];
                    s->cb.art[i] = (int8_t)(a < 0 ? 0 : a);
                }
                mr_side_calc sc[2];
                int ratio[2], a10[2];
                mr_combat_side(rd, s, 0, &sc[0]);
                mr_combat_side(rd, s, 1, &sc[1]);
                mr_strength_ratio(ratio, a10, mr_tally(&sc[0], 0), mr_tally(&sc[1], 0));
                for (int i = 0; i < 2; i++) {
                    s->cb.ratio[i] = (int8_t)(ratio[i] > 100 ? 100 : ratio[i]);
                    s->cb.ratio10[i] = (int8_t)a10[i];
                }
            }
            int any = 0;
            for (int u = 0; u < rd->nunit; u++)
                any |= mr_combat_head_ok(rd, s, u, side);
            if (any) {
                s->stage = MR_S_HEAD;
                s->who = (int8_t)side;
                return WG_OK;
            }
            s->cb.step++;
            break;
        }
        case CB_DIE_ATT:
        case CB_DIE_DEF:
            s->stage = MR_S_CPROLL;
            s->who = (int8_t)side;
            return WG_OK;
        case CB_LOSS:
        case CB_LOSS2:
        case CB_PLOSS:
            for (int i = 0; i < 2; i++) {
                int sd = i == 0 ? att : def;
                if (s->cb.loss[sd] > 0 && !any_loss_target(g, sd))
                    s->cb.loss[sd] = 0; /* GAP-44 */
                if (s->cb.loss[sd] > 0) {
                    s->stage = MR_S_LOSS;
                    s->who = (int8_t)sd;
                    return WG_OK;
                }
            }
            s->cb.step++;
            if (s->cb.step == CB_RETREAT && s->cb.winner >= 0) {
                if ((rc = start_retreat(g)) != WG_OK)
                    return rc;
            }
            break;
        case CB_RETREAT:
            if (s->cb.winner >= 0 && s->cb.retreated > 0 && s->cb.retreated < s->cb.retreat && retreat_choices(g)) {
                s->stage = MR_S_RETREAT; /* LM-RETREAT-02, PD-22 */
                s->who = (int8_t)(1 - s->cb.winner);
                return WG_OK;
            }
            s->cb.step++;
            break;
        case CB_DEMOR: {
            int L = 1 - s->cb.winner;
            if (s->cb.winner >= 0 && !s->cb.wdok && side_zone(rd, s, L) >= 0) { /* LM-DEMOR-01/03 */
                int h = s->cb.head[L];
                if (h < 0 || !part(rd, s, h, L)) { /* LM-DEMOR-02, GAP-12 */
                    int best = -1, bm = -1;
                    for (int u = 0; u < rd->nunit; u++)
                        if (mr_combat_head_ok(rd, s, u, L) && mr_unit_morale(rd, s, u) > bm)
                            best = u, bm = mr_unit_morale(rd, s, u);
                    s->cb.head[L] = (int8_t)best;
                    s->cb.newhead = (int8_t)(s->cb.newhead | (1 << L));
                }
                if (s->cb.head[L] >= 0) {
                    s->stage = MR_S_DEMROLL;
                    s->who = (int8_t)L;
                    return WG_OK;
                }
            }
            s->cb.step++;
            break;
        }
        case CB_PURSUIT: {
            int W = s->cb.winner, L = 1 - W;
            if (W >= 0 && side_zone(rd, s, L) >= 0) {
                mr_side_calc wc, lc;
                mr_combat_side(rd, s, W, &wc);
                mr_combat_side(rd, s, L, &lc);
                if (mr_pursuit_effective(wc.cav, lc.cav, rd->terrain[s->cb.zone] == MR_T_DEFENSIVE)) {
                    s->cb.prdie[0] = s->cb.prdie[1] = 0;
                    s->stage = MR_S_PURSUIT;
                    s->who = (int8_t)L;
                    return WG_OK;
                }
            }
            s->cb.step += 2;
            break;
        }
        case CB_CDR: { /* LM-CDR-01, LM-COMBAT-12, GAP-50 */
            for (int u = s->cb.cdr + 1; u < rd->nunit; u++) {
                int sd = rd->unit[u].side;
                if ((s->u[u].flags & MR_UF_SEL) && s->u[u].zone >= 0 && rd->unit[u].kind == MR_K_CDR &&
                    s->cb.lost[sd] > 0) {
                    s->cb.cdr = (int8_t)u;
                    s->stage = MR_S_CDRROLL;
                    s->who = (int8_t)sd;
                    return WG_OK;
                }
            }
            s->cb.step++;
            s->cb.cdr = -1;
            break;
        }
        case CB_LONE: { /* GAP-50, LM-CDR-04: a surviving commander left without units moves away */
            for (int u = s->cb.cdr + 1; u < rd->nunit; u++) {
                int sd = rd->unit[u].side, z = s->u[u].zone;
                if (!(s->u[u].flags & MR_UF_SEL) || z < 0 || rd->unit[u].kind != MR_K_CDR)
                    continue;
                int own = 0;
                for (int v = 0; v < rd->nunit; v++)
                    own |= s->u[v].zone == z && rd->unit[v].side == sd && mr_is_real(rd, v);
                if (own || !mr_enemy_in(rd, s, z, sd, 0))
                    continue;
                s->cb.cdr = (int8_t)u;
                int any = 0;
                for (int c = 0; c < rd->nconn; c++)
                    any |= lone_dest_ok(rd, s, u, c);
                if (!any) {
                    if ((rc = mr_eliminate(g, u, "LM-CDR-04")) != WG_OK)
                        return rc;
                    continue;
                }
                s->stage = MR_S_CDRMOVE;
                s->who = (int8_t)sd;
                return WG_OK;
            }
            s->cb.step++;
            break;
        }
        default:
            return finish(g);
        }
    }
}

int mr_combat_options(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int rc = WG_OK, side = s->who;
    switch (s->stage) {
    case MR_S_WITHDRAW:
        rc = wg__opt_push(g, MR_ACT(MR_A_STAY, 0), 1);
        return rc == WG_OK ? wg__opt_push(g, MR_ACT(MR_A_WITHDRAW, 0), 1) : rc;
    case MR_S_DISROLL:
    case MR_S_CPROLL:
    case MR_S_DEMROLL:
        if (s->stage == MR_S_CPROLL && s->cb.step == CB_DIE_DEF) {
            /* every outcome must be resolvable: a gap in the melee table is reported now */
            for (int f = 1; f <= 6; f++) {
                int w, l, r, save = s->cb.die[side];
                s->cb.die[side] = (int8_t)f;
                int st = melee(g, &w, &l, &r, g->err);
                s->cb.die[side] = (int8_t)save;
                if (st != WG_OK)
                    return st;
            }
        }
        for (int f = 1; f <= 6 && rc == WG_OK; f++)
            rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, f), 1);
        return rc;
    case MR_S_ARTROLL: { /* successes k of n dice at 1/2: weight C(n,k) */
        mr_side_calc c;
        mr_combat_side(rd, s, side, &c);
        uint64_t b = 1;
        for (int k = 0; k <= c.art && rc == WG_OK; k++) {
            rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, k), b);
            b = b * (uint64_t)(c.art - k) / (uint64_t)(k + 1);
        }
        return rc;
    }
    case MR_S_CBEVENT:
        for (int e = 0; e < rd->nevt && rc == WG_OK; e++)
            if (playable_event(g, side, e))
                rc = wg__opt_push(g, MR_ACT(MR_A_EVENT, e), 1);
        return rc == WG_OK ? wg__opt_push(g, MR_ACT(MR_A_NOEVENT, 0), 1) : rc;
    case MR_S_HEAD:
        for (int u = 0; u < rd->nunit && rc == WG_OK; u++)
            if (mr_combat_head_ok(rd, s, u, side))
                rc = wg__opt_push(g, MR_ACT(MR_A_HEAD, u), 1);
        return rc;
    case MR_S_LOSS:
        for (int u = 0; u < rd->nunit && rc == WG_OK; u++)
            if (loss_ok(g, u, side))
                rc = wg__opt_push(g, MR_ACT(MR_A_LOSS, u), 1);
        return rc;
    case MR_S_RETREAT: { /* the whole distance must be retreated while a zone is open (GAP-45) */
        int from = side_zone(rd, s, side);
        for (int c = 0; c < rd->nconn && rc == WG_OK; c++)
            if (retreat_dest_ok(rd, s, side, from, c))
                rc = wg__opt_push(g, MR_ACT(MR_A_RETREAT, c), 1);
        return rc;
    }
    case MR_S_PURSUIT:
        if (s->cb.prdie[0] == 0) { /* the loser's 2d6 */
            for (int v = 2; v <= 12 && rc == WG_OK; v++)
                rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, v), (uint64_t)mr_2d6_ways(v));
        } else {
            for (int f = 1; f <= 6 && rc == WG_OK; f++)
                rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, f), 1);
        }
        return rc;
    case MR_S_CDRROLL:
        for (int v = 2; v <= 12 && rc == WG_OK; v++)
            rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, v), (uint64_t)mr_2d6_ways(v));
        return rc;
    case MR_S_CDRMOVE: /* PD-23 */
        for (int c = 0; c < rd->nconn && rc == WG_OK; c++)
            if (lone_dest_ok(rd, s, s->cb.cdr, c))
                rc = wg__opt_push(g, MR_ACT(MR_A_CDRZONE, c), 1);
        return rc;
    default:
        return WG_ESTATE;
    }
}

static int take_loss(wg_game *g, int u, int side)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int rc;
    s->cb.loss[side]--;
    s->cb.lossfirst[side] = 0;
    s->cb.lost[side]++;
    EV(MR_EV_LOSS, "LM-MELEE-22", MR_VIS_ALL, u, side, 0, 0);
    if (rd->unit[u].kind == MR_K_INF && s->u[u].steps > 1) {
        s->u[u].steps--; /* LM-OOB-03 */
        return WG_OK;
    }
    rc = mr_eliminate(g, u, rd->unit[u].kind == MR_K_GAR ? "LM-GARRISON-05" : "LM-OOB-04");
    return rc;
}

int mr_combat_apply(wg_game *g, uint64_t a)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int t = MR_ATYPE(a), arg = MR_AARG(a), side = s->who, rc;
    char err[WG_ERRMSG_CAP];
    switch (s->stage) {
    case MR_S_WITHDRAW:
        if (t == MR_A_STAY) {
            s->cb.step++;
            return advance(g);
        }
        s->cb.wdside = (int8_t)side;
        s->stage = MR_S_DISROLL;
        return WG_OK;
    case MR_S_DISROLL: { /* LM-COMBAT-08, GAP-49 */
        int total, z = s->cb.zone;
        int ok = mr_disengage_result(arg, mr_stack_cav(rd, s, z, side, 1), mr_stack_cav(rd, s, z, 1 - side, 1), 1,
                                     &total);
        EV(MR_EV_WITHDRAW, "LM-COMBAT-08", MR_VIS_ALL, side, arg, ok, total);
        for (int u = 0; u < rd->nunit; u++)
            if (part(rd, s, u, side))
                s->u[u].flags |= MR_UF_ACT;
        if (!ok) {
            s->cb.step++;
            return advance(g);
        }
        if ((rc = move_side(g, side, s->axis[z][side], "LM-COMBAT-08")) != WG_OK)
            return rc;
        s->cb.wdok = 1; /* LM-COMBAT-09: pursuit, no A combattu */
        s->cb.winner = (int8_t)(1 - side);
        s->cb.step = CB_PURSUIT;
        return advance(g);
    }
    case MR_S_CBEVENT:
        if (t == MR_A_NOEVENT) {
            s->cb.step++;
            return advance(g);
        }
        s->hand[side][arg]--; /* LM-EVT-07 */
        EV(MR_EV_EVPLAY,
           rd->evt[arg].effect == MR_E_COUNTER  ? "LM-EVENTS-07"
           : rd->evt[arg].effect == MR_E_CHARGE ? "LM-EVENTS-06"
                                                : "LM-EVT-10",
           MR_VIS_ALL, side, arg, 2, 0);
        if (rd->evt[arg].effect == MR_E_CP)
        {
            /* LM-MELEE-02; saturates at MR_MAX_EVENT_CP (a difference of 100 is beyond the melee table) */
            int ev = s->cb.evcp[side] + rd->evt[arg].value;
            s->cb.evcp[side] = (int8_t)(ev > MR_MAX_EVENT_CP ? MR_MAX_EVENT_CP : ev);
        }
        else if (rd->evt[arg].effect == MR_E_COUNTER)
            s->cb.counter[side]++; /* LM-EVENTS-07 */
        else if (rd->evt[arg].effect == MR_E_CHARGE)
            s->cb.charge = 1; /* LM-EVENTS-06 */
        return WG_OK;
    case MR_S_ARTROLL:
        s->cb.art[side] = (int8_t)arg;
        EV(MR_EV_ART, "LM-MELEE-03", MR_VIS_ALL, side, arg, 0, 0);
        s->cb.step++;
        return advance(g);
    case MR_S_HEAD:
        s->cb.head[side] = (int8_t)arg;
        EV(MR_EV_REVEAL, "LM-MELEE-17", MR_VIS_ALL, arg, -1, 1, 0);
        s->cb.step++;
        return advance(g);
    case MR_S_CPROLL: {
        s->cb.die[side] = (int8_t)arg;
        if (s->cb.step == CB_DIE_ATT) {
            s->cb.step++;
            return advance(g);
        }
        int w, l, r;
        mr_cp cp[2];
        if ((rc = melee(g, &w, &l, &r, err)) != WG_OK)
            return rc == WG_ENOMEM ? rc : WG_ENOMEM; /* options() checked every outcome */
        int total[2];
        for (int i = 0; i < 2; i++) {
            mr_combat_cp(g, i, &cp[i]);
            total[i] = mr_cp_total(&cp[i]);
            /* melee() succeeded: |difference| <= 99; the stored totals are clamped to int8_t */
            s->cb.cp[i] = (int8_t)(total[i] > INT8_MAX ? INT8_MAX : total[i] < INT8_MIN ? INT8_MIN : total[i]);
            EV(MR_EV_CP, "LM-MELEE-20", MR_VIS_ALL, i, total[i], cp[i].ratio, cp[i].head);
        }
        int att = s->cb.att, diff = total[att] - total[1 - att];
        s->cb.diff = (int8_t)(diff < 0 ? -diff : diff);
        s->cb.winner = (int8_t)(diff > 0 ? att : diff < 0 ? 1 - att : -1);
        s->cb.retreat = (int8_t)r;
        if (s->cb.winner >= 0) { /* LM-MELEE-21, LM-MELEE-16 */
            int W = s->cb.winner;
            s->cb.loss[W] = (int8_t)(s->cb.ratio10[W] ? 0 : w);
            s->cb.loss[1 - W] = (int8_t)l;
        } else { /* LM-MELEE-23, GAP-22 */
            for (int i = 0; i < 2; i++)
                s->cb.loss[i] = (int8_t)(s->cb.ratio10[i] ? 0 : w);
        }
        s->cb.lossfirst[0] = s->cb.lossfirst[1] = 1;
        EV(MR_EV_MELEE, s->cb.winner >= 0 ? "LM-MELEE-21" : "LM-MELEE-23", MR_VIS_ALL, s->cb.winner,
           s->cb.amplitude, s->cb.diff, s->cb.loss[0] * 16 + s->cb.loss[1]);
        s->cb.step = CB_CHARGE;
        return advance(g);
    }
    case MR_S_LOSS:
        if ((rc = take_loss(g, arg, side)) != WG_OK)
            return rc;
        return advance(g);
    case MR_S_RETREAT:
        if (t == MR_A_STOP) {
            s->cb.step++;
            return advance(g);
        }
        if ((rc = move_side(g, side, arg, "LM-RETREAT-02")) != WG_OK)
            return rc;
        s->cb.retreated++;
        return advance(g);
    case MR_S_DEMROLL: {
        int h = s->cb.head[side], m = mr_unit_morale(rd, s, h);
        int d = mr_demoralized(arg, s->cb.retreat, m);
        EV(MR_EV_DEMOR, "LM-DEMOR-01", MR_VIS_ALL, side, arg, s->cb.retreat, d);
        if (d)
            for (int u = 0; u < rd->nunit; u++)
                if (part(rd, s, u, side))
                    s->u[u].flags |= MR_UF_DEMOR;
        s->cb.step++;
        return advance(g);
    }
    case MR_S_PURSUIT: {
        if (s->cb.prdie[0] == 0) {
            s->cb.prdie[0] = (int8_t)arg;
            s->who = s->cb.winner;
            return WG_OK;
        }
        int W = s->cb.winner, L = 1 - W;
        mr_side_calc wc, lc;
        mr_combat_side(rd, s, W, &wc);
        mr_combat_side(rd, s, L, &lc);
        int n = mr_pursuit_losses(s->cb.prdie[0], lc.cav, arg, wc.cav, demor_in(rd, s, L));
        EV(MR_EV_PURSUIT, "LM-PURSUIT-05", MR_VIS_ALL, L, s->cb.prdie[0], arg, n);
        s->cb.loss[L] = (int8_t)n;
        s->cb.lossfirst[L] = 0;
        s->cb.losskind[L] = 1; /* LM-PURSUIT-06 */
        s->cb.step = CB_PLOSS;
        return advance(g);
    }
    case MR_S_CDRMOVE: {
        int u = s->cb.cdr, from = s->u[u].zone, to = mr_other_zone(rd, arg, from);
        s->u[u].zone = (int8_t)to;
        EV(MR_EV_RETREAT, "LM-CDR-04", MR_VIS_ALL, rd->unit[u].side, from, to, arg);
        return advance(g);
    }
    case MR_S_CDRROLL: {
        int u = s->cb.cdr, e = mr_commander_eliminated(arg);
        EV(MR_EV_CDR, "LM-CDR-01", MR_VIS_ALL, u, arg, e, 0);
        if (e && (rc = mr_eliminate(g, u, "LM-CDR-01")) != WG_OK)
            return rc;
        return advance(g);
    }
    default:
        return WG_ESTATE;
    }
}

/* Les Maréchaux: set-up placement, initiative (A), events (B), administrative phase (D), end and VP. */
#include "marechaux.h"

#include <string.h>

wg_event *mr_ev(wg_game *g, int kind, const char *rule, uint32_t visible, int a0, int a1, int a2, int a3)
{
    wg_event *e = wg__event(g, kind, rule, visible);
    if (!e)
        return NULL;
    e->a[0] = a0;
    e->a[1] = a1;
    e->a[2] = a2;
    e->a[3] = a3;
    return e;
}

#define EV(...)                                                                                                    \
    do {                                                                                                           \
        if (!mr_ev(g, __VA_ARGS__))                                                                                \
            return WG_ENOMEM;                                                                                      \
    } while (0)

int mr_score_vp(wg_game *g, int side, int vp, const char *rule, int what)
{
    mr_state *s = MR_ST(g);
    if (vp == 0)
        return WG_OK;
    s->vp[side] = (int16_t)(s->vp[side] + vp);
    EV(MR_EV_VP, rule, MR_VIS_ALL, side, vp, what, 0);
    return WG_OK;
}

/* Removes a unit from the game with its VP to the enemy (LM-VP-04..08). */
int mr_eliminate(wg_game *g, int u, const char *rule)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int k = rd->unit[u].kind, side = rd->unit[u].side, vp = 0;
    const char *vr = "LM-VP-04";
    if (s->u[u].zone < 0)
        return WG_OK;
    if (k == MR_K_GAR || k == MR_K_DECOY) { /* garrisons score nothing; decoys return to the pool */
        s->u[u].zone = MR_Z_POOL;
        s->u[u].flags = 0;
        EV(k == MR_K_GAR ? MR_EV_ELIM : MR_EV_DECOY_GONE, rule, MR_VIS_ALL, u, 0, 0, 0);
        return WG_OK;
    }
    s->u[u].zone = MR_Z_ELIM;
    s->u[u].steps = 0;
    s->u[u].flags = 0;
    EV(MR_EV_ELIM, rule, MR_VIS_ALL, u, 0, 0, 0);
    switch (k) {
    case MR_K_INF:
        vp = 2;
        break;
    case MR_K_CAV:
        vp = 1, vr = "LM-VP-05";
        break;
    case MR_K_ART:
        vp = 1, vr = "LM-VP-06";
        break;
    case MR_K_BAG:
        vp = 2, vr = "LM-VP-07";
        break;
    case MR_K_CDR:
        vp = rd->unit[u].sv, vr = "LM-VP-08";
        break;
    default:
        break;
    }
    return mr_score_vp(g, 1 - side, vp, vr, u);
}

/* ---- turn start: initiative (LM-INIT-01..04) ---- */

static int begin_events(wg_game *g);

int mr_begin_turn(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    EV(MR_EV_TURN, "LM-SEQ-01", MR_VIS_ALL, s->turn, 0, 0, 0);
    s->canicule = 0;
    s->combat_turn = 0;
    if (s->turn == 1 && rd->first_turn_init >= 0) { /* LM-SCEN1809-12, LM-INIT-04 */
        s->first = (int8_t)rd->first_turn_init;
        EV(MR_EV_INIT, "LM-SCEN1809-12", MR_VIS_ALL, s->first, 0, 0, -1);
        return begin_events(g);
    }
    s->stage = MR_S_INIT;
    s->who = -1;
    return WG_OK;
}

static int init_sv(const wg_game *g, int side)
{
    const mr_rdata *rd = MR_RD(g);
    int c = rd->cic[side];
    if (c < 0 || MR_ST(g)->u[c].zone < 0) /* LM-INIT-03 */
        return 0;
    return rd->unit[c].sv;
}

/* ---- events phase (LM-EVT-01..07) ---- */

static int next_draw(wg_game *g, int side)
{
    mr_state *s = MR_ST(g);
    for (; side < 2; side++) {
        if (wg__pool_count(&s->container[side]) > 0) {
            s->stage = MR_S_EVDRAW;
            s->who = (int8_t)side;
            return WG_OK;
        }
        EV(MR_EV_EVDRAW, "LM-EVT-04", MR_VIS_ALL, side, -1, 0, 0);
    }
    return mr_begin_ops(g);
}

static int begin_events(wg_game *g)
{
    MR_ST(g)->evdrawn[0] = MR_ST(g)->evdrawn[1] = 0;
    return next_draw(g, 0);
}

static int play_now(wg_game *g, int side, int e)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    wg__pool_discard(&s->container[side], e); /* LM-EVT-07 */
    EV(MR_EV_EVPLAY, "LM-EVT-05", MR_VIS_ALL, side, e, 0, 0);
    if (rd->evt[e].effect == MR_E_BURRARD) {
        s->burrard = 1;
        EV(MR_EV_EVPLAY, "LM-EVENTS-02", MR_VIS_ALL, side, e, 1, 0);
    } else if (rd->evt[e].effect == MR_E_CANICULE) {
        s->canicule = 1; /* LM-EVENTS-05: no cumulative effect */
        EV(MR_EV_EVPLAY, "LM-EVENTS-03", MR_VIS_ALL, side, e, 1, 0);
    }
    return WG_OK;
}

int mr_turn_options(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int rc = WG_OK;
    switch (s->stage) {
    case MR_S_PLACE:
        for (int u = 0; u < rd->nunit; u++) {
            if (!rd->unit[u].freeplace || s->u[u].zone != MR_Z_POOL)
                continue;
            if (u == 0 || 1) {
                int first = 1;
                for (int v = 0; v < u; v++)
                    if (rd->unit[v].freeplace)
                        first = 0;
                if (first && (rc = wg__opt_push(g, MR_ACT(MR_A_HISTORIC, 0), 1)) != WG_OK)
                    return rc;
            }
            for (int z = 0; z < rd->nzone && rc == WG_OK; z++)
                if (rd->zflags[z] & MR_ZF_SETUP)
                    rc = wg__opt_push(g, MR_ACT(MR_A_PLACE, z), 1);
            return rc;
        }
        return WG_OK;
    case MR_S_INIT: /* LM-INIT-02: ties re-rolled = the 30 untied outcomes, equally likely */
        for (int a = 1; a <= 6 && rc == WG_OK; a++)
            for (int b = 1; b <= 6 && rc == WG_OK; b++)
                if (a + init_sv(g, 0) != b + init_sv(g, 1))
                    rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, a * 8 + b), 1);
        return rc;
    case MR_S_EVDRAW: /* LM-EVT-02/03: own container, without replacement; the options hide the mix */
        return wg__pool_push_draw_hidden(g, &s->container[s->who], MR_ACT(MR_A_DRAW, 0));
    case MR_S_EVKEEP:
        if ((rc = wg__opt_push(g, MR_ACT(MR_A_KEEP, 0), 1)) != WG_OK)
            return rc;
        return wg__opt_push(g, MR_ACT(MR_A_TEMPT, 0), 1);
    case MR_S_RECUP:
        for (int f = 1; f <= 6 && rc == WG_OK; f++)
            rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, f), 1);
        return rc;
    default:
        return WG_ESTATE;
    }
}

/* ---- administrative phase (LM-ADMIN-01/02, LM-RECUP-*, LM-DEMOR-04) ---- */

static int recup_ok(const wg_game *g, int u)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    const mr_ustate *us = &s->u[u];
    if (us->zone < 0 || rd->unit[u].kind != MR_K_INF)
        return 0;
    if (rd->unit[u].nbox - us->steps - us->gar_loss <= 0) /* LM-RECUP-03 */
        return 0;
    if (us->flags & (MR_UF_ACT | MR_UF_DEMOR | MR_UF_HADAC)) /* LM-RECUP-01, GAP-18 */
        return 0;
    return !mr_enemy_in(rd, s, us->zone, rd->unit[u].side, 0);
}

static int rally_ok(const wg_game *g, int u)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    if (s->u[u].zone < 0 || !(s->u[u].flags & MR_UF_DEMOR))
        return 0;
    return !mr_enemy_in(rd, s, s->u[u].zone, rd->unit[u].side, 0); /* LM-DEMOR-04 */
}

static int end_turn(wg_game *g);

static int next_admin(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    for (;;) {
        for (int u = s->cur + 1; u < rd->nunit; u++) {
            if (s->admin_pass == 0 ? recup_ok(g, u) : rally_ok(g, u)) {
                s->cur = (int8_t)u;
                s->stage = MR_S_RECUP;
                s->who = (int8_t)rd->unit[u].side;
                return WG_OK;
            }
        }
        if (s->admin_pass == 1)
            return end_turn(g);
        s->admin_pass = 1;
        s->cur = -1;
    }
}

int mr_begin_admin(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    EV(MR_EV_PHASE_END, "LM-SEQ-03", MR_VIS_ALL, 0, 0, 0, 0);
    if (rd->scen == 0 && !s->combat_turn) { /* LM-VP-10 */
        int rc = mr_score_vp(g, MR_AA, 1, "LM-VP-10", -1);
        if (rc != WG_OK)
            return rc;
    }
    for (int u = 0; u < rd->nunit; u++) { /* LM-ADMIN-01 (1), GAP-18 */
        mr_ustate *us = &s->u[u];
        us->flags = (uint8_t)(us->flags & ~(MR_UF_RIVER | MR_UF_HADAC | MR_UF_SEL | MR_UF_STOP | MR_UF_REVEAL));
        if (us->acomb)
            us->flags |= MR_UF_HADAC;
        us->acomb = 0;
    }
    s->admin_pass = 0;
    s->cur = -1;
    return next_admin(g);
}

static int end_turn(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    for (int u = 0; u < rd->nunit; u++) { /* LM-ADMIN-01 (4), LM-ADMIN-02 */
        s->u[u].flags = (uint8_t)(s->u[u].flags & ~(MR_UF_ACT | MR_UF_HADAC | MR_UF_FTLOSS));
        s->u[u].fought = 0;
    }
    memset(s->boat_used, 0, sizeof s->boat_used);
    if (s->turn >= rd->turns || s->burrard) /* LM-SEQ-09, LM-SCEN1808-01, LM-EVENTS-02 */
        return mr_end_game(g);
    s->turn++;
    return mr_begin_turn(g);
}

/* LM-VP-02/03/11/12, GAP-59. */
int mr_end_game(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int rc;
    for (int z = 0; z < rd->nzone; z++) {
        if (!(rd->zflags[z] & MR_ZF_OBJ))
            continue;
        int fr = 0, aa = 0;
        for (int u = 0; u < rd->nunit; u++) {
            if (s->u[u].zone != z || rd->unit[u].kind == MR_K_DECOY || rd->unit[u].kind == MR_K_FLEET)
                continue;
            if (rd->unit[u].side == MR_FR)
                fr = 1;
            else
                aa = 1;
        }
        const char *rule = rd->scen ? "LM-VP-11" : "LM-VP-03";
        if (!fr)
            rc = mr_score_vp(g, MR_AA, rd->obj_vp, rule, -2);
        else if (!aa)
            rc = mr_score_vp(g, MR_FR, rd->obj_vp, rule, -2);
        else
            rc = WG_OK;
        if (rc != WG_OK)
            return rc;
    }
    if (rd->scen == 1) { /* LM-VP-12 */
        for (int u = 0; u < rd->nunit; u++) {
            int z = s->u[u].zone;
            if (z < 0 || rd->unit[u].side != MR_FR || rd->unit[u].kind != MR_K_INF)
                continue;
            if ((rd->zflags[z] & MR_ZF_SOUTH) && mr_clear_path(rd, s, z, -1, MR_ZF_LOC_FR | MR_ZF_OFFMAP, MR_FR)) {
                rc = mr_score_vp(g, MR_FR, 6, "LM-VP-12", -3);
                if (rc != WG_OK)
                    return rc;
                break;
            }
        }
    }
    s->over = 1;
    s->stage = MR_S_OVER;
    EV(MR_EV_END, "LM-VP-01", MR_VIS_ALL, s->vp[0], s->vp[1], 0, 0);
    return WG_OK;
}

static int historic(wg_game *g)
{
    /* LM-SCEN1809-04 with GAP-20 (Beresford in Zone A): the pack's at= zones are the historical ones. */
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    for (int u = 0; u < rd->nunit; u++) {
        if (!rd->unit[u].freeplace || s->u[u].zone != MR_Z_POOL)
            continue;
        int z = rd->unit[u].setup_zone;
        if (z < 0) {
            for (z = 0; z < rd->nzone && !(rd->zflags[z] & MR_ZF_SETUP); z++)
                ;
        }
        s->u[u].zone = (int8_t)z;
        EV(MR_EV_PLACE, "LM-SCEN1809-04", MR_VIS(MR_AA), u, z, 0, 0);
    }
    return WG_OK;
}

int mr_turn_apply(wg_game *g, uint64_t a)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int t = MR_ATYPE(a), arg = MR_AARG(a), rc;
    switch (s->stage) {
    case MR_S_PLACE:
        if (t == MR_A_HISTORIC) {
            rc = historic(g);
        } else {
            for (int u = 0; u < rd->nunit; u++)
                if (rd->unit[u].freeplace && s->u[u].zone == MR_Z_POOL) {
                    s->u[u].zone = (int8_t)arg;
                    /* LM-SCEN1809-02, LM-FOG-01: the opponent sees a counter arrive, not which */
                    EV(MR_EV_PLACE, "LM-SCEN1809-02", MR_VIS(MR_AA), u, arg, 0, 0);
                    break;
                }
            rc = WG_OK;
        }
        if (rc != WG_OK)
            return rc;
        for (int u = 0; u < rd->nunit; u++)
            if (rd->unit[u].freeplace && s->u[u].zone == MR_Z_POOL)
                return WG_OK;
        return mr_begin_turn(g);
    case MR_S_INIT: {
        int da = arg / 8, db = arg % 8;
        int ta = da + init_sv(g, 0), tb = db + init_sv(g, 1);
        s->init_die[0] = (int8_t)da;
        s->init_die[1] = (int8_t)db;
        s->first = ta > tb ? MR_AA : MR_FR;
        EV(MR_EV_INIT, "LM-INIT-01", MR_VIS_ALL, s->first, ta, tb, da * 8 + db);
        return begin_events(g);
    }
    case MR_S_EVDRAW: {
        int side = s->who;
        arg = wg__pool_slot_type(&s->container[side], (unsigned)arg);
        if ((rc = wg__pool_take(&s->container[side], arg)) != WG_OK)
            return rc;
        s->evdrawn[side] = (uint8_t)(arg + 1);
        /* LM-FOG-03: the drawer sees which event; the opponent sees that one was drawn */
        EV(MR_EV_EVDRAW, "LM-EVT-03", MR_VIS(side), side, arg, 0, 0);
        s->stage = MR_S_EVKEEP;
        return WG_OK;
    }
    case MR_S_EVKEEP: {
        int side = s->who, e = s->evdrawn[side] - 1;
        if (t == MR_A_TEMPT) { /* LM-EVT-06, LM-VP-09 */
            wg__pool_put_back(&s->container[side], e);
            EV(MR_EV_EVTEMPT, "LM-EVT-06", MR_VIS(side), side, e, 0, 0);
            if ((rc = mr_score_vp(g, 1 - side, 2, "LM-VP-09", -4)) != WG_OK)
                return rc;
        } else if (rd->evt[e].star) { /* LM-EVT-05 */
            if ((rc = play_now(g, side, e)) != WG_OK)
                return rc;
        } else {
            wg__pool_discard(&s->container[side], e);
            s->hand[side][e]++;
            EV(MR_EV_EVKEEP, "LM-EVT-05", MR_VIS(side), side, e, 0, 0);
        }
        return next_draw(g, side + 1);
    }
    case MR_S_RECUP: {
        int u = s->cur, m = mr_unit_morale(rd, s, u);
        if (s->admin_pass == 0) { /* LM-RECUP-02 */
            int ok = arg <= m;
            if (ok)
                s->u[u].steps++;
            EV(MR_EV_RECUP, "LM-RECUP-02", MR_VIS(rd->unit[u].side), u, arg, ok, 0);
        } else { /* LM-DEMOR-04 */
            int ok = arg <= m;
            if (ok)
                s->u[u].flags &= (uint8_t)~MR_UF_DEMOR;
            EV(MR_EV_RALLY, "LM-DEMOR-04", MR_VIS(rd->unit[u].side), u, arg, ok, 0);
        }
        return next_admin(g);
    }
    default:
        return WG_ESTATE;
    }
}

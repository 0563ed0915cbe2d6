/* Les Maréchaux: victory points and eliminations, the administrative phase (D), the end of the game. */
#include "marechaux.h"

#include <string.h>

#define EV(...)                                                                                                    \
    do {                                                                                                           \
        if (!mr_ev(g, __VA_ARGS__))                                                                                \
            return WG_ENOMEM;                                                                                      \
    } while (0)

/* LM-DECOY-02: a decoy can never be alone in a zone: one left without a unit or commander of its side
   is removed at once and returns to its side's available decoys. */
int mr_decoys_alone(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    for (int u = 0; u < rd->nunit; u++)
        if (rd->unit[u].kind == MR_K_DECOY && s->u[u].zone >= 0 &&
            !mr_side_in(rd, s, s->u[u].zone, rd->unit[u].side)) {
            int rc = mr_eliminate(g, u, "LM-DECOY-02");
            if (rc != WG_OK)
                return rc;
        }
    return WG_OK;
}

int mr_score_vp(wg_game *g, int side, int vp, const char *rule, int what)
{
    mr_state *s = MR_ST(g);
    if (vp == 0)
        return WG_OK;
    int sum = s->vp[side] + vp; /* VP fit int16_t with the pack's ranges; saturated all the same */
    s->vp[side] = (int16_t)(sum > INT16_MAX ? INT16_MAX : sum < INT16_MIN ? INT16_MIN : sum);
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

/* ---- LM-ADMIN-01/02, LM-RECUP-*, LM-DEMOR-04 ---- */

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
    mr_argenton_hide(s); /* the end of phase C (GAP-56) */
    /* the dice are rolled in the open: each side sees how many counters the other rolls for
       (recuperation and rally), not which (LM-ADMIN-01, LM-FOG-01) */
    int n[2] = {0, 0};
    for (int u = 0; u < rd->nunit; u++)
        if (recup_ok(g, u) || rally_ok(g, u))
            n[rd->unit[u].side]++;
    EV(MR_EV_ADMIN, "LM-ADMIN-01", MR_VIS_ALL, n[0], n[1], 0, 0);
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
    memset(s->zfought, 0, sizeof s->zfought); /* GAP-54: per turn */
    mr_argenton_hide(s); /* the end of phase D (GAP-56) */
    if (s->turn >= rd->turns || s->burrard) /* LM-SEQ-09, LM-SCEN1808-01, LM-EVENTS-02 */
        return mr_end_game(g);
    s->turn++;
    return mr_begin_turn(g);
}

/* Who controls the objective zone z at the end of the game: MR_AA when no French unit is in it,
   MR_FR when no Anglo-Allied one is, -1 when both are (LM-VP-03/11). */
int mr_objective_control(const mr_rdata *rd, const mr_state *s, int z)
{
    int fr = 0, aa = 0;
    for (int u = 0; u < rd->nunit; u++) {
        if (s->u[u].zone != z || rd->unit[u].kind == MR_K_DECOY || rd->unit[u].kind == MR_K_FLEET)
            continue;
        if (rd->unit[u].side == MR_FR)
            fr = 1;
        else
            aa = 1;
    }
    return !fr ? MR_AA : !aa ? MR_FR : -1;
}

/* 1809: whether a French infantry unit south of the Douro has a clear path to a French LoC (LM-VP-12). */
int mr_south_path(const mr_rdata *rd, const mr_state *s)
{
    for (int u = 0; rd->scen == 1 && u < rd->nunit; u++) {
        int z = s->u[u].zone;
        if (z < 0 || rd->unit[u].side != MR_FR || rd->unit[u].kind != MR_K_INF)
            continue;
        if ((rd->zflags[z] & MR_ZF_SOUTH) && mr_clear_path(rd, s, z, -1, MR_ZF_LOC_FR | MR_ZF_OFFMAP, MR_FR))
            return 1;
    }
    return 0;
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
        int c = mr_objective_control(rd, s, z);
        rc = c < 0 ? WG_OK : mr_score_vp(g, c, rd->obj_vp, rd->scen ? "LM-VP-11" : "LM-VP-03", -2);
        if (rc != WG_OK)
            return rc;
    }
    if (mr_south_path(rd, s) && (rc = mr_score_vp(g, MR_FR, 6, "LM-VP-12", -3)) != WG_OK)
        return rc;
    s->over = 1;
    s->stage = MR_S_OVER;
    EV(MR_EV_END, "LM-VP-01", MR_VIS_ALL, s->vp[0], s->vp[1], 0, 0);
    return WG_OK;
}

int mr_admin_options(wg_game *g)
{
    int rc = WG_OK;
    switch (MR_ST(g)->stage) {
    case MR_S_RECUP:
        for (int f = 1; f <= 6 && rc == WG_OK; f++)
            rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, f), 1);
        return rc;
    default:
        return WG_ESTATE;
    }
}

int mr_admin_apply(wg_game *g, uint64_t a)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int arg = MR_AARG(a);
    switch (s->stage) {
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

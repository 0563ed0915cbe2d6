/* Les Maréchaux: the turn's start: set-up placement (1809) and the initiative phase (A). */
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

/* ---- turn start: initiative (LM-INIT-01..04) ---- */

int mr_begin_turn(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    EV(MR_EV_TURN, "LM-SEQ-01", MR_VIS_ALL, s->turn, 0, 0, 0);
    s->canicule = 0;
    s->combat_turn = 0;
    if (s->turn == 1 && rd->first_turn_init >= 0) { /* LM-SCEN1809-12, LM-INIT-04 */
        s->first = (int8_t)rd->first_turn_init;
        EV(MR_EV_INIT, g->scenario == 1 ? "LM-SCEN1809-12" : "LM-INIT-04", MR_VIS_ALL, s->first, 0, 0, -1);
        return mr_begin_events(g);
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

int mr_turn_options(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int rc = WG_OK;
    switch (s->stage) {
    case MR_S_PLACE: { /* PD-01: the next unplaced unit, in zone A, B or C; or the historical placement */
        int placed = 0, next = -1;
        for (int u = 0; u < rd->nunit; u++) {
            if (!rd->unit[u].freeplace)
                continue;
            if (s->u[u].zone != MR_Z_POOL)
                placed = 1;
            else if (next < 0)
                next = u;
        }
        if (next < 0)
            return WG_OK;
        if (!placed && (rc = wg__opt_push(g, MR_ACT(MR_A_HISTORIC, 0), 1)) != WG_OK)
            return rc;
        for (int z = 0; z < rd->nzone && rc == WG_OK; z++)
            if (rd->zflags[z] & MR_ZF_SETUP)
                rc = wg__opt_push(g, MR_ACT(MR_A_PLACE, z), 1);
        return rc;
    }
    case MR_S_INIT: /* LM-INIT-02: ties re-rolled = the 30 untied outcomes, equally likely */
        for (int a = 1; a <= 6 && rc == WG_OK; a++)
            for (int b = 1; b <= 6 && rc == WG_OK; b++)
                if (a + init_sv(g, 0) != b + init_sv(g, 1))
                    rc = wg__opt_push(g, MR_ACT(MR_A_ROLL, a * 8 + b), 1);
        return rc;
    case MR_S_EVDRAW:
    case MR_S_EVKEEP:
        return mr_events_options(g);
    case MR_S_RECUP:
        return mr_admin_options(g);
    default:
        return WG_ESTATE;
    }
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
        return mr_begin_events(g);
    }
    case MR_S_EVDRAW:
    case MR_S_EVKEEP:
        return mr_events_apply(g, a);
    case MR_S_RECUP:
        return mr_admin_apply(g, a);
    default:
        return WG_ESTATE;
    }
}

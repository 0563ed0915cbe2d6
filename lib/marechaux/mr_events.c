/* Les Maréchaux: the events phase (B): each side draws from its own container, keeps the marker
 * secretly, plays a starred one at once, or tempts fate (LM-EVT-01..07, LM-EVENTS-02/03/05). */
#include "marechaux.h"

#define EV(...)                                                                                                    \
    do {                                                                                                           \
        if (!mr_ev(g, __VA_ARGS__))                                                                                \
            return WG_ENOMEM;                                                                                      \
    } while (0)

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
    mr_argenton_hide(s); /* LM-EVENTS-01, GAP-56: played in phase B, it lasts to the end of phase B */
    return mr_begin_ops(g);
}

int mr_begin_events(wg_game *g)
{
    mr_argenton_hide(MR_ST(g)); /* the end of phase A (GAP-56) */
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

int mr_events_options(wg_game *g)
{
    mr_state *s = MR_ST(g);
    int rc = WG_OK;
    switch (s->stage) {
    case MR_S_EVDRAW: /* LM-EVT-02/03: own container, without replacement; the options hide the mix */
        return wg__pool_push_draw_hidden(g, &s->container[s->who], MR_ACT(MR_A_DRAW, 0));
    case MR_S_EVKEEP:
        if ((rc = wg__opt_push(g, MR_ACT(MR_A_KEEP, 0), 1)) != WG_OK)
            return rc;
        return wg__opt_push(g, MR_ACT(MR_A_TEMPT, 0), 1);
    default:
        return WG_ESTATE;
    }
}

int mr_events_apply(wg_game *g, uint64_t a)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int t = MR_ATYPE(a), arg = MR_AARG(a), rc;
    switch (s->stage) {
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
    default:
        return WG_ESTATE;
    }
}

/* Les Maréchaux test helpers shared by the marechaux suites: units, zones, connections, events and
 * pool slots looked up by name in a game's data, failing the test when the name is unknown. */
#ifndef WG_MRTEST_H
#define WG_MRTEST_H

#include <string.h>

#include "marechaux/marechaux.h"
#include "testutil.h"

/* The unit called `name`. */
static inline int mrt_unit(const wg_game *g, const char *name)
{
    const mr_rdata *rd = MR_RD(g);
    for (int u = 0; u < rd->nunit; u++)
        if (strcmp(rd->unit[u].name, name) == 0)
            return u;
    ck_abort_msg("no unit %s", name);
    return -1;
}

/* The zone called `name`. */
static inline int mrt_zone(const wg_game *g, const char *name)
{
    int z = mr_zone_find(g->map, name);
    ck_assert_msg(z >= 0, "no zone %s", name);
    return z;
}

/* The connection between two zones (land_only: not a small-boat crossing). */
static inline int mrt_conn(const wg_game *g, const char *a, const char *b, int land_only)
{
    const mr_rdata *rd = MR_RD(g);
    int za = mrt_zone(g, a), zb = mrt_zone(g, b);
    for (int c = 0; c < rd->nconn; c++)
        if ((rd->ca[c] == za && rd->cb[c] == zb) || (rd->ca[c] == zb && rd->cb[c] == za))
            if (!land_only || MR_C_BASE(rd->ctype[c]) != MR_C_BOAT)
                return c;
    ck_abort_msg("no connection %s-%s", a, b);
    return -1;
}

/* The slot of event `name` in the container of the side to act, -1 when it holds none. */
static inline int mrt_evslot(const wg_game *g, const char *name)
{
    const mr_rdata *rd = MR_RD(g);
    for (int e = 0; e < rd->nevt; e++)
        if (strcmp(rd->evt[e].name, name) == 0)
            return wg__pool_type_slot(&MR_ST(g)->container[MR_ST(g)->who], e);
    return -1;
}

/* The slot of a fatigue marker type in the fatigue pool. */
static inline int mrt_fslot(const wg_game *g, int type)
{
    return wg__pool_type_slot(&MR_ST(g)->fatigue, type);
}

/* Passes the combat-event windows in which the side holds no event playable there (no option plays
   one; Argenton, playable at any Anglo-Allied decision, aside): a window opens whenever the side
   holds an event (LM-FOG-03). */
static inline void mrt_pass_empty_windows(wg_game *g)
{
    for (int k = 0; k < 16 && (MR_ST(g)->stage == MR_S_CBEVENT || MR_ST(g)->stage == MR_S_FRETURN); k++) {
        int fret = MR_ST(g)->stage == MR_S_FRETURN;
        size_t n = 0;
        g->opts_valid = false;
        ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
        for (size_t i = 0; i < n; i++) {
            uint64_t a = 0;
            ck_assert_int_eq(wg_game_option_action(&a, g, i), WG_OK);
            if (MR_ATYPE(a) == MR_A_EVENT || (MR_ATYPE(a) == MR_A_FRETURN && MR_RD(g)->ftval[MR_AARG(a)] > 0))
                return; /* an event to play or a marker of some value to return: the test decides */
        }
        ck_assert_int_eq(wg_game_choose_action(g, MR_ACT(fret ? MR_A_NORETURN : MR_A_NOEVENT, 0)), WG_OK);
    }
}

#endif

/* Les Maréchaux: questions about the state (stacks, enemies, paths, morale). */
#include "marechaux.h"

#include <string.h>

int mr_on_map(const mr_state *s, int u)
{
    return s->u[u].zone >= 0;
}

int mr_is_real(const mr_rdata *rd, int u)
{
    int k = rd->unit[u].kind;
    return k == MR_K_INF || k == MR_K_CAV || k == MR_K_ART || k == MR_K_BAG || k == MR_K_GAR;
}

int mr_is_troop(const mr_rdata *rd, int u)
{
    int k = rd->unit[u].kind;
    return k == MR_K_INF || k == MR_K_CAV || k == MR_K_GAR;
}

int mr_unit_steps(const mr_rdata *rd, const mr_state *s, int u)
{
    int k = rd->unit[u].kind;
    if (!mr_on_map(s, u))
        return 0;
    if (k == MR_K_INF)
        return s->u[u].steps;
    if (k == MR_K_CAV || k == MR_K_ART || k == MR_K_GAR)
        return 1;
    return 0;
}

int mr_unit_morale(const mr_rdata *rd, const mr_state *s, int u)
{
    const mr_unitdef *d = &rd->unit[u];
    if (d->kind == MR_K_INF)
        return mr_box_morale(d->box, d->nbox, s->u[u].steps);
    if (d->kind == MR_K_CAV || d->kind == MR_K_GAR)
        return d->morale;
    return -1;
}

/* An enemy stack: enemy units (not decoys, not the fleet); commanders count only when lonecdr. */
int mr_enemy_in(const mr_rdata *rd, const mr_state *s, int zone, int side, int lonecdr)
{
    for (int u = 0; u < rd->nunit; u++) {
        if (s->u[u].zone != zone || rd->unit[u].side == side)
            continue;
        if (mr_is_real(rd, u) || (lonecdr && rd->unit[u].kind == MR_K_CDR))
            return 1;
    }
    return 0;
}

int mr_side_in(const mr_rdata *rd, const mr_state *s, int zone, int side)
{
    for (int u = 0; u < rd->nunit; u++)
        if (s->u[u].zone == zone && rd->unit[u].side == side &&
            (mr_is_real(rd, u) || rd->unit[u].kind == MR_K_CDR))
            return 1;
    return 0;
}

int mr_zone_count(const mr_rdata *rd, const mr_state *s, int zone, int side)
{
    int n = 0;
    for (int u = 0; u < rd->nunit; u++)
        if (s->u[u].zone == zone && rd->unit[u].side == side)
            n++;
    return n;
}

int mr_other_zone(const mr_rdata *rd, int conn, int zone)
{
    return rd->ca[conn] == zone ? rd->cb[conn] : rd->ca[conn];
}

/* LM-MOVE-01, LM-BAGGAGE-02, LM-SCEN1809-14/15: can unit u (or any unit when u < 0) use conn. */
int mr_conn_usable(const mr_rdata *rd, const mr_state *s, int conn, int side, int u)
{
    int t = rd->ctype[conn], b = MR_C_BASE(t);
    if (t & MR_CF_IMPASS)
        return 0;
    if ((b == MR_C_BOAT || b == MR_C_FERRY) && (side != MR_AA || s->boat_used[conn]))
        return 0;
    if (b == MR_C_EXIT && side != MR_FR)
        return 0;
    if (u >= 0) {
        int k = rd->unit[u].kind;
        if (b == MR_C_PATH && (k == MR_K_ART || k == MR_K_BAG))
            return 0;
    }
    return 1;
}

/* Breadth-first search over passable connections through zones free of enemy stacks. */
static int clear_path(const mr_rdata *rd, const mr_state *s, int from, int to_zone, uint32_t to_flag, int side,
                      int target_may_hold_enemy)
{
    int seen[MR_MAXZ], queue[MR_MAXZ], head = 0, tail = 0;
    memset(seen, 0, sizeof seen);
    if (from < 0)
        return 0;
    seen[from] = 1;
    queue[tail++] = from;
    while (head < tail) {
        int z = queue[head++];
        if (z == to_zone || (rd->zflags[z] & to_flag))
            return 1;
        for (int c = 0; c < rd->nconn; c++) {
            if (rd->ca[c] != z && rd->cb[c] != z)
                continue;
            if (rd->ctype[c] & MR_CF_IMPASS)
                continue;
            int b = MR_C_BASE(rd->ctype[c]);
            if (b == MR_C_BOAT || b == MR_C_FERRY)
                continue;
            if (b == MR_C_EXIT && side != MR_FR)
                continue;
            int o = mr_other_zone(rd, c, z);
            if (seen[o] || ((o != to_zone || !target_may_hold_enemy) && mr_enemy_in(rd, s, o, side, 1)))
                continue;
            seen[o] = 1;
            queue[tail++] = o;
        }
    }
    return 0;
}

int mr_clear_path(const mr_rdata *rd, const mr_state *s, int from, int to_zone, uint32_t to_flag, int side)
{
    return clear_path(rd, s, from, to_zone, to_flag, side, 0);
}

/* LM-FATIGUE-04, GAP-37: no clear route from the zone to a line of communication. */
int mr_cut_off(const mr_rdata *rd, const mr_state *s, int zone, int side)
{
    if (side == MR_AA && rd->fleet >= 0) {
        int fz = s->u[rd->fleet].zone;
        if (fz == zone)
            return 0;
        return !mr_clear_path(rd, s, zone, fz, 0, side);
    }
    uint32_t fl = side == MR_AA ? MR_ZF_LOC_AA : (MR_ZF_LOC_FR | MR_ZF_OFFMAP);
    if (rd->zflags[zone] & fl)
        return 0;
    return !mr_clear_path(rd, s, zone, -1, fl, side);
}

static int counted(const mr_state *s, int u, int zone, int side, int sel_only, const mr_rdata *rd)
{
    if (s->u[u].zone != zone || rd->unit[u].side != side)
        return 0;
    if (sel_only && !(s->u[u].flags & MR_UF_SEL))
        return 0;
    return 1;
}

void mr_stack_calc(const mr_rdata *rd, const mr_state *s, int zone, int side, int sel_only, mr_side_calc *out)
{
    memset(out, 0, sizeof *out);
    out->in_cover = rd->terrain[zone] != MR_T_CLEAR;
    for (int u = 0; u < rd->nunit; u++) {
        if (!counted(s, u, zone, side, sel_only, rd))
            continue;
        switch (rd->unit[u].kind) {
        case MR_K_INF:
            out->inf += s->u[u].steps;
            break;
        case MR_K_GAR:
            out->inf += 1;
            break;
        case MR_K_CAV:
            out->cav++;
            break;
        case MR_K_ART:
            out->art++;
            break;
        default:
            break;
        }
    }
}

int mr_stack_cav(const mr_rdata *rd, const mr_state *s, int zone, int side, int sel_only)
{
    int n = 0;
    for (int u = 0; u < rd->nunit; u++)
        if (counted(s, u, zone, side, sel_only, rd) && rd->unit[u].kind == MR_K_CAV)
            n++;
    return n;
}

/* "composed only of cavalry": at least one cavalry and no other unit (commanders, decoys aside). */
int mr_stack_only_cav(const mr_rdata *rd, const mr_state *s, int zone, int side, int sel_only)
{
    int cav = 0;
    for (int u = 0; u < rd->nunit; u++) {
        if (!counted(s, u, zone, side, sel_only, rd))
            continue;
        int k = rd->unit[u].kind;
        if (k == MR_K_CAV)
            cav++;
        else if (k != MR_K_CDR && k != MR_K_DECOY)
            return 0;
    }
    return cav > 0;
}

/* LM-CDR-05: the CiC's SV when present, otherwise the best SV (the owner's best choice). */
int mr_best_sv(const mr_rdata *rd, const mr_state *s, int zone, int side, int sel_only, int *has_cdr)
{
    int best = 0, any = 0;
    for (int u = 0; u < rd->nunit; u++) {
        if (!counted(s, u, zone, side, sel_only, rd) || rd->unit[u].kind != MR_K_CDR)
            continue;
        any = 1;
        if (rd->unit[u].cic) {
            best = rd->unit[u].sv;
            break;
        }
        if (rd->unit[u].sv > best)
            best = rd->unit[u].sv;
    }
    if (has_cdr)
        *has_cdr = any;
    return best;
}

/* LM-MOVE-10, GAP-47: cheapest MP path over passable land connections to a line of communication. */
int mr_loc_distance(const mr_rdata *rd, const mr_state *s, int zone, int side)
{
    int dist[MR_MAXZ];
    int fz = side == MR_AA && rd->fleet >= 0 ? s->u[rd->fleet].zone : -1;
    uint32_t fl = side == MR_AA ? (fz >= 0 ? 0u : MR_ZF_LOC_AA) : (MR_ZF_LOC_FR | MR_ZF_OFFMAP);
    for (int z = 0; z < rd->nzone; z++)
        dist[z] = -1;
    if (zone < 0 || zone >= rd->nzone)
        return -1;
    dist[zone] = 0;
    for (int iter = 0; iter < rd->nzone; iter++) {
        int changed = 0;
        for (int c = 0; c < rd->nconn; c++) {
            int b = MR_C_BASE(rd->ctype[c]);
            if ((rd->ctype[c] & MR_CF_IMPASS) || b == MR_C_BOAT || b == MR_C_FERRY || (b == MR_C_EXIT && side != MR_FR))
                continue;
            for (int d = 0; d < 2; d++) {
                int x = d ? rd->cb[c] : rd->ca[c], y = d ? rd->ca[c] : rd->cb[c];
                if (dist[x] >= 0 && (dist[y] < 0 || dist[x] + rd->ccost[c] < dist[y])) {
                    dist[y] = dist[x] + rd->ccost[c];
                    changed = 1;
                }
            }
        }
        if (!changed)
            break;
    }
    int best = -1;
    for (int z = 0; z < rd->nzone; z++)
        if (dist[z] >= 0 && (z == fz || (rd->zflags[z] & fl)) && (best < 0 || dist[z] < best))
            best = dist[z];
    return best;
}

/* LM-CMD-06, GAP-19: from the CiC's zone (which must hold no enemy) to the stack's zone (whose enemies do
   not count) over passable connections through zones free of enemy units. */
int mr_command_path(const mr_rdata *rd, const mr_state *s, int cic_zone, int stack_zone, int side)
{
    if (cic_zone < 0 || stack_zone < 0)
        return 0;
    if (cic_zone == stack_zone)
        return 1;
    if (mr_enemy_in(rd, s, cic_zone, side, 1))
        return 0;
    return clear_path(rd, s, cic_zone, stack_zone, 0, side, 1);
}

/* Les Maréchaux: exact odds, by enumerating the dice (no sampling). */
#include "marechaux.h"

#include <string.h>

void mr_odds_command(int out[3], int sv, int only_cav, int clear_path)
{
    out[0] = out[1] = out[2] = 0;
    for (int d = 1; d <= 6; d++)
        out[mr_command_result(d, sv, only_cav, clear_path, NULL)]++;
}

int mr_odds_disengage(int own_cav, int enemy_cav, int only_cav)
{
    int n = 0;
    for (int d = 1; d <= 6; d++)
        n += mr_disengage_result(d, own_cav, enemy_cav, only_cav, NULL);
    return n;
}

int mr_odds_demoralized(int retreat, int head_morale)
{
    int n = 0;
    for (int d = 1; d <= 6; d++)
        n += mr_demoralized(d, retreat, head_morale);
    return n;
}

int mr_odds_commander(void)
{
    int n = 0;
    for (int s = 2; s <= 12; s++)
        if (mr_commander_eliminated(s))
            n += mr_2d6_ways(s);
    return n;
}

int mr_combat_odds_get(mr_combat_odds *o, wg_game *g)
{
    if (!o || !g)
        return WG_EINVAL;
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    if (s->cb.zone < 0 || s->cb.step < MR_CB_HEAD_ATT || s->cb.step > MR_CB_DIE_DEF)
        return wg__seterr(g->err, WG_ESTATE, "combat odds: no combat between the strength ratio and the melee");
    wg_table *t = g->ntables > 0 ? g->tables[0] : NULL;
    if (!t)
        return WG_EDATA;
    mr_combat cb = s->cb; /* restored at the end */
    memset(o, 0, sizeof *o);
    int att = cb.att;
    for (int side = 0; side < 2; side++) {
        if (cb.head[side] < 0) { /* not named yet: the best eligible morale */
            int best = -1, bm = -1;
            for (int u = 0; u < rd->nunit; u++)
                if (mr_combat_head_ok(rd, s, u, side) && mr_unit_morale(rd, s, u) > bm)
                    best = u, bm = mr_unit_morale(rd, s, u);
            s->cb.head[side] = (int8_t)best;
        }
        s->cb.die[side] = 0;
        mr_combat_cp(g, side, &o->base[side]);
        mr_side_calc c;
        mr_combat_side(rd, s, side, &c);
        o->art_dice[side] = c.art; /* already rolled: the shots precede the strength ratio */
    }
    int dmin_a = cb.step > MR_CB_DIE_ATT ? cb.die[att] : 1, dmax_a = cb.step > MR_CB_DIE_ATT ? cb.die[att] : 6;
    for (int da = dmin_a; da <= dmax_a; da++)
        for (int dd = 1; dd <= 6; dd++) {
            uint64_t w = 1;
            s->cb.die[att] = (int8_t)da;
            s->cb.die[1 - att] = (int8_t)dd;
            mr_cp a, d;
            mr_combat_cp(g, att, &a);
            mr_combat_cp(g, 1 - att, &d);
            int diff = mr_cp_total(&a) - mr_cp_total(&d);
            int k = diff < -MR_ODDS_MAXD ? -MR_ODDS_MAXD : diff > MR_ODDS_MAXD ? MR_ODDS_MAXD : diff;
            o->diff[k + MR_ODDS_MAXD] += w;
            o->total += w;
            int wl, ll, r;
            char err[WG_ERRMSG_CAP];
            if (mr_melee_resolve(&wl, &ll, &r, t, diff, cb.amplitude, err) != WG_OK) {
                o->gap += w;
                continue;
            }
            int W = diff > 0 ? att : diff < 0 ? 1 - att : -1;
            int lw, lo;
            if (W < 0) {
                o->draw += w;
                lw = cb.ratio10[att] ? 0 : wl;
                lo = cb.ratio10[1 - att] ? 0 : wl;
                o->loss[att][lw > 15 ? 15 : lw] += w;
                o->loss[1 - att][lo > 15 ? 15 : lo] += w;
                o->retreat[0] += w;
                continue;
            }
            if (W == att)
                o->att_win += w;
            else
                o->def_win += w;
            lw = cb.ratio10[W] ? 0 : wl; /* LM-MELEE-16 */
            o->loss[W][lw > 15 ? 15 : lw] += w;
            o->loss[1 - W][ll > 15 ? 15 : ll] += w;
            o->retreat[r > 7 ? 7 : r] += w;
        }
    s->cb = cb;
    return WG_OK;
}

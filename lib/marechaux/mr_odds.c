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

static void add_result(mr_combat_odds *o, int winner, int wl, int ll, int r, uint64_t w)
{
    for (int i = 0; i < o->nres; i++)
        if (o->res[i].winner == winner && o->res[i].win_loss == wl && o->res[i].lose_loss == ll &&
            o->res[i].retreat == r) {
            o->res[i].w += w;
            return;
        }
    if (o->nres < MR_ODDS_MAXRES) { /* cannot overflow: a winner and a cell per CP difference */
        struct mr_result *x = &o->res[o->nres++];
        x->winner = (int8_t)winner;
        x->win_loss = (int8_t)wl;
        x->lose_loss = (int8_t)ll;
        x->retreat = (int8_t)r;
        x->w = w;
    }
}

void mr_odds_tally(mr_combat_odds *o, wg_table *t, int att, int amplitude, const int8_t ratio10[2], int diff,
                   uint64_t w)
{
    int k = diff < -MR_ODDS_MAXD ? -MR_ODDS_MAXD : diff > MR_ODDS_MAXD ? MR_ODDS_MAXD : diff;
    o->diff[k + MR_ODDS_MAXD] += w;
    o->total += w;
    int wl, ll, r;
    char err[WG_ERRMSG_CAP];
    if (mr_melee_resolve(&wl, &ll, &r, t, diff, amplitude, err) != WG_OK) {
        o->gap += w;
        add_result(o, MR_RES_GAP, 0, 0, 0, w);
        return;
    }
    int W = diff > 0 ? att : diff < 0 ? 1 - att : -1;
    if (W < 0) { /* LM-MELEE-23: both lose the number of row 0 */
        int la = ratio10[att] ? 0 : wl, ld = ratio10[1 - att] ? 0 : wl;
        o->draw += w;
        o->loss[att][la > 15 ? 15 : la] += w;
        o->loss[1 - att][ld > 15 ? 15 : ld] += w;
        o->retreat[0] += w;
        add_result(o, MR_RES_DRAW, la > 99 ? 99 : la, ld > 99 ? 99 : ld, 0, w);
        return;
    }
    if (W == att)
        o->att_win += w;
    else
        o->def_win += w;
    int lw = ratio10[W] ? 0 : wl; /* LM-MELEE-16 */
    o->loss[W][lw > 15 ? 15 : lw] += w;
    o->loss[1 - W][ll > 15 ? 15 : ll] += w;
    o->retreat[r > 7 ? 7 : r] += w;
    add_result(o, W, lw > 99 ? 99 : lw, ll > 99 ? 99 : ll, r > 99 ? 99 : r, w);
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
            mr_odds_tally(o, t, att, cb.amplitude, cb.ratio10, mr_cp_total(&a) - mr_cp_total(&d), w);
        }
    s->cb = cb;
    return WG_OK;
}

/* ---- public API (include/wargame.h, group marechaux) ---- */

static int odds_check(wg_game *game, const char *fn)
{
    if (!game)
        return WG_EINVAL;
    if (game->ops != &wg__marechaux_ops)
        return wg__seterr(game->err, WG_ERULESET, "%s: the game is not a Les Marechaux game", fn);
    return WG_OK;
}

static void cp_fields(int64_t *o, const mr_cp *c)
{
    o[0] = c->events;
    o[1] = c->art;
    o[2] = c->ratio;
    o[3] = c->head;
    o[4] = c->sv;
    o[5] = c->terrain;
    o[6] = c->noaxis;
    o[7] = c->river;
    o[8] = c->forced;
    o[9] = c->demor;
}

int wg_marechaux_combat_odds(int64_t *out, size_t cap, size_t *len, wg_game *game)
{
    int64_t v[WG_MR_ODDS_COUNT];
    mr_combat_odds o;
    int rc = odds_check(game, "wg_marechaux_combat_odds");
    if (rc != WG_OK)
        return rc;
    if (!len || (cap > 0 && !out))
        return wg__seterr(game->err, WG_EINVAL, "wg_marechaux_combat_odds: len is NULL, or out is NULL with cap > 0");
    if ((rc = mr_combat_odds_get(&o, game)) != WG_OK)
        return rc;
    memset(v, 0, sizeof v);
    int att = MR_ST(game)->cb.att;
    v[WG_MR_ODDS_TOTAL] = (int64_t)o.total;
    v[WG_MR_ODDS_ATTACKER] = att;
    v[WG_MR_ODDS_ATT_WINS] = (int64_t)o.att_win;
    v[WG_MR_ODDS_DEF_WINS] = (int64_t)o.def_win;
    v[WG_MR_ODDS_DRAWS] = (int64_t)o.draw;
    v[WG_MR_ODDS_GAPS] = (int64_t)o.gap;
    cp_fields(v + WG_MR_ODDS_ATT_CP, &o.base[att]);
    cp_fields(v + WG_MR_ODDS_DEF_CP, &o.base[1 - att]);
    for (int i = 0; i < 2 * MR_ODDS_MAXD + 1; i++)
        v[WG_MR_ODDS_DIFF + i] = (int64_t)o.diff[i];
    for (int k = 0; k < 16; k++) {
        v[WG_MR_ODDS_LOSS_AA + k] = (int64_t)o.loss[MR_AA][k];
        v[WG_MR_ODDS_LOSS_FR + k] = (int64_t)o.loss[MR_FR][k];
    }
    for (int k = 0; k < 8; k++)
        v[WG_MR_ODDS_RETREAT + k] = (int64_t)o.retreat[k];
    *len = WG_MR_ODDS_COUNT;
    if (cap < WG_MR_ODDS_COUNT)
        return out ? wg__seterr(game->err, WG_EBUFSIZE, "wg_marechaux_combat_odds: %d entries needed",
                                WG_MR_ODDS_COUNT)
                   : WG_EBUFSIZE;
    memcpy(out, v, sizeof v);
    return WG_OK;
}

static void text_cp(wg_sb *sb, const char *who, const mr_cp *c)
{
    wg__sb_printf(sb,
                  "%s: events %+d, artillery %+d, strength ratio %+d, head unit %+d, commander %+d, terrain %+d, "
                  "no axis %+d, river %+d, forced passage %+d, demoralized %+d = %d + 1d6\n",
                  who, c->events, c->art, c->ratio, c->head, c->sv, c->terrain, c->noaxis, c->river, c->forced,
                  c->demor, mr_cp_total(c));
}

int wg_marechaux_combat_odds_text(char *buf, size_t cap, size_t *len, wg_game *game)
{
    mr_combat_odds o;
    int rc = odds_check(game, "wg_marechaux_combat_odds_text");
    if (rc != WG_OK)
        return rc;
    if (!len || (cap > 0 && !buf))
        return wg__seterr(game->err, WG_EINVAL, "wg_marechaux_combat_odds_text: len is NULL, or buf is NULL with cap > 0");
    if ((rc = mr_combat_odds_get(&o, game)) != WG_OK)
        return rc;
    int att = MR_ST(game)->cb.att;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    wg__sb_printf(&sb, "melee odds over %llu equally likely outcomes (LM-MELEE-01..27)\n",
                  (unsigned long long)o.total);
    text_cp(&sb, att == MR_AA ? "Anglo-Allied (attacker)" : "French (attacker)", &o.base[att]);
    text_cp(&sb, att == MR_AA ? "French (defender)" : "Anglo-Allied (defender)", &o.base[1 - att]);
    wg__sb_printf(&sb, "attacker wins %llu, defender wins %llu, draws %llu, table gaps %llu\n",
                  (unsigned long long)o.att_win, (unsigned long long)o.def_win, (unsigned long long)o.draw,
                  (unsigned long long)o.gap);
    for (int side = 0; side < 2; side++) {
        wg__sb_printf(&sb, "%s melee losses:", side == MR_AA ? "Anglo-Allied" : "French");
        for (int k = 0; k < 16; k++)
            if (o.loss[side][k])
                wg__sb_printf(&sb, " %d:%llu", k, (unsigned long long)o.loss[side][k]);
        wg__sb_printf(&sb, "\n");
    }
    wg__sb_printf(&sb, "retreat:");
    for (int k = 0; k < 8; k++)
        if (o.retreat[k])
            wg__sb_printf(&sb, " %d zone(s):%llu", k, (unsigned long long)o.retreat[k]);
    wg__sb_printf(&sb, "\n");
    rc = wg__sb_finish(&sb, len);
    if (rc != WG_OK && buf)
        return wg__seterr(game->err, rc, "wg_marechaux_combat_odds_text: %zu bytes needed", *len + 1);
    return rc;
}

/* ---- the 1d6 tests: command, disengagement, demoralization (public API, group marechaux) ---- */

static int odds_out_args(wg_game *game, const char *fn, const int64_t *out, size_t cap, const size_t *len)
{
    int rc = odds_check(game, fn);
    if (rc != WG_OK)
        return rc;
    if (!len || (cap > 0 && !out))
        return wg__seterr(game->err, WG_EINVAL, "%s: len is NULL, or out is NULL with cap > 0", fn);
    if (MR_ST(game)->stage == MR_S_OVER)
        return wg__seterr(game->err, WG_ESTATE, "%s: the game is over (LM-SEQ-09)", fn);
    return WG_OK;
}

static int odds_who(wg_game *game, const char *fn, int viewer, int side, int zone)
{
    const mr_rdata *rd = MR_RD(game);
    if (viewer != WG_VIEW_REFEREE && viewer != MR_AA && viewer != MR_FR)
        return wg__seterr(game->err, WG_ERANGE, "%s: no viewer %d (0 Anglo-Allied, 1 French, %d the referee)", fn,
                          viewer, WG_VIEW_REFEREE);
    if (side != MR_AA && side != MR_FR)
        return wg__seterr(game->err, WG_ERANGE, "%s: no side %d (0 Anglo-Allied, 1 French)", fn, side);
    if (zone < -1 || zone >= rd->nzone)
        return wg__seterr(game->err, WG_ERANGE, "%s: no zone %d (the map has %d zones; -1: the pending test)", fn,
                          zone, rd->nzone);
    return WG_OK;
}

/* A player may ask only about his own stacks: the enemy's commanders and composition are hidden. The
   message names the sides only, never what the zone holds. */
static int odds_own(wg_game *game, const char *fn, int viewer, int side)
{
    if (viewer == WG_VIEW_REFEREE || viewer == side)
        return WG_OK;
    return wg__seterr(game->err, WG_EINVAL,
                      "%s: the %s player may not see the commanders and the composition of %s counters (LM-FOG-01); "
                      "ask as that side or as the referee",
                      fn, mr_side_name(viewer), mr_side_name(side));
}

static int odds_put(wg_game *game, const char *fn, int64_t *out, size_t cap, size_t *len, const int64_t *v, size_t n)
{
    *len = n;
    if (cap < n)
        return out ? wg__seterr(game->err, WG_EBUFSIZE, "%s: %zu entries needed", fn, n) : WG_EBUFSIZE;
    memcpy(out, v, n * sizeof *v);
    return WG_OK;
}

int wg_marechaux_command_odds(int64_t *out, size_t cap, size_t *len, wg_game *game, int viewer, int side, int zone)
{
    static const char fn[] = "wg_marechaux_command_odds";
    int rc = odds_out_args(game, fn, out, cap, len);
    if (rc == WG_OK)
        rc = odds_who(game, fn, viewer, side, zone);
    if (rc == WG_OK)
        rc = odds_own(game, fn, viewer, side);
    if (rc != WG_OK)
        return rc;
    const mr_rdata *rd = MR_RD(game);
    mr_state st = *MR_ST(game); /* a copy: the stack of a zone is marked in it */
    if (zone < 0) {
        if (!mr_ops_pending(&st))
            return wg__seterr(game->err, WG_ESTATE,
                              "%s: no command test is pending (a stack formed to move or to disengage, or the command "
                              "die); give a zone",
                              fn);
        if (st.phasing != side)
            return wg__seterr(game->err, WG_ESTATE, "%s: the pending command test is the %s player's", fn,
                              mr_side_name(st.phasing));
        zone = st.mv.zone;
    } else if (!mr_ops_select_available(rd, &st, zone, side)) {
        return wg__seterr(game->err, WG_ESTATE, "%s: no %s unit in zone %d may still be activated (LM-SEQ-04)", fn,
                          mr_side_name(side), zone);
    }
    int has = 0, f[3];
    int sv = mr_best_sv(rd, &st, zone, side, 1, &has);
    int only = mr_stack_only_cav(rd, &st, zone, side, 1);
    int c = rd->cic[side];
    int path = c >= 0 && mr_command_path(rd, &st, st.u[c].zone, zone, side);
    int exempt = c >= 0 && st.u[c].zone >= 0 && st.u[c].zone == zone; /* LM-CMD-02/03 */
    mr_odds_command(f, sv, only, path);
    int64_t v[WG_MR_CMD_COUNT];
    v[WG_MR_CMD_TOTAL] = 6;
    v[WG_MR_CMD_EXEMPT] = exempt;
    v[WG_MR_CMD_NOTHING] = exempt ? 0 : f[0];
    v[WG_MR_CMD_HALF] = exempt ? 0 : f[1];
    v[WG_MR_CMD_ALL] = exempt ? 6 : f[2];
    v[WG_MR_CMD_SV] = sv;
    v[WG_MR_CMD_ONLY_CAV] = only;
    v[WG_MR_CMD_PATH] = path;
    return odds_put(game, fn, out, cap, len, v, WG_MR_CMD_COUNT);
}

int wg_marechaux_disengage_odds(int64_t *out, size_t cap, size_t *len, wg_game *game, int viewer, int side, int zone)
{
    static const char fn[] = "wg_marechaux_disengage_odds";
    int rc = odds_out_args(game, fn, out, cap, len);
    if (rc == WG_OK)
        rc = odds_who(game, fn, viewer, side, zone);
    if (rc != WG_OK)
        return rc;
    const mr_rdata *rd = MR_RD(game);
    mr_state st = *MR_ST(game);
    int kind = 0, d_own = -1, d_en = -1, own, en, only;
    if (zone < 0 && st.cb.zone >= 0 && (st.stage == MR_S_WITHDRAW || st.stage == MR_S_DISROLL)) {
        /* LM-COMBAT-07/08: the combat's counters are turned over, the true counts count */
        if (st.who != side)
            return wg__seterr(game->err, WG_ESTATE, "%s: the pending cavalry withdrawal is the %s player's", fn,
                              mr_side_name(st.who));
        kind = 1;
        zone = st.cb.zone;
        own = mr_stack_cav(rd, &st, zone, side, 1);
        en = mr_stack_cav(rd, &st, zone, 1 - side, 1);
        only = 1;
        d_own = d_en = 1;
    } else {
        if ((rc = odds_own(game, fn, viewer, side)) != WG_OK)
            return rc;
        if (zone < 0) {
            if (mr_ops_pending(&st) != 2)
                return wg__seterr(game->err, WG_ESTATE,
                                  "%s: no disengagement or cavalry withdrawal is pending; give a zone", fn);
            if (st.phasing != side)
                return wg__seterr(game->err, WG_ESTATE, "%s: the pending disengagement is the %s player's", fn,
                                  mr_side_name(st.phasing));
            zone = st.mv.zone;
            if (st.stage != MR_S_FORM) { /* LM-DISENG-07/08: the declarations made so far */
                d_own = st.decl[side];
                d_en = st.decl[1 - side];
            }
        } else if (!mr_ops_select_available(rd, &st, zone, side)) {
            return wg__seterr(game->err, WG_ESTATE, "%s: no %s unit in zone %d may still be activated (LM-SEQ-04)",
                              fn, mr_side_name(side), zone);
        }
        own = mr_stack_cav(rd, &st, zone, side, 1);
        en = mr_stack_cav(rd, &st, zone, 1 - side, 0);
        only = mr_stack_only_cav(rd, &st, zone, side, 1);
    }
    /* GAP-30: the enemy's count is known once he declared (0 when he declined); before, to the referee only */
    int en_known = d_en == 1 ? en : d_en == 0 ? 0 : viewer == WG_VIEW_REFEREE ? en : -1;
    int64_t v[WG_MR_DIS_COUNT];
    v[WG_MR_DIS_TOTAL] = 6;
    v[WG_MR_DIS_KIND] = kind;
    v[WG_MR_DIS_OWN_CAV] = own;
    v[WG_MR_DIS_ENEMY_CAV] = en_known;
    v[WG_MR_DIS_ONLY_CAV] = d_own != 0 && only ? -1 : 0;
    v[WG_MR_DIS_DECLARED] = d_own;
    v[WG_MR_DIS_ENEMY_DECLARED] = d_en;
    v[WG_MR_DIS_IF_MORE] = mr_odds_disengage(1, 0, only);
    v[WG_MR_DIS_IF_NOT_MORE] = mr_odds_disengage(0, 0, only);
    v[WG_MR_DIS_IF_SECRET] = 0;
    for (int d = 1; d <= 6; d++)
        v[WG_MR_DIS_IF_SECRET] += mr_disengage_declared(d, 0, own, 0, 0, only, NULL);
    if (d_own == 0) {
        v[WG_MR_DIS_CAV_MOD] = 1;
        v[WG_MR_DIS_SUCCESS] = v[WG_MR_DIS_IF_SECRET];
    } else if (en_known >= 0) {
        v[WG_MR_DIS_CAV_MOD] = own > en_known ? -1 : 1;
        v[WG_MR_DIS_SUCCESS] = own > en_known ? v[WG_MR_DIS_IF_MORE] : v[WG_MR_DIS_IF_NOT_MORE];
    } else {
        v[WG_MR_DIS_CAV_MOD] = 0;
        v[WG_MR_DIS_SUCCESS] = -1;
    }
    return odds_put(game, fn, out, cap, len, v, WG_MR_DIS_COUNT);
}

int wg_marechaux_demoralization_odds(int64_t *out, size_t cap, size_t *len, wg_game *game)
{
    static const char fn[] = "wg_marechaux_demoralization_odds";
    int rc = odds_out_args(game, fn, out, cap, len);
    if (rc != WG_OK)
        return rc;
    const mr_rdata *rd = MR_RD(game);
    const mr_state *s = MR_ST(game);
    if (s->cb.zone < 0 || s->cb.step < MR_CB_CHARGE || s->cb.step > MR_CB_DEMOR || s->cb.wdok)
        return wg__seterr(game->err, WG_ESTATE,
                          "%s: no demoralization test at this point: it follows the melee result of a combat and "
                          "precedes the pursuit (LM-DEMOR-01)",
                          fn);
    if (s->cb.winner < 0)
        return wg__seterr(game->err, WG_ESTATE, "%s: the melee was a draw: no loser tests (LM-MELEE-23, LM-DEMOR-01)",
                          fn);
    int L = 1 - s->cb.winner, h = s->cb.head[L], fresh = (s->cb.newhead >> L) & 1;
    if (h < 0 || !mr_combat_head_ok(rd, s, h, L)) { /* LM-DEMOR-02, GAP-12 */
        int bm = -1;
        h = -1;
        for (int u = 0; u < rd->nunit; u++)
            if (mr_combat_head_ok(rd, s, u, L) && mr_unit_morale(rd, s, u) > bm)
                h = u, bm = mr_unit_morale(rd, s, u);
        fresh = 1;
    }
    if (h < 0)
        return wg__seterr(game->err, WG_ESTATE,
                          "%s: no unit of the losing stack is left to be head unit: no test (LM-DEMOR-02, GAP-12)", fn);
    int m = mr_unit_morale(rd, s, h);
    int64_t v[WG_MR_DEM_COUNT];
    v[WG_MR_DEM_TOTAL] = 6;
    v[WG_MR_DEM_DEMORALIZED] = mr_odds_demoralized(s->cb.retreat, m);
    v[WG_MR_DEM_SIDE] = L;
    v[WG_MR_DEM_RETREAT] = s->cb.retreat;
    v[WG_MR_DEM_HEAD_MORALE] = m;
    v[WG_MR_DEM_NEW_HEAD] = fresh;
    for (int k = 0; k < 8; k++)
        v[WG_MR_DEM_BY_RETREAT + k] = mr_odds_demoralized(k, m);
    return odds_put(game, fn, out, cap, len, v, WG_MR_DEM_COUNT);
}

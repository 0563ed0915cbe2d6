/* La Grande Armée: the Movement Phase as decisions (reinforcements, combine/breakdown, forced marches,
   automatic elimination, special reinforcements, end-of-phase combination and the Prussian fortress limit). */
#include "lga_seq.h"

#include <string.h>

#define PUSH(act)                                                                                             \
    do {                                                                                                      \
        int rc_ = wg__opt_push(g, (act), 1);                                                                  \
        if (rc_)                                                                                              \
            return rc_;                                                                                       \
    } while (0)

static const lga_group *group_of(const lga_run *r, int ui)
{
    int gi = r->s->u[ui].group;
    if (gi == 0xffff || !r->sc || !r->sc->src)
        return NULL;
    return &r->sc->src->group[gi];
}

/* The hex where the placed members of a one-hex group stand, or -1. */
int lga_group_anchor(const lga_run *r, int ui)
{
    const lga_state *s = r->s;
    const lga_unit *u = &s->u[ui];
    const lga_group *gr = group_of(r, ui);
    if (!gr || !gr->place.one_hex)
        return -1;
    /* the hex where the group entered, even when its first units have moved on since */
    for (int i = 0; i < s->nunits; i++)
        if (i != ui && s->u[i].group == u->group && s->u[i].st == LGA_US_MAP) {
            if (s->mode == LGA_M_SETUP)
                return s->u[i].hex;
            if ((s->u[i].flags & LGA_UF_ARRIVED) && s->u[i].arr >= 0)
                return s->u[i].arr;
        }
    return -1;
}

/* LGA-SCEN-08, LGA-GAP-31: a hex of the group's zone with no Enemy unit; one-hex groups stay together. */
int lga_group_hex_ok2(const lga_run *r, int ui, int hex, int anchor)
{
    if (anchor >= 0 && hex != anchor)
        return 0;
    const lga_state *s = r->s;
    unsigned enemy = s->u[ui].side ? (s->occ[hex] & 15u) : (s->occ[hex] >> 4);
    return !(enemy & LGA_OC_ANY);
}

int lga_group_hex_ok(const lga_run *r, int ui, int hex)
{
    return lga_group_hex_ok2(r, ui, hex, lga_group_anchor(r, ui));
}

void lga_after_place(lga_run *r, int ui, int hex)
{
    lga_state *s = r->s;
    lga_unit *u = &s->u[ui];
    const lga_group *gr = group_of(r, ui);
    lga_unit_place(s, ui, hex);
    if (s->mode != LGA_M_SETUP) {
        u->flags |= LGA_UF_ARRIVED;
        u->arr = (int16_t)hex;
        /* LGA-S1805-06, LGA-FMARCH-16: free forced march on the arrival turn */
        if (gr && (gr->flags & (LGA_GF_FM_SUPPLY | LGA_GF_FREE_TRIPLE)) && gr->when == LGA_W_TURN &&
            gr->turn == s->turn)
            u->flags |= LGA_UF_FREE_FM;
    }
    lga_emit(r, LGA_EV_PLACE, s->mode == LGA_M_SETUP ? "LGA-SCEN-03" : "LGA-SCEN-07", ui, hex, 0, 0);
    lga_control_enter(r, hex, u->side);
    if (s->mode != LGA_M_SETUP)
        lga_check_triggers(r, ui, hex);
}

/* ---------------------------------------------------------------- start of phase */

void lga_start_movement(lga_run *r)
{
    lga_state *s = r->s;
    s->phase = 0;
    s->steps = 0;
    s->started = 0;
    s->nbattles = 0;
    s->cur = -1;
    for (int i = 0; i < s->nunits; i++) {
        lga_unit *u = &s->u[i];
        u->flags &= (uint16_t) ~(LGA_UF_MOVED | LGA_UF_ATTACKED | LGA_UF_SUP_FM | LGA_UF_SUP_USED | LGA_UF_ARRIVED |
                                 LGA_UF_SUPPLIED | LGA_UF_FREE_FM);
        u->battle = 0;
        u->mp = 0;
        u->left = 0;
        u->hex0 = u->st == LGA_US_MAP ? u->hex : -1;
        u->arr = -1;
    }
    lga_emit(r, LGA_EV_PHASE, "LGA-SEQ-02", s->turn, s->pturn, 0, 0);
    if (r->sc && r->sc->src) {
        const lga_scenario *sc = r->sc->src;
        /* LGA-SCEN-07: regular reinforcements of this Game-Turn */
        for (int i = 0; i < s->nunits; i++) {
            lga_unit *u = &s->u[i];
            if (u->st != LGA_US_FUTURE || u->side != s->pturn || u->group == 0xffff)
                continue;
            const lga_group *gr = &sc->group[u->group];
            if (gr->when == LGA_W_TURN && gr->turn == s->turn)
                u->st = LGA_US_PENDING;
        }
        lga_release_specials(r);
    }
    s->mode = LGA_M_SELECT;
}

/* ---------------------------------------------------------------- helpers */

static int unit_can_move(const lga_state *s, int i)
{
    const lga_unit *u = &s->u[i];
    return u->st == LGA_US_MAP && u->side == s->pturn && !(u->flags & (LGA_UF_MOVED | LGA_UF_AE)) && !u->dis &&
           u->ma > u->mp; /* LGA-DISRUPT-02 */
}

static int has_legal_hex(const lga_run *r, const lga_rdata *rd, int ui)
{
    int gi = r->s->u[ui].group;
    if (gi == 0xffff)
        return 0;
    /* the hexes opts_place offers, exactly: a reinforcement that is offered can be placed */
    int anchor = lga_group_anchor(r, ui);
    for (int i = rd->gfirst[gi]; i < rd->gfirst[gi + 1]; i++)
        if (lga_group_hex_ok2(r, ui, rd->gh[i], anchor))
            return 1;
    return 0;
}

static int same_pending(const lga_unit *a, const lga_unit *b)
{
    return a->group == b->group && a->type == b->type && a->str == b->str && a->ma == b->ma && a->name == b->name;
}

/* Start-of-phase actions never apply twice to a unit built this phase (no breakdown/combine cycles);
   end-of-phase combinations only reduce the number of units. */
static int build_ok2(const lga_unit *u, int p, int end_of_phase)
{
    uint16_t block = end_of_phase ? LGA_UF_AE : (LGA_UF_BUILT | LGA_UF_AE);
    return u->st == LGA_US_MAP && u->side == p && !u->dis && !(u->flags & block) &&
           lga_is_combat(u); /* LGA-COMBINE-04, LGA-COMBINE-07 */
}

static int build_ok(const lga_unit *u, int p)
{
    return build_ok2(u, p, 0);
}

static int unit_left(const lga_unit *u)
{
    if (u->flags & LGA_UF_MOVED)
        return u->left;
    return u->ma > u->mp ? u->ma - u->mp : 0;
}

/* Combination candidates on a hex: returns how many matching units (same nationality and Chart, LGA-GAP-30);
   fills their ids. */
static int combine_set(const lga_state *s, int hex, int type, int sstr, int sma, int end_of_phase, int16_t *ids)
{
    int n = 0, org = -1, nat = -1;
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next) {
        const lga_unit *u = &s->u[k];
        if (!build_ok2(u, s->pturn, end_of_phase) || u->type != type || u->str != sstr || u->ma != sma)
            continue;
        if (org < 0) {
            if (!lga_chart_combine_into(u->org, type, sstr, sma))
                continue;
            org = u->org;
            nat = u->nat;
        }
        if (u->org != org || u->nat != nat)
            continue;
        if (!end_of_phase && (u->flags & LGA_UF_MOVED))
            continue;
        if (end_of_phase && unit_left(u) < 1)
            continue; /* LGA-COMBINE-06 */
        ids[n++] = (int16_t)k;
        if (n >= 8)
            break;
    }
    return n;
}

static int opts_combines(wg_game *g, const lga_run *r, int end_of_phase)
{
    const lga_state *s = r->s;
    int16_t ids[8];
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        if (!build_ok2(u, s->pturn, end_of_phase))
            continue;
        /* only the first unit of the hex in list order proposes, to avoid duplicates */
        const lga_chart_step *st = lga_chart_combine_into(u->org, u->type, u->str, u->ma);
        if (!st)
            continue;
        int first = -1;
        for (int k = s->head[u->hex]; k >= 0; k = s->u[k].next)
            if (build_ok2(&s->u[k], s->pturn, end_of_phase) && s->u[k].type == u->type && s->u[k].str == u->str &&
                s->u[k].ma == u->ma && s->u[k].org == u->org) {
                first = k;
                break;
            }
        if (first != i)
            continue;
        if (combine_set(s, u->hex, u->type, u->str, u->ma, end_of_phase, ids) >= st->n)
            PUSH(LGA_ACT(LGA_A_COMBINE, u->hex, u->type, u->str | (u->ma << 8)));
    }
    return WG_OK;
}

static void do_combine(lga_run *r, int hex, int type, int c, int end_of_phase)
{
    lga_state *s = r->s;
    int16_t ids[8];
    int sstr = c & 0xff, sma = (c >> 8) & 0xff;
    int n = combine_set(s, hex, type, sstr, sma, end_of_phase, ids);
    if (n <= 0)
        return;
    const lga_unit *u0 = &s->u[ids[0]];
    const lga_chart_step *st = lga_chart_combine_into(u0->org, type, sstr, sma);
    if (!st || n < st->n)
        return;
    int side = u0->side, nat = u0->nat, org = u0->org;
    for (int i = 0; i < st->n; i++) {
        lga_unit_remove(s, ids[i]);
        s->u[ids[i]].st = LGA_US_FREE;
    }
    int nu = lga_unit_add(s, side, nat, type, st->big_str, st->big_ma); /* LGA-COMBINE-15: chart values */
    if (nu < 0)
        return;
    lga_unit *b = &s->u[nu];
    b->org = (uint8_t)org;
    b->size = st->big_str >= 10 ? LGA_SZ_ARMY : LGA_SZ_CORPS;
    b->flags |= LGA_UF_BUILT;
    lga_unit_place(s, nu, hex);
    if (end_of_phase) {
        b->flags |= LGA_UF_MOVED; /* LGA-COMBINE-02/06 */
        b->left = 0;
    } else {
        b->mp = 1; /* LGA-COMBINE-05 */
    }
    lga_emit(r, LGA_EV_COMBINE, end_of_phase ? "LGA-COMBINE-06" : "LGA-COMBINE-05", nu, hex, st->n, 0);
}

static void do_breakdown(lga_run *r, int ui)
{
    lga_state *s = r->s;
    lga_unit old = s->u[ui];
    const lga_chart_step *st = lga_chart_breakdown(old.org, old.type, old.str, old.ma);
    if (!st)
        return;
    lga_unit_remove(s, ui);
    s->u[ui].st = LGA_US_FREE;
    for (int i = 0; i < st->n; i++) {
        int nu = lga_unit_add(s, old.side, old.nat, old.type, st->small_str, st->small_ma);
        if (nu < 0)
            break;
        lga_unit *b = &s->u[nu];
        b->org = old.org;
        b->size = old.size > LGA_SZ_BRIGADE ? (uint8_t)(old.size - 1) : LGA_SZ_BRIGADE;
        b->flags |= LGA_UF_BUILT | LGA_UF_BROKEN;
        b->mp = 1; /* LGA-COMBINE-05: one MP expended for the breakdown (once, however many steps) */
        lga_unit_place(s, nu, old.hex);
        lga_emit(r, LGA_EV_BREAKDOWN, "LGA-COMBINE-05", nu, old.hex, st->n, 0);
    }
}

static int usable_supply(const lga_run *r, int side, int hex, int exclude)
{
    const lga_state *s = r->s;
    for (int d = -1; d < 6; d++) {
        int h = d < 0 ? hex : r->b->nb[hex][d];
        if (h < 0)
            continue;
        for (int k = s->head[h]; k >= 0; k = s->u[k].next)
            if (k != exclude && s->u[k].side == side && lga_supply_in_range(r, k, hex) &&
                !(s->u[k].flags & LGA_UF_SUP_USED))
                return k;
    }
    return -1;
}

/* Breakdown and combination options of the phasing side (start of the Movement Phase, initial placement). */
int lga_opts_build(wg_game *g, const lga_run *r)
{
    const lga_state *s = r->s;
    int room = lga_free_slots(s); /* a breakdown needs n - 1 more slots (LGA-GAP-08: no counter-mix cap) */
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        /* LGA-GAP-30: one Chart step per action, so an Army breaks down to Divisions in two; a unit
           made by a breakdown may break down again (never combine again: no cycles) */
        int again = (u->flags & LGA_UF_BROKEN) && build_ok2(u, s->pturn, 1);
        if ((!build_ok(u, s->pturn) && !again) || (u->flags & LGA_UF_MOVED))
            continue;
        const lga_chart_step *st = lga_chart_breakdown(u->org, u->type, u->str, u->ma);
        if (st && st->n - 1 <= room)
            PUSH(LGA_ACT(LGA_A_BREAKDOWN, i, 0, 0));
    }
    return opts_combines(g, r, 0);
}

int lga_apply_build(lga_run *r, uint64_t a)
{
    switch (LGA_AK(a)) {
    case LGA_A_BREAKDOWN: do_breakdown(r, LGA_AA(a)); return 1;
    case LGA_A_COMBINE: do_combine(r, LGA_AA(a), LGA_AB(a), LGA_AC(a) & 0xffff, 0); return 1;
    default: return 0;
    }
}

/* ---------------------------------------------------------------- automatic elimination */

static int ae_target(const lga_state *s, int hex, int side)
{
    int any = 0;
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next) {
        const lga_unit *u = &s->u[k];
        if (u->side == side || (u->flags & LGA_UF_AE))
            continue;
        if (u->type == LGA_INF || u->type == LGA_SUPPLY || u->type == LGA_DEPOT)
            any = 1;
    }
    return any;
}

static int opts_autoelim(wg_game *g, const lga_run *r)
{
    const lga_state *s = r->s;
    int p = s->pturn;
    for (int ui = 0; ui < s->nunits; ui++) {
        /* each hex once: from its first unit of the phasing side */
        const lga_unit *hu = &s->u[ui];
        if (hu->st != LGA_US_MAP || hu->side != p)
            continue;
        int h = hu->hex, first = -1;
        for (int k = s->head[h]; k >= 0 && first < 0; k = s->u[k].next)
            if (s->u[k].side == p)
                first = k;
        if (first != ui)
            continue;
        int attackers = 0;
        for (int k = s->head[h]; k >= 0; k = s->u[k].next)
            if (s->u[k].side == p && lga_is_combat(&s->u[k]) && !s->u[k].dis && !(s->u[k].flags & LGA_UF_AE))
                attackers = 1;
        if (!attackers)
            continue;
        for (int d = 0; d < 6; d++) {
            int t = r->b->nb[h][d];
            if (t < 0 || s->head[t] < 0 || (r->b->side[h][d] & LGA_HS_LAKE) || !ae_target(s, t, p))
                continue;
            /* LGA-AUTOELIM-03: the attacker chooses whether to expend Combat Supply, and which
               Supply unit (c = 1 + its id), or to attack at half strength (c = 0) */
            lga_odds od;
            lga_autoelim_odds(r, h, t, 0, &od);
            if (100LL * od.att_total >= 500LL * od.def_total)
                PUSH(LGA_ACT(LGA_A_AUTOELIM, h, t, 0));
            if (usable_supply(r, p, h, -1) < 0)
                continue;
            lga_autoelim_odds(r, h, t, 1, &od);
            if (100LL * od.att_total < 500LL * od.def_total)
                continue;
            for (int dd = -1; dd < 6; dd++) {
                int sh = dd < 0 ? h : r->b->nb[h][dd];
                if (sh < 0)
                    continue;
                for (int k = s->head[sh]; k >= 0; k = s->u[k].next)
                    if (s->u[k].side == p && lga_supply_in_range(r, k, h) && !(s->u[k].flags & LGA_UF_SUP_USED))
                        PUSH(LGA_ACT(LGA_A_AUTOELIM, h, t, k + 1));
            }
        }
    }
    return WG_OK;
}

static void do_autoelim(lga_run *r, int src, int tgt, int su)
{
    lga_state *s = r->s;
    int p = s->pturn;
    if (su >= 0) {
        s->u[su].flags |= LGA_UF_SUP_USED; /* LGA-AUTOELIM-03/09, LGA-GAP-47 */
        lga_emit(r, LGA_EV_SUPPLY_USED, "LGA-AUTOELIM-09", su, src, 0, 0);
    }
    lga_odds od;
    lga_autoelim_odds(r, src, tgt, su >= 0, &od);
    lga_emit(r, LGA_EV_AUTOELIM, "LGA-AUTOELIM-01", src, tgt, od.att_total, od.def_total);
    int immune = 0;
    for (int k = s->head[tgt]; k >= 0; k = s->u[k].next)
        if (s->u[k].side != p && (s->u[k].type == LGA_CAV || s->u[k].type == LGA_LEADER))
            immune = 1;
    if (immune && r->o->ae_mixed_hex_immune)
        return; /* LGA-GAP-41 option */
    for (int k = s->head[tgt]; k >= 0;) {
        int nx = s->u[k].next;
        lga_unit *u = &s->u[k];
        if (u->side != p) {
            if (u->type == LGA_INF) {
                u->flags |= LGA_UF_AE; /* LGA-AUTOELIM-04: loses its ZOC now, removed at the Combat Phase */
                lga_occ_refresh(s, tgt);
            } else if (u->type == LGA_SUPPLY || u->type == LGA_DEPOT) {
                lga_unit_eliminate(r, k, "LGA-AUTOELIM-06");
            }
            /* LGA-AUTOELIM-07: Cavalry and Leaders are never automatically eliminated */
        }
        k = nx;
    }
}

/* ---------------------------------------------------------------- triggers */

void lga_check_triggers(lga_run *r, int ui, int hex)
{
    lga_state *s = r->s;
    const lga_unit *u = &s->u[ui];
    if (!r->sc || !r->sc->src || u->side != LGA_FRENCH)
        return;
    const lga_scenario *sc = r->sc->src;
    for (int sp = 0; sp < sc->nspecial && sp < 32; sp++) {
        const lga_special *x = &sc->special[sp];
        if (s->trig & (1u << sp))
            continue;
        int fire = 0;
        if ((x->trig & LGA_TR_ENTER) && (r->b->hflags[hex] & x->enter_flags))
            fire = 1; /* LGA-S1805-19 (b), LGA-GAP-69 */
        if ((x->trig & LGA_TR_NEAR) && s->phase == 0 && s->pturn == LGA_FRENCH && x->near_hex >= 0 &&
            lga_board_distance(r->b, hex, x->near_hex) <= x->near_radius)
            fire = 1; /* LGA-S1809-15, LGA-GAP-70 */
        if (!fire)
            continue;
        lga_fire_special(r, sp);
        if (x->arrive == LGA_AR_IMMEDIATE) {
            /* LGA-S1809-15: placed at once during the French Movement Phase */
            s->arrived |= 1u << sp;
            for (int i = 0; i < s->nunits; i++) {
                lga_unit *w = &s->u[i];
                if (w->st == LGA_US_FUTURE && w->group != 0xffff && sc->group[w->group].when == LGA_W_SPECIAL &&
                    sc->group[w->group].special == sp)
                    w->st = LGA_US_PENDING;
            }
            lga_emit(r, LGA_EV_ARRIVE, "LGA-S1809-15", sp, 0, 0, 0);
        }
    }
}

static int next_special_pending(const lga_state *s)
{
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_PENDING && s->u[i].side != s->pturn)
            return i;
    return -1;
}

/* After a French move: Allied special units placed at once (LGA-S1809-15, LGA-DEC-24). */
static void to_select(lga_run *r)
{
    lga_state *s = r->s;
    const lga_rdata *rd = r->g ? lga_rd(r->g) : NULL;
    s->cur = -1;
    s->mstart = -1;
    s->mode = LGA_M_SELECT;
    for (int i = 0; i < s->nunits; i++) /* something happened: declined reinforcements are offered again */
        s->u[i].flags &= (uint16_t)~LGA_UF_DEFERRED;
    for (;;) {
        int u = next_special_pending(s);
        if (u < 0)
            return;
        if (rd && has_legal_hex(r, rd, u)) {
            s->cur = u;
            s->mode = LGA_M_SPECIAL;
            return;
        }
        lga_unit_eliminate(r, u, "LGA-SCEN-08"); /* e.g. Vienna occupied by the French */
    }
}

/* ---------------------------------------------------------------- forced march and legs */

int lga_unit_budget(const lga_run *r)
{
    const lga_state *s = r->s;
    const lga_unit *u = &s->u[s->cur];
    int ma = u->ma, spent = u->mp;
    if (s->leg == 1)
        return ma - spent; /* LGA-GAP-24: a fresh leg of MA (mp counts from the start of the leg) */
    switch (s->fmkind) {
    case 1: return 2 * ma - spent; /* LGA-FMARCH-04 */
    case 3: return 2 * ma - spent; /* LGA-FMARCH-07 */
    case 4: return ((u->type == LGA_INF || u->type == LGA_SUPPLY) ? 3 * ma : 2 * ma) - spent; /* LGA-S1805-06 */
    default: return ma - spent;                                                                 /* LGA-MOVE-04 */
    }
}

static void finish_move(lga_run *r, int spent_in_leg)
{
    lga_state *s = r->s;
    int ui = s->cur;
    if (ui >= 0 && s->u[ui].st == LGA_US_MAP) {
        int b = lga_unit_budget(r) - spent_in_leg;
        s->u[ui].left = (uint8_t)(b > 0 ? b : 0);
        if (s->fm_d)
            lga_disrupt(r, ui, "LGA-FMARCH-15"); /* disrupted at the end of its movement */
    }
    s->fm_d = 0;
    s->fmkind = 0;
    s->leg = 0;
    to_select(r);
}

static int south_exit_ok(const lga_run *r, int ui, const lga_reach *rc, int budget)
{
    const lga_unit *u = &r->s->u[ui];
    if (!r->sc || !r->sc->exit_vp || u->side != LGA_FRENCH)
        return 0;
    if ((r->b->hflags[u->hex] & LGA_HF_EDGE_S) && budget - u->mp >= 1)
        return 1;
    for (int i = 0; i < rc->n; i++)
        if ((r->b->hflags[rc->hex[i]] & LGA_HF_EDGE_S) && !rc->stop[i] && rc->cost[i] < budget)
            return 1;
    return 0;
}

/* ---------------------------------------------------------------- options */

static int opts_select(wg_game *g, lga_run *r)
{
    lga_state *s = r->s;
    const lga_rdata *rd = lga_rd(g);
    if (s->steps >= r->o->max_steps_per_phase) {
        PUSH(LGA_ACT(LGA_A_END, 0, 0, 0));
        return WG_OK;
    }
    /* per-group answer of has_legal_hex (0 unknown, 1 yes, 2 no) */
    uint8_t gok[LGA_MAX_GROUPS + 1];
    memset(gok, 0, sizeof gok);
    int placeable = 0;
    for (int i = 0; i < s->nunits && !placeable; i++) {
        if (s->u[i].st != LGA_US_PENDING || s->u[i].side != s->pturn || s->u[i].group >= LGA_MAX_GROUPS ||
            (s->u[i].flags & LGA_UF_DEFERRED))
            continue;
        int gi = s->u[i].group;
        if (!gok[gi])
            gok[gi] = has_legal_hex(r, rd, i) ? 1 : 2;
        placeable = gok[gi] == 1;
    }
    if (!placeable || r->o->reinforce_optional)
        PUSH(LGA_ACT(LGA_A_END, 0, 0, 0)); /* LGA-MOVE-01; reinforcements first (LGA-GAP-31 policy) */
    for (int i = 0; i < s->nunits; i++)
        if (unit_can_move(s, i))
            PUSH(LGA_ACT(LGA_A_SELECT, i, 0, 0));
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        if (u->st != LGA_US_PENDING || u->side != s->pturn || (u->flags & LGA_UF_DEFERRED))
            continue;
        if (u->group >= LGA_MAX_GROUPS)
            continue;
        if (!gok[u->group])
            gok[u->group] = has_legal_hex(r, rd, i) ? 1 : 2;
        if (gok[u->group] != 1)
            continue;
        int dup = 0;
        for (int j = i - 1; j >= 0 && !dup && s->u[j].group == u->group; j--)
            dup = s->u[j].st == LGA_US_PENDING && !(s->u[j].flags & LGA_UF_DEFERRED) && same_pending(&s->u[j], u);
        if (!dup)
            PUSH(LGA_ACT(LGA_A_PLACESEL, i, 0, 0));
    }
    if (!s->started) {
        /* LGA-COMBINE-01: start of the Movement Phase */
        int rc = lga_opts_build(g, r);
        if (rc)
            return rc;
    }
    return opts_autoelim(g, r);
}

static int opts_fmdecl(wg_game *g, lga_run *r)
{
    lga_state *s = r->s;
    const lga_unit *u = &s->u[s->cur];
    PUSH(LGA_ACT(LGA_A_FM, 0, 0, 0));
    if (u->flags & LGA_UF_FREE_FM) {
        PUSH(LGA_ACT(LGA_A_FM, 4, 0, 0)); /* LGA-S1805-06 */
        return WG_OK;
    }
    if (!(u->flags & LGA_UF_ARRIVED) && u->hex0 >= 0) {
        /* LGA-FMARCH-03, LGA-GAP-27: a Supply unit stacked with or adjacent to the unit at the start of the
           phase (wherever it is now); LGA-FMARCH-05: one Supply unit serves any number of units;
           LGA-GAP-28: not for units that arrived this phase */
        for (int k = 0; k < s->nunits; k++) {
            const lga_unit *su = &s->u[k];
            if (k == s->cur || su->side != u->side || su->type != LGA_SUPPLY || su->st != LGA_US_MAP || su->dis ||
                su->hex0 < 0 || (su->flags & (LGA_UF_SUP_USED | LGA_UF_AE)))
                continue;
            if (su->hex0 == u->hex0 || lga_board_dir(r->b, su->hex0, u->hex0) >= 0)
                PUSH(LGA_ACT(LGA_A_FM, 1, k, 0));
        }
    }
    PUSH(LGA_ACT(LGA_A_FM, 2, 0, 0));            /* LGA-FMARCH-01 */
    if (u->type == LGA_INF)
        PUSH(LGA_ACT(LGA_A_FM, 3, 0, 0));        /* LGA-FMARCH-02 */
    return WG_OK;
}

static int opts_dest(wg_game *g, lga_run *r)
{
    lga_state *s = r->s;
    lga_reach rc;
    int budget = lga_unit_budget(r);
    PUSH(LGA_ACT(LGA_A_STOP, 0, 0, 0));
    lga_reach_compute_tree(r, s->cur, budget, &rc, (lga_pathcache *)g->scratch);
    lga_reach_sort(r->b, &rc); /* by cost in MP, then by hex number */
    /* the whole list at once (the same options as one wg__opt_push each) */
    if (wg__grow(g->ctx, (void **)&g->opts, &g->capopts, g->nopts + (size_t)rc.n + 1, sizeof *g->opts))
        return WG_ENOMEM;
    for (int i = 0; i < rc.n; i++) {
        g->opts[g->nopts + (size_t)i].action = LGA_ACT(LGA_A_DEST, rc.hex[i], 0, 0);
        g->opts[g->nopts + (size_t)i].weight = 1;
    }
    g->nopts += (size_t)rc.n;
    if (south_exit_ok(r, s->cur, &rc, budget))
        PUSH(LGA_ACT(LGA_A_EXIT, s->cur, 0, 0));
    /* LGA-MOVE-02: the player traces the route: a step to an adjacent hex where the unit may go on
       (the destinations above take the cheapest route) */
    int ui = s->cur, here = s->u[ui].hex, start = s->mstart >= 0 ? s->mstart : here;
    lga_reach steps; /* by cost in MP, then by hex number, as the destinations */
    steps.n = 0;
    for (int d = 0; d < 6; d++) {
        int n = r->b->nb[here][d], stop = 0;
        if (n < 0)
            continue;
        int c = lga_step_cost_move(r, ui, start, here, n, d, &stop);
        if (c < 0 || c >= budget || stop)
            continue;
        int listed = 0;
        for (int i = 0; i < rc.n && !listed; i++)
            listed = rc.hex[i] == n;
        if (listed) {
            steps.hex[steps.n] = (int16_t)n;
            steps.cost[steps.n] = (uint8_t)c;
            steps.stop[steps.n++] = 0;
        }
    }
    lga_reach_sort(r->b, &steps);
    for (int i = 0; i < steps.n; i++)
        PUSH(LGA_ACT(LGA_A_STEP, steps.hex[i], 0, 0));
    return WG_OK;
}

static int opts_place(wg_game *g, lga_run *r, int allow_cancel)
{
    const lga_rdata *rd = lga_rd(g);
    int ui = r->s->cur;
    int gi = r->s->u[ui].group;
    if (allow_cancel)
        PUSH(LGA_ACT(LGA_A_STOP, 0, 0, 0));
    int anchor = lga_group_anchor(r, ui);
    for (int i = rd->gfirst[gi]; i < rd->gfirst[gi + 1]; i++)
        if (lga_group_hex_ok2(r, ui, rd->gh[i], anchor))
            PUSH(LGA_ACT(LGA_A_PLACE, rd->gh[i], 0, 0));
    return WG_OK;
}

/* LGA-PRUSSIAN-02/03, LGA-GAP-66: every Prussian Fortress (a Fortress hex flagged prussia), whether or not
   it scores Victory Points */
static int prussian_excess_hex(const lga_run *r)
{
    const lga_state *s = r->s;
    if (!r->sc || !r->sc->prussian || s->pturn != LGA_ALLIED)
        return -1;
    for (int h = 0; h < r->b->nhex; h++) {
        if (r->b->terrain[h] != LGA_T_FORTRESS || !(r->b->hflags[h] & LGA_HF_PRUSSIA))
            continue;
        int n = 0;
        for (int k = s->head[h]; k >= 0; k = s->u[k].next) {
            const lga_unit *u = &s->u[k];
            if (u->nat == LGA_NAT_PR && lga_is_combat(u) && (r->o->prussian_fort_all || u->size != LGA_SZ_ARMY))
                n++;
        }
        if (n > 1)
            return h;
    }
    return -1;
}

static int opts_prussfort(wg_game *g, lga_run *r)
{
    const lga_state *s = r->s;
    int h = prussian_excess_hex(r);
    if (h < 0)
        return WG_OK;
    for (int k = s->head[h]; k >= 0; k = s->u[k].next) {
        const lga_unit *u = &s->u[k];
        if (u->nat == LGA_NAT_PR && lga_is_combat(u) && (r->o->prussian_fort_all || u->size != LGA_SZ_ARMY))
            PUSH(LGA_ACT(LGA_A_ELIM, k, 0, 0));
    }
    return WG_OK;
}

int lga_opts_move(wg_game *g, lga_run *r)
{
    switch (r->s->mode) {
    case LGA_M_SELECT: return opts_select(g, r);
    case LGA_M_FMDECL: return opts_fmdecl(g, r);
    case LGA_M_DEST: return opts_dest(g, r);
    case LGA_M_FMOP:
        PUSH(LGA_ACT(LGA_A_HALT, 0, 0, 0));
        PUSH(LGA_ACT(LGA_A_AGAIN, 0, 0, 0));
        return WG_OK;
    case LGA_M_PLACE: return opts_place(g, r, 1);
    case LGA_M_SPECIAL: return opts_place(g, r, 0);
    case LGA_M_ENDCOMBINE:
        PUSH(LGA_ACT(LGA_A_END, 0, 0, 0));
        if (r->s->steps >= r->o->max_steps_per_phase)
            return WG_OK;
        return opts_combines(g, r, 1);
    case LGA_M_PRUSSFORT: return opts_prussfort(g, r);
    default: return WG_OK;
    }
}

/* ---------------------------------------------------------------- apply */

static void end_movement(lga_run *r)
{
    lga_state *s = r->s;
    /* LGA-SCEN-08, LGA-GAP-31: reinforcements not placed are lost */
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_PENDING && s->u[i].side == s->pturn)
            lga_unit_eliminate(r, i, "LGA-SCEN-08");
    s->mode = LGA_M_ENDCOMBINE;
    s->steps = 0;
}

static void after_endcombine(lga_run *r)
{
    lga_state *s = r->s;
    if (prussian_excess_hex(r) >= 0) {
        s->mode = LGA_M_PRUSSFORT;
        return;
    }
    lga_start_combat(r);
}

/* One step of the moving unit to the adjacent hex `to`, in a move that began on `start`: its cost
   (-1 when it may not), and what entering does: Supply units overrun (LGA-AUTOELIM-05), control and
   the capture of a Fortress passed through (LGA-FORT-11, LGA-VP-03), the special reinforcements'
   triggers.  *stopped: the unit must stop there (LGA-ZOC-05/06). */
static int step_into(lga_run *r, int ui, int start, int to, int *stopped)
{
    lga_state *s = r->s;
    int from = s->u[ui].hex, stop;
    int d = lga_board_dir(r->b, from, to);
    if (d < 0)
        return -1;
    int c = lga_step_cost_move(r, ui, start, from, to, d, &stop);
    if (c < 0)
        return -1;
    for (int k = s->head[to]; k >= 0;) {
        int nx = s->u[k].next;
        if (s->u[k].side != s->u[ui].side && s->u[k].type == LGA_SUPPLY && lga_is_combat(&s->u[ui]))
            lga_unit_eliminate(r, k, "LGA-AUTOELIM-05");
        k = nx;
    }
    lga_unit_place(s, ui, to);
    lga_control_enter(r, to, s->u[ui].side); /* LGA-FORT-11 */
    lga_check_triggers(r, ui, to);
    *stopped = stop;
    return c;
}

static int move_along(lga_run *r, int ui, int dest, int *stopped)
{
    lga_state *s = r->s;
    int16_t path[LGA_MAX_LIST];
    int budget = lga_unit_budget(r);
    int n = lga_reach_path(r, ui, budget, dest, path, LGA_MAX_LIST);
    int spent = 0;
    *stopped = 0;
    if (n <= 0)
        return -1;
    /* the steps of the route the options offered, charged as the search charged them: the ZOC rules
       read the hex the move began on (LGA-ZOC-07/08) */
    int start = s->mstart >= 0 ? s->mstart : s->u[ui].hex;
    for (int i = 0; i < n; i++) {
        int c = step_into(r, ui, start, path[i], stopped);
        if (c < 0)
            break;
        spent += c;
    }
    lga_emit(r, LGA_EV_MOVE, "LGA-MOVE-02", ui, path[0], dest, spent);
    if (s->u[ui].type == LGA_DEPOT)
        s->u[ui].flags |= LGA_UF_DEPOT_MOVED;
    return spent;
}

static void fm_result(lga_run *r, int res)
{
    lga_state *s = r->s;
    switch (res) {
    case LGA_FM_OK:
    case LGA_FM_D:
        if (res == LGA_FM_D)
            s->fm_d = 1;
        s->leg = 1;
        s->u[s->cur].mp = 0;
        s->mode = LGA_M_DEST;
        break;
    case LGA_FM_OP: s->mode = LGA_M_FMOP; break;
    default:
        lga_unit_eliminate(r, s->cur, "LGA-FMARCH-15");
        s->fmkind = 0;
        s->leg = 0;
        s->fm_d = 0;
        to_select(r);
        break;
    }
}

int lga_apply_move(wg_game *g, lga_run *r, uint64_t a)
{
    lga_state *s = r->s;
    int k = LGA_AK(a);
    (void)g;
    switch (s->mode) {
    case LGA_M_SELECT:
        switch (k) {
        case LGA_A_END: end_movement(r); return WG_OK;
        case LGA_A_SELECT:
            s->cur = LGA_AA(a);
            s->mstart = s->u[s->cur].hex;
            s->u[s->cur].flags |= LGA_UF_MOVED;
            s->started = 1;
            s->leg = 0;
            s->fmkind = 0;
            s->fm_d = 0;
            s->mode = LGA_M_FMDECL;
            return WG_OK;
        case LGA_A_PLACESEL:
            s->cur = LGA_AA(a);
            s->mode = LGA_M_PLACE;
            return WG_OK;
        case LGA_A_BREAKDOWN: do_breakdown(r, LGA_AA(a)); return WG_OK;
        case LGA_A_COMBINE: do_combine(r, LGA_AA(a), LGA_AB(a), LGA_AC(a) & 0xffff, 0); return WG_OK;
        case LGA_A_AUTOELIM: do_autoelim(r, LGA_AA(a), LGA_AB(a), LGA_AC(a) - 1); return WG_OK;
        default: return WG_EILLEGAL;
        }
    case LGA_M_FMDECL: {
        int kind = LGA_AA(a);
        s->fmkind = kind;
        if (kind == 1) {
            int su = LGA_AB(a);
            s->u[su].flags |= LGA_UF_SUP_FM; /* LGA-FMARCH-04/05: expended at the end of the Phase */
            lga_emit(r, LGA_EV_SUPPLY_USED, "LGA-FMARCH-04", su, s->u[su].hex, 0, s->cur);
        }
        s->mode = LGA_M_DEST;
        return WG_OK;
    }
    case LGA_M_DEST: {
        int ui = s->cur;
        if (k == LGA_A_STOP) {
            finish_move(r, 0);
            return WG_OK;
        }
        if (k == LGA_A_EXIT) {
            /* LGA-S1805-27: off the south edge, never to return */
            int h = s->u[ui].hex;
            lga_unit_remove(s, ui);
            s->u[ui].st = LGA_US_EXITED;
            if (lga_is_combat(&s->u[ui]))
                s->vp_exit += s->u[ui].str * r->sc->exit_vp;
            lga_emit(r, LGA_EV_EXIT, "LGA-S1805-27", ui, h, s->u[ui].str, 0);
            s->fm_d = 0;
            finish_move(r, 0);
            return WG_OK;
        }
        int stopped;
        if (k == LGA_A_STEP) { /* LGA-MOVE-02: one step of the route the player traces; the move goes on */
            int from = s->u[ui].hex, start = s->mstart >= 0 ? s->mstart : from;
            int c = step_into(r, ui, start, LGA_AA(a), &stopped);
            if (c < 0)
                return wg__seterr(g->err, WG_EILLEGAL, "the unit may not step there (LGA-MOVE-02)");
            lga_emit(r, LGA_EV_MOVE, "LGA-MOVE-02", ui, from, LGA_AA(a), c);
            s->u[ui].mp = (uint8_t)(s->u[ui].mp + c);
            return WG_OK;
        }
        int spent = move_along(r, ui, LGA_AA(a), &stopped);
        if (spent < 0)
            return wg__seterr(g->err, WG_EILLEGAL, "no path to that hex (LGA-MOVE-03)");
        if (s->u[ui].st != LGA_US_MAP) {
            finish_move(r, 0);
            return WG_OK;
        }
        if (s->leg == 0 && (s->fmkind == 2 || s->fmkind == 3) && !stopped) {
            s->u[ui].mp = (uint8_t)(s->u[ui].mp + spent);
            s->mode = LGA_M_FMROLL; /* LGA-FMARCH-06/07: roll after the first leg */
            return WG_OK;
        }
        s->u[ui].mp = (uint8_t)(s->u[ui].mp + spent);
        {
            int b = lga_unit_budget(r);
            s->u[ui].left = (uint8_t)(b > 0 ? b : 0);
        }
        if (s->fm_d)
            lga_disrupt(r, ui, "LGA-FMARCH-15");
        s->fm_d = 0;
        s->fmkind = 0;
        s->leg = 0;
        to_select(r);
        return WG_OK;
    }
    case LGA_M_FMROLL:
    case LGA_M_FMROLL2: {
        const lga_unit *u = &s->u[s->cur];
        int face = LGA_AA(a);
        int m = face + lga_fm_modifier(r->o, u->nat); /* LGA-FMARCH-09, LGA-GAP-25 */
        if (m < 0)
            m = 0;
        if (m > 7)
            m = 7;
        int triple = s->fmkind == 3;
        int res;
        if (s->mode == LGA_M_FMROLL) {
            res = lga_fm_first(triple, m);
            s->fmroll1 = m;
            lga_emit(r, LGA_EV_FMROLL, triple ? "LGA-FMARCH-12" : "LGA-FMARCH-10", s->cur, face, m, res);
        } else {
            res = lga_fm_second(triple, s->fmroll1, m);
            lga_emit(r, LGA_EV_FMROLL, triple ? "LGA-FMARCH-13" : "LGA-FMARCH-11", s->cur, face, m, res);
        }
        fm_result(r, res);
        return WG_OK;
    }
    case LGA_M_FMOP:
        if (k == LGA_A_HALT) {
            lga_emit(r, LGA_EV_FMRESULT, "LGA-FMARCH-14", s->cur, 0, 0, 0);
            s->fm_d = 0;
            s->fmkind = 0;
            s->leg = 0;
            s->u[s->cur].left = 0;
            to_select(r);
        } else {
            s->mode = LGA_M_FMROLL2;
        }
        return WG_OK;
    case LGA_M_PLACE:
        if (k == LGA_A_STOP) { /* not now: offered again once another unit has moved or been placed, so
                                  that "place" and "not now" cannot loop */
            s->u[s->cur].flags |= LGA_UF_DEFERRED;
            s->mode = LGA_M_SELECT;
            s->cur = -1;
            return WG_OK;
        }
        lga_after_place(r, s->cur, LGA_AA(a));
        to_select(r);
        return WG_OK;
    case LGA_M_SPECIAL:
        lga_after_place(r, s->cur, LGA_AA(a));
        s->u[s->cur].flags |= LGA_UF_MOVED; /* LGA-GAP-70: placed units do not move until their own phase */
        to_select(r);
        return WG_OK;
    case LGA_M_ENDCOMBINE:
        if (k == LGA_A_END) {
            after_endcombine(r);
            return WG_OK;
        }
        do_combine(r, LGA_AA(a), LGA_AB(a), LGA_AC(a) & 0xffff, 1);
        return WG_OK;
    case LGA_M_PRUSSFORT: {
        int ui = LGA_AA(a);
        s->u[ui].flags |= LGA_UF_PERM;
        lga_unit_eliminate(r, ui, "LGA-PRUSSIAN-03");
        after_endcombine(r);
        return WG_OK;
    }
    default: return WG_EILLEGAL;
    }
}

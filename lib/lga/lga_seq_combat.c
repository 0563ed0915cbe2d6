/* La Grande Armée: the Combat Phase as decisions: declarations, attacker supply and stacking supply, Retreat
   Before Combat, defender supply, resolution order, the CRT die, results, retreats, ½ex losses, advance. */
#include "lga_seq.h"

#include <string.h>

#define PUSH(act)                                                                                             \
    do {                                                                                                      \
        int rc_ = wg__opt_push(g, (act), 1);                                                                  \
        if (rc_)                                                                                              \
            return rc_;                                                                                       \
    } while (0)

static int eligible_attacker(const lga_state *s, int k)
{
    const lga_unit *u = &s->u[k];
    return u->st == LGA_US_MAP && u->side == s->pturn && !u->dis && u->battle == 0 &&
           !(u->flags & (LGA_UF_ATTACKED | LGA_UF_AE)) && (lga_is_combat(u) || u->type == LGA_LEADER);
}

static int hex_has_attackers(const lga_state *s, int h)
{
    for (int k = s->head[h]; k >= 0; k = s->u[k].next)
        if (eligible_attacker(s, k) && lga_is_combat(&s->u[k]))
            return 1; /* LGA-GAP-44: at least one Combat unit */
    return 0;
}

static int enemy_on(const lga_state *s, int h)
{
    for (int k = s->head[h]; k >= 0; k = s->u[k].next)
        if (s->u[k].side != s->pturn && !(s->u[k].flags & LGA_UF_AE))
            return 1;
    return 0;
}

static int river_side(const lga_run *r, int h, int d)
{
    return (r->b->side[h][d] & LGA_HS_RIVER) != 0;
}

/* ---------------------------------------------------------------- start */

static void expend_supply(lga_run *r)
{
    lga_state *s = r->s;
    /* LGA-SUPPLY-06: Supply units used this Phase are removed at its end */
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_MAP && s->u[i].type == LGA_SUPPLY &&
            (s->u[i].flags & (LGA_UF_SUP_USED | LGA_UF_SUP_FM)))
            lga_unit_eliminate(r, i, "LGA-SUPPLY-06");
}

void lga_start_combat(lga_run *r)
{
    lga_state *s = r->s;
    expend_supply(r);
    lga_end_phase(r);
    s->phase = 1;
    s->steps = 0;
    s->nbattles = 0;
    s->battle = -1;
    lga_emit(r, LGA_EV_PHASE, "LGA-SEQ-04", s->turn, s->pturn, 1, 0);
    for (int i = 0; i < s->nunits; i++) {
        lga_unit *u = &s->u[i];
        if (u->st == LGA_US_MAP && (u->flags & LGA_UF_AE))
            lga_unit_eliminate(r, i, "LGA-SEQ-08"); /* LGA-AUTOELIM-04 */
        u->flags &= (uint16_t) ~(LGA_UF_SUPPLIED | LGA_UF_ATTACKED | LGA_UF_SUP_USED | LGA_UF_SUP_FM | LGA_UF_FORTSUP);
        u->battle = 0;
    }
    s->mode = LGA_M_DECLARE;
}

/* LGA-SUPPLY-07: an attacker's Supply unit whose only use was Combat Supply in attacks where every defender
   retreated before combat is not expended. */
static void refund_supply(lga_run *r)
{
    lga_state *s = r->s;
    for (int i = 0; i < s->nunits; i++) {
        lga_unit *su = &s->u[i];
        if (su->st != LGA_US_MAP || su->type != LGA_SUPPLY || su->side != s->pturn || !(su->flags & LGA_UF_SUP_USED))
            continue;
        int need = 0, used = 0;
        for (int d = -1; d < 6 && !need; d++) {
            int h = d < 0 ? su->hex : r->b->nb[su->hex][d];
            if (h < 0)
                continue;
            if (lga_count_combat(s, h, s->pturn) > 1)
                need = 1; /* stacking supply */
            for (int k = s->head[h]; k >= 0 && !need; k = s->u[k].next)
                if (s->u[k].side == s->pturn && s->u[k].battle) {
                    used = 1;
                    if (!(s->battles[s->u[k].battle - 1].flags & LGA_BF_ALL_RBC))
                        need = 1;
                }
        }
        if (!need && used) {
            su->flags &= (uint16_t)~LGA_UF_SUP_USED;
            lga_emit(r, LGA_EV_SUPPLY_USED, "LGA-SUPPLY-07", i, su->hex, 1, 0);
        }
    }
}

static void end_combat(lga_run *r)
{
    lga_state *s = r->s;
    refund_supply(r);
    expend_supply(r);
    for (int i = 0; i < s->nunits; i++) {
        s->u[i].battle = 0;
        s->u[i].flags &= (uint16_t) ~(LGA_UF_SUPPLIED | LGA_UF_ATTACKED | LGA_UF_FORTSUP);
    }
    s->nbattles = 0;
    s->battle = -1;
    lga_end_phase(r);
    lga_enter_supply_phase(r);
}

/* ---------------------------------------------------------------- declarations */

static int opts_declare(wg_game *g, const lga_run *r)
{
    const lga_state *s = r->s;
    PUSH(LGA_ACT(LGA_A_END, 0, 0, 0));
    if (s->nbattles >= LGA_MAX_BATTLES || s->steps >= r->o->max_steps_per_phase)
        return WG_OK;
    for (int h = 0; h < r->b->nhex; h++) {
        if (s->head[h] < 0 || !hex_has_attackers(s, h))
            continue;
        if (r->b->terrain[h] == LGA_T_FORTRESS) {
            /* LGA-FORT-07: every adjacent Enemy hex in one battle; river-separated ones all or none */
            int plain = -1, riv = -1;
            for (int d = 0; d < 6; d++) {
                int t = r->b->nb[h][d];
                if (t < 0 || !enemy_on(s, t) || (r->b->side[h][d] & LGA_HS_LAKE))
                    continue;
                if (river_side(r, h, d)) {
                    if (riv < 0)
                        riv = t;
                } else if (plain < 0) {
                    plain = t;
                }
            }
            if (plain >= 0)
                PUSH(LGA_ACT(LGA_A_DECLARE, h, plain, 0));
            if (riv >= 0)
                PUSH(LGA_ACT(LGA_A_DECLARE, h, plain >= 0 ? plain : riv, LGA_DF_RIVER_HEXES));
            continue;
        }
        for (int d = 0; d < 6; d++) {
            int t = r->b->nb[h][d];
            if (t < 0 || !enemy_on(s, t) || (r->b->side[h][d] & LGA_HS_LAKE))
                continue;
            PUSH(LGA_ACT(LGA_A_DECLARE, h, t, 0)); /* LGA-COMBAT-01/02 */
        }
    }
    /* LGA-FORT-06: one combined attack on a Fortress from several adjacent hexes */
    for (int t = 0; t < r->b->nhex; t++) {
        if (r->b->terrain[t] != LGA_T_FORTRESS || !enemy_on(s, t))
            continue;
        int n = 0;
        for (int d = 0; d < 6; d++) {
            int h = r->b->nb[t][d];
            if (h >= 0 && !(r->b->side[t][d] & LGA_HS_LAKE) && hex_has_attackers(s, h))
                n++;
        }
        if (n >= 2)
            PUSH(LGA_ACT(LGA_A_DECLARE, t, t, LGA_DF_COMBINED));
    }
    return WG_OK;
}

static void enlist(lga_state *s, int h, int b)
{
    for (int k = s->head[h]; k >= 0; k = s->u[k].next)
        if (eligible_attacker(s, k)) {
            s->u[k].battle = (uint8_t)(b + 1);
            s->u[k].flags |= LGA_UF_ATTACKED; /* LGA-COMBAT-03 */
        }
}

static void do_declare(lga_run *r, int src, int tgt, int flags)
{
    lga_state *s = r->s;
    int b = s->nbattles++;
    lga_battle *bt = &s->battles[b];
    memset(bt, 0, sizeof *bt);
    bt->src = (int16_t)src;
    if (flags & LGA_DF_COMBINED) {
        bt->target[0] = (int16_t)tgt;
        bt->ntarget = 1;
        bt->src = -1;
        bt->flags |= LGA_BF_COMBINED;
        for (int d = 0; d < 6; d++) {
            int h = r->b->nb[tgt][d];
            if (h >= 0 && !(r->b->side[tgt][d] & LGA_HS_LAKE))
                enlist(s, h, b);
        }
    } else if (r->b->terrain[src] == LGA_T_FORTRESS) {
        bt->flags |= LGA_BF_FROM_FORT;
        for (int d = 0; d < 6; d++) {
            int t = r->b->nb[src][d];
            if (t < 0 || !enemy_on(s, t) || (r->b->side[src][d] & LGA_HS_LAKE))
                continue;
            if (river_side(r, src, d) && !(flags & LGA_DF_RIVER_HEXES))
                continue;
            bt->target[bt->ntarget++] = (int16_t)t;
        }
        enlist(s, src, b);
    } else {
        bt->target[0] = (int16_t)tgt;
        bt->ntarget = 1;
        enlist(s, src, b);
    }
    for (int t = 0; t < bt->ntarget; t++)
        if (r->b->terrain[bt->target[t]] == LGA_T_FORTRESS)
            bt->flags |= LGA_BF_VS_FORT;
    int unbr = 0;
    if (lga_battle_river(r, b, &unbr))
        bt->flags |= LGA_BF_RIVER;
    if (unbr)
        bt->flags |= LGA_BF_RIVER_UNBR;
    lga_emit(r, LGA_EV_ATTACK, (flags & LGA_DF_COMBINED) ? "LGA-FORT-06" : "LGA-COMBAT-01", b, src, tgt, 0);
    s->battle = b;
    int members = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].battle == b + 1)
            members++;
    s->mode = members > 1 ? LGA_M_MEMBERS : LGA_M_DECLARE;
}

static int combat_members(const lga_state *s, int b)
{
    int n = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].battle == b + 1 && s->u[i].st == LGA_US_MAP && lga_is_combat(&s->u[i]))
            n++;
    return n;
}

static int opts_members(wg_game *g, const lga_run *r)
{
    const lga_state *s = r->s;
    int b = s->battle;
    int nc = combat_members(s, b);
    PUSH(LGA_ACT(LGA_A_END, 0, 0, 0));
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        if (u->battle != b + 1)
            continue;
        if (lga_is_combat(u) && nc <= 1)
            continue;
        PUSH(LGA_ACT(LGA_A_DROP, i, 0, 0)); /* LGA-COMBAT-02: part of a stack may stay out */
    }
    return WG_OK;
}

/* ---------------------------------------------------------------- supply */

static int defending_hex(const lga_state *s, int h)
{
    for (int b = 0; b < s->nbattles; b++) {
        const lga_battle *bt = &s->battles[b];
        if (bt->flags & LGA_BF_DONE)
            continue;
        for (int t = 0; t < bt->ntarget; t++)
            if (bt->target[t] == h)
                return 1;
    }
    return 0;
}

/* Is supply unit su useful: in range of an attacking unit / a stack (attacker) or of a defender (defender)? */
static int supply_useful(const lga_run *r, int su, int attacker)
{
    const lga_state *s = r->s;
    int hx = s->u[su].hex;
    for (int d = -1; d < 6; d++) {
        int h = d < 0 ? hx : r->b->nb[hx][d];
        if (h < 0)
            continue;
        if (attacker) {
            if (lga_count_combat(s, h, s->pturn) > 1)
                return 1;
            for (int k = s->head[h]; k >= 0; k = s->u[k].next)
                if (s->u[k].battle && lga_is_combat(&s->u[k]) && !(s->u[k].flags & LGA_UF_SUPPLIED))
                    return 1;
        } else if (defending_hex(s, h)) {
            for (int k = s->head[h]; k >= 0; k = s->u[k].next)
                if (s->u[k].side != s->pturn && lga_is_combat(&s->u[k]) && !(s->u[k].flags & LGA_UF_SUPPLIED))
                    return 1;
        }
    }
    return 0;
}

static int opts_fortsup(wg_game *g, const lga_run *r, int attacker);

static int opts_supply(wg_game *g, const lga_run *r, int attacker)
{
    const lga_state *s = r->s;
    int side = attacker ? s->pturn : !s->pturn;
    PUSH(LGA_ACT(LGA_A_END, 0, 0, 0));
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        if (u->side != side || u->type != LGA_SUPPLY || u->st != LGA_US_MAP || (u->flags & LGA_UF_SUP_USED))
            continue;
        if (!lga_supply_in_range(r, i, u->hex))
            continue; /* disrupted or used for Forced March (LGA-SUPPLY-13, LGA-FMARCH-05) */
        if (supply_useful(r, i, attacker))
            PUSH(LGA_ACT(LGA_A_SUPPLY, i, 0, 0));
    }
    return opts_fortsup(g, r, attacker);
}

/* The Fortress hexes of the deciding side whose units take part in this Combat Phase: as attackers (a unit in
   an attack) or as defenders (the hex is attacked). */
static int fort_involved(const lga_run *r, int h, int attacker)
{
    const lga_state *s = r->s;
    if (r->b->terrain[h] != LGA_T_FORTRESS || s->head[h] < 0)
        return 0;
    if (!attacker)
        return defending_hex(s, h);
    for (int k = s->head[h]; k >= 0; k = s->u[k].next)
        if (s->u[k].side == s->pturn && s->u[k].battle)
            return 1;
    return 0;
}

/* The involved Fortress hexes of the deciding side, each once, from its units. */
static int fort_hexes(const lga_run *r, int attacker, int *out, int cap)
{
    const lga_state *s = r->s;
    int side = attacker ? s->pturn : !s->pturn, n = 0;
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        if (u->side != side || u->st != LGA_US_MAP || u->hex < 0 || r->b->terrain[u->hex] != LGA_T_FORTRESS)
            continue;
        int seen = 0;
        for (int j = 0; j < n && !seen; j++)
            seen = out[j] == u->hex;
        if (!seen && n < cap && fort_involved(r, u->hex, attacker))
            out[n++] = u->hex;
    }
    return n;
}

/* LGA-GAP-53: on a Fortress whose eligible units total more than 18 points, the owner picks the units that get
   its free supply, one at a time, while their total stays within 18. */
static int opts_fortsup(wg_game *g, const lga_run *r, int attacker)
{
    const lga_state *s = r->s;
    int side = attacker ? s->pturn : !s->pturn;
    int forts[64];
    int nf = fort_hexes(r, attacker, forts, 64);
    for (int f = 0; f < nf; f++) {
        int h = forts[f];
        int ids[64], total = 0;
        int n = lga_fortsup_eligible(s, h, side, attacker, ids, 64, &total);
        if (total <= 18)
            continue; /* every eligible unit is supplied */
        int chosen = lga_fortsup_chosen(s, h, side);
        if (chosen < 0)
            chosen = 0;
        for (int i = 0; i < n; i++)
            if (!(s->u[ids[i]].flags & LGA_UF_FORTSUP) && chosen + s->u[ids[i]].str <= 18)
                PUSH(LGA_ACT(LGA_A_FORTSUP, ids[i], 0, 0));
    }
    return WG_OK;
}

static void end_fortsup(lga_run *r, int attacker)
{
    int side = attacker ? r->s->pturn : !r->s->pturn;
    int forts[64];
    int nf = fort_hexes(r, attacker, forts, 64);
    for (int f = 0; f < nf; f++)
        lga_fortsup_auto(r, forts[f], side, attacker);
}

static void do_fortsup(lga_run *r, int u)
{
    r->s->u[u].flags |= LGA_UF_FORTSUP;
    lga_emit(r, LGA_EV_SUPPLY_USED, "LGA-GAP-53", u, r->s->u[u].hex, 2, 0);
}

static void do_supply(lga_run *r, int su, int attacker)
{
    lga_state *s = r->s;
    int side = s->u[su].side, hx = s->u[su].hex;
    s->u[su].flags |= LGA_UF_SUP_USED; /* LGA-SUPPLY-04 */
    for (int d = -1; d < 6; d++) {
        int h = d < 0 ? hx : r->b->nb[hx][d];
        if (h < 0)
            continue;
        for (int k = s->head[h]; k >= 0; k = s->u[k].next)
            if (s->u[k].side == side)
                s->u[k].flags |= LGA_UF_SUPPLIED; /* LGA-SUPPLY-02, LGA-SUPPLY-05 */
    }
    lga_emit(r, LGA_EV_SUPPLY_USED, attacker ? "LGA-SUPPLY-03" : "LGA-RBC-09", su, hx, 0, 0);
}

static int illegal_stack(const lga_run *r, int *kind)
{
    const lga_state *s = r->s;
    for (int h = 0; h < r->b->nhex; h++) {
        if (s->head[h] < 0)
            continue;
        if (!lga_stack_legal(r, h, s->pturn, kind))
            return h;
    }
    return -1;
}

static int opts_stackelim(wg_game *g, const lga_run *r)
{
    const lga_state *s = r->s;
    int kind, h = illegal_stack(r, &kind);
    if (h < 0)
        return WG_OK;
    int excess = lga_fort_strength(s, h, s->pturn) - 18, big = 0;
    if (kind == 2)
        for (int k = s->head[h]; k >= 0; k = s->u[k].next)
            if (s->u[k].side == s->pturn && lga_is_combat(&s->u[k]) && s->u[k].str >= excess)
                big = 1;
    for (int k = s->head[h]; k >= 0; k = s->u[k].next) {
        const lga_unit *u = &s->u[k];
        if (u->side != s->pturn || !lga_is_combat(u))
            continue;
        if (kind == 2 && big && u->str < excess)
            continue; /* LGA-FORT-01, LGA-FORT-15: the minimum number of units */
        PUSH(LGA_ACT(LGA_A_ELIM, k, 0, 0));
    }
    return WG_OK;
}

static void after_asupply(lga_run *r)
{
    int kind;
    if (illegal_stack(r, &kind) >= 0) {
        r->s->mode = LGA_M_STACKELIM;
        return;
    }
    r->s->mode = LGA_M_RBC;
    r->s->steps = 0;
}

/* ---------------------------------------------------------------- retreat before combat */

static int battle_of_hex(const lga_state *s, int h)
{
    for (int b = 0; b < s->nbattles; b++) {
        const lga_battle *bt = &s->battles[b];
        if (bt->flags & LGA_BF_DONE)
            continue;
        for (int t = 0; t < bt->ntarget; t++)
            if (bt->target[t] == h)
                return b;
    }
    return -1;
}

static int opts_rbc(wg_game *g, const lga_run *r)
{
    const lga_state *s = r->s;
    PUSH(LGA_ACT(LGA_A_END, 0, 0, 0));
    if (s->steps >= r->o->max_steps_per_phase)
        return WG_OK;
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        if (u->st != LGA_US_MAP || u->side == s->pturn)
            continue;
        int b = battle_of_hex(s, u->hex);
        if (b < 0 || !lga_rbc_allowed(r, i, b, NULL))
            continue;
        if (lga_retreat_possible(r, i, 4))
            PUSH(LGA_ACT(LGA_A_RBC, i, 0, 0)); /* LGA-RBC-01 */
    }
    return WG_OK;
}

static void mark_all_rbc(lga_state *s)
{
    for (int b = 0; b < s->nbattles; b++) {
        lga_battle *bt = &s->battles[b];
        int any = 0;
        for (int t = 0; t < bt->ntarget; t++)
            for (int k = s->head[bt->target[t]]; k >= 0; k = s->u[k].next)
                if (s->u[k].side != s->pturn)
                    any = 1;
        if (!any)
            bt->flags |= LGA_BF_ALL_RBC; /* LGA-RBC-10 */
    }
}

/* ---------------------------------------------------------------- resolution */

static int battles_left(const lga_state *s)
{
    for (int b = 0; b < s->nbattles; b++)
        if (!(s->battles[b].flags & LGA_BF_DONE))
            return 1;
    return 0;
}

static void to_order(lga_run *r)
{
    r->s->battle = -1;
    r->s->mode = battles_left(r->s) ? LGA_M_ORDER : LGA_M_ADVANCE;
}

static int defenders_present(const lga_state *s, const lga_battle *bt)
{
    for (int t = 0; t < bt->ntarget; t++)
        for (int k = s->head[bt->target[t]]; k >= 0; k = s->u[k].next)
            if (s->u[k].side != s->pturn)
                return 1;
    return 0;
}

static void finish_battle(lga_run *r)
{
    lga_state *s = r->s;
    lga_battle *bt = &s->battles[s->battle];
    int r1 = s->res1, r2 = s->res2;
    int blocked = r1 == LGA_R_AE || r1 == LGA_R_ARS || r1 == LGA_R_AR1 || r2 == LGA_R_AE || r2 == LGA_R_ARS ||
                  r2 == LGA_R_AR1; /* LGA-COMBAT-20 */
    bt->flags |= LGA_BF_DONE;
    if (!blocked && !defenders_present(s, bt) &&
        (bt->flags & (LGA_BF_RIVER | LGA_BF_VS_FORT | LGA_BF_ALL_RBC)))
        bt->flags |= LGA_BF_ADV; /* LGA-COMBAT-19 */
    s->res1 = s->res2 = 0;
    to_order(r);
}

static void process_result(lga_run *r, int res);

/* Runs the retreat queue; stops at the first unit that needs a decision. */
static void run_queue(lga_run *r)
{
    lga_state *s = r->s;
    while (s->rq_i < s->rq_n) {
        int u = s->rq[s->rq_i];
        if (s->u[u].st != LGA_US_MAP) {
            s->rq_i++;
            continue;
        }
        if (!lga_retreat_possible(r, u, s->retreat_kind)) {
            lga_unit_eliminate(r, u, "LGA-RETREAT-05"); /* LGA-RETREAT-02 */
            s->rq_i++;
            continue;
        }
        s->mode = LGA_M_RETREAT; /* LGA-RETREAT-01: the owner chooses */
        return;
    }
    s->rq_n = s->rq_i = 0;
    if (s->pending_res) {
        int res = s->pending_res;
        s->pending_res = 0;
        process_result(r, res);
        return;
    }
    finish_battle(r);
}

static void queue_units(lga_run *r, int attacker, int kind)
{
    lga_state *s = r->s;
    const lga_battle *bt = &s->battles[s->battle];
    int16_t ids[64];
    int n = 0;
    if (attacker) {
        for (int i = 0; i < s->nunits && n < 64; i++)
            if (s->u[i].battle == s->battle + 1 && s->u[i].st == LGA_US_MAP)
                ids[n++] = (int16_t)i;
    } else {
        for (int t = 0; t < bt->ntarget; t++)
            for (int k = s->head[bt->target[t]]; k >= 0 && n < 64; k = s->u[k].next)
                if (s->u[k].side != s->pturn)
                    ids[n++] = (int16_t)k;
    }
    s->retreat_kind = kind;
    s->rq_n = s->rq_i = 0;
    for (int i = 0; i < n; i++) {
        int u = ids[i];
        lga_unit *un = &s->u[u];
        if (un->dis) {
            lga_unit_eliminate(r, u, "LGA-DISRUPT-07"); /* LGA-GAP-35 */
            continue;
        }
        if (un->ma == 0) {
            lga_unit_eliminate(r, u, "LGA-RETREAT-02"); /* LGA-GAP-50 */
            continue;
        }
        if (kind == 3 && lga_is_combat(un)) {
            int sstr, sma, cnt = lga_chart_smallest(un->org, un->type, un->str, un->ma, &sstr, &sma);
            if (cnt > 1 && cnt - 1 <= lga_free_slots(s)) {
                /* LGA-CRT-09/10: broken down to the smallest units, each retreating separately */
                lga_unit old = *un;
                lga_unit_remove(s, u);
                un->st = LGA_US_FREE;
                for (int c = 0; c < cnt; c++) {
                    int nu = lga_unit_add(s, old.side, old.nat, old.type, sstr, sma);
                    if (nu < 0)
                        break;
                    s->u[nu].org = old.org;
                    s->u[nu].battle = old.battle;
                    s->u[nu].size = LGA_SZ_DIVISION;
                    lga_unit_place(s, nu, old.hex);
                    lga_emit(r, LGA_EV_BREAKDOWN, "LGA-COMBINE-03", nu, old.hex, cnt, 0);
                    if (s->rq_n < 64)
                        s->rq[s->rq_n++] = (int16_t)nu;
                }
                continue;
            }
        }
        if (s->rq_n < 64)
            s->rq[s->rq_n++] = (int16_t)u;
    }
}

static int face_value(const lga_state *s, const lga_battle *bt)
{
    int total = 0;
    for (int t = 0; t < bt->ntarget; t++) {
        int h = bt->target[t], with_combat = lga_count_combat(s, h, !s->pturn) > 0;
        for (int k = s->head[h]; k >= 0; k = s->u[k].next) {
            const lga_unit *u = &s->u[k];
            if (u->side == s->pturn)
                continue;
            if (lga_is_combat(u))
                total += u->str;
            else if (!with_combat && (u->type == LGA_LEADER || u->type == LGA_DEPOT))
                total += u->str; /* LGA-GAP-49 */
        }
    }
    return total;
}

static void elim_side(lga_run *r, int attacker, const char *rule, int only_ae_types)
{
    lga_state *s = r->s;
    const lga_battle *bt = &s->battles[s->battle];
    if (attacker) {
        for (int i = 0; i < s->nunits; i++)
            if (s->u[i].battle == s->battle + 1 && s->u[i].st == LGA_US_MAP)
                lga_unit_eliminate(r, i, rule);
        return;
    }
    for (int t = 0; t < bt->ntarget; t++)
        for (int k = s->head[bt->target[t]]; k >= 0;) {
            int nx = s->u[k].next;
            const lga_unit *u = &s->u[k];
            if (u->side != s->pturn &&
                (!only_ae_types || u->type == LGA_INF || u->type == LGA_SUPPLY || u->type == LGA_DEPOT))
                lga_unit_eliminate(r, k, rule);
            k = nx;
        }
}

static void process_result(lga_run *r, int res)
{
    lga_state *s = r->s;
    lga_battle *bt = &s->battles[s->battle];
    int fort = (bt->flags & LGA_BF_VS_FORT) != 0;
    switch (res) {
    case LGA_R_AE: elim_side(r, 1, "LGA-CRT-13", 0); break;
    case LGA_R_AR1: queue_units(r, 1, 1); break;
    case LGA_R_AR2: queue_units(r, 1, 2); break;
    case LGA_R_ARS: queue_units(r, 1, 3); break;
    case LGA_R_DE: elim_side(r, 0, "LGA-CRT-07", 0); break;
    case LGA_R_DR1:
    case LGA_R_DR2:
    case LGA_R_DRS:
        if (fort) {
            lga_emit(r, LGA_EV_NOEFFECT, "LGA-FORT-05", s->battle, res, 0, 0); /* LGA-CRT-14 */
            break;
        }
        queue_units(r, 0, res == LGA_R_DR1 ? 1 : res == LGA_R_DR2 ? 2 : 3);
        break;
    case LGA_R_HALFEX: {
        int d = face_value(s, bt), need = (d + 1) / 2, a = 0; /* LGA-CRT-08, LGA-GAP-49 */
        if (!fort)
            elim_side(r, 0, "LGA-CRT-08", 0);
        else
            lga_emit(r, LGA_EV_NOEFFECT, "LGA-FORT-05", s->battle, res, 0, 0);
        for (int i = 0; i < s->nunits; i++)
            if (s->u[i].battle == s->battle + 1 && s->u[i].st == LGA_US_MAP && lga_is_combat(&s->u[i]))
                a += s->u[i].str;
        lga_emit(r, LGA_EV_HALFEX, "LGA-CRT-08", s->battle, d, need, a);
        if (need <= 0)
            break;
        if (a <= need) {
            for (int i = 0; i < s->nunits; i++)
                if (s->u[i].battle == s->battle + 1 && s->u[i].st == LGA_US_MAP && lga_is_combat(&s->u[i]))
                    lga_unit_eliminate(r, i, "LGA-CRT-08");
            break;
        }
        s->halfex_need = need;
        s->mode = LGA_M_HALFEX;
        return;
    }
    default: break;
    }
    run_queue(r);
}

static void start_results(lga_run *r, int r1, int r2)
{
    lga_state *s = r->s;
    s->res1 = r1;
    s->res2 = r2;
    s->rq_n = s->rq_i = 0;
    s->pending_res = r2;
    if (r1 == LGA_R_NONE) {
        s->pending_res = 0;
        process_result(r, r2);
        return;
    }
    process_result(r, r1); /* LGA-CRT-05: in the order printed */
}

static void begin_battle(lga_run *r, int b)
{
    lga_state *s = r->s;
    lga_battle *bt = &s->battles[b];
    s->battle = b;
    s->res1 = s->res2 = 0;
    s->pending_res = 0;
    s->cur2 = -1;
    if (!defenders_present(s, bt) || combat_members(s, b) == 0) {
        lga_emit(r, LGA_EV_CRT, "LGA-RBC-10", b, 0, -1, 0);
        finish_battle(r);
        return;
    }
    lga_odds od;
    lga_battle_odds(r, b, &od);
    lga_emit(r, LGA_EV_ATTACK, "LGA-COMBAT-15", b, od.att_total, od.def_total, od.column);
    if (od.forced == LGA_R_AE) {
        lga_emit(r, LGA_EV_FORCED, "LGA-COMBAT-17", b, od.pct, 0, 0);
        start_results(r, LGA_R_AE, 0);
        return;
    }
    if (od.forced == LGA_R_DE) {
        /* LGA-GAP-42, LGA-CRT-15: 500% eliminates Infantry, Supply and Depots without a roll */
        lga_emit(r, LGA_EV_FORCED, "LGA-CRT-15", b, od.pct, 1, 0);
        elim_side(r, 0, "LGA-CRT-15", 1);
        if (!defenders_present(s, bt)) {
            s->res1 = LGA_R_DE;
            finish_battle(r);
            return;
        }
        s->cur2 = 10;
    }
    s->mode = LGA_M_CRTROLL;
}

static int apply_face(wg_game *g, lga_run *r, int face)
{
    lga_state *s = r->s;
    lga_rdata *rd = lga_rd(g);
    wg_table *crt = g->tables[rd->crt_index];
    int col = s->cur2;
    if (col < 0) {
        lga_odds od;
        lga_battle_odds(r, s->battle, &od);
        col = od.column;
    }
    int code = -1, src = WG_CELL_GAP;
    int rc = wg_table_lookup(&code, crt, face - 1, col);
    if (rc == WG_ETABLEGAP)
        return wg__seterr(g->err, WG_ETABLEGAP,
                          "the CRT cell for die roll %d at odds %s is not printed (LGA-GAP-04, LGA-CRT-03); "
                          "supply it through wg_game_table_find(game, \"crt\") and wg_table_set/wg_table_supply, "
                          "or create the game with the option crt=completion",
                          face, lga_col_label[col]);
    if (rc)
        return wg__seterr(g->err, rc, "CRT lookup failed: %s", wg_table_errmsg(crt));
    wg_table_source(&src, crt, face - 1, col);
    const char *name = NULL;
    wg_table_code_name(&name, crt, code);
    int res[2];
    if (lga_parse_result(name, res) < 0)
        return wg__seterr(g->err, WG_EDATA, "CRT cell die %d, %s holds '%s', not a result code (LGA-GAP-72)",
                          face, lga_col_label[col], name ? name : "?");
    lga_emit(r, LGA_EV_CRT,
             src == WG_CELL_PRINTED ? (face == 1 ? "LGA-CRT-02" : "LGA-CRT-03") : "LGA-GAP-04", s->battle, face,
             col, src * 256 + res[0] * 16 + res[1]);
    start_results(r, res[0], res[1]);
    return WG_OK;
}

/* ---------------------------------------------------------------- options */

static int opts_retreat(wg_game *g, const lga_run *r, int u, int kind)
{
    lga_rlist l;
    lga_retreat_ends(r, u, kind, &l);
    for (int i = 0; i < l.n; i++)
        PUSH(LGA_ACT(LGA_A_RETREAT, l.hex[i], 0, 0));
    return WG_OK;
}

static int opts_halfex(wg_game *g, const lga_run *r)
{
    const lga_state *s = r->s;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].battle == s->battle + 1 && s->u[i].st == LGA_US_MAP && lga_is_combat(&s->u[i]))
            PUSH(LGA_ACT(LGA_A_ELIM, i, 0, 0)); /* LGA-CRT-08: the Attacker chooses */
    return WG_OK;
}

static int opts_advance(wg_game *g, const lga_run *r)
{
    const lga_state *s = r->s;
    PUSH(LGA_ACT(LGA_A_END, 0, 0, 0));
    if (s->steps >= r->o->max_steps_per_phase)
        return WG_OK;
    for (int b = 0; b < s->nbattles; b++) {
        const lga_battle *bt = &s->battles[b];
        if (!(bt->flags & LGA_BF_ADV))
            continue;
        int t = bt->target[0];
        if (enemy_on(s, t))
            continue;
        for (int i = 0; i < s->nunits; i++) {
            const lga_unit *u = &s->u[i];
            if (u->battle == b + 1 && u->st == LGA_US_MAP && !u->dis && u->hex != t)
                PUSH(LGA_ACT(LGA_A_ADVANCE, i, t, 0)); /* LGA-COMBAT-21 */
        }
    }
    return WG_OK;
}

int lga_opts_combat(wg_game *g, lga_run *r)
{
    lga_state *s = r->s;
    switch (s->mode) {
    case LGA_M_DECLARE: return opts_declare(g, r);
    case LGA_M_MEMBERS: return opts_members(g, r);
    case LGA_M_ASUPPLY: return opts_supply(g, r, 1);
    case LGA_M_STACKELIM: return opts_stackelim(g, r);
    case LGA_M_RBC: return opts_rbc(g, r);
    case LGA_M_RBCDEST: return opts_retreat(g, r, s->cur, 4);
    case LGA_M_DSUPPLY: return opts_supply(g, r, 0);
    case LGA_M_ORDER:
        for (int b = 0; b < s->nbattles; b++)
            if (!(s->battles[b].flags & LGA_BF_DONE))
                PUSH(LGA_ACT(LGA_A_BATTLE, b, 0, 0)); /* LGA-COMBAT-18 */
        return WG_OK;
    case LGA_M_HALFEX: return opts_halfex(g, r);
    case LGA_M_RETREAT: return opts_retreat(g, r, s->rq[s->rq_i], s->retreat_kind);
    case LGA_M_ADVANCE: return opts_advance(g, r);
    default: return WG_OK;
    }
}

/* ---------------------------------------------------------------- apply */

static void retreat_to(lga_run *r, int u, int hex, const char *rule)
{
    lga_state *s = r->s;
    int from = s->u[u].hex;
    lga_unit_place(s, u, hex);
    lga_control_enter(r, hex, s->u[u].side); /* LGA-GAP-59 */
    lga_check_triggers(r, u, hex);           /* LGA-GAP-69 */
    lga_emit(r, LGA_EV_RETREAT, rule, u, from, hex, 0);
    lga_disrupt(r, u, rule);
}

int lga_apply_combat(wg_game *g, lga_run *r, uint64_t a)
{
    lga_state *s = r->s;
    int k = LGA_AK(a);
    switch (s->mode) {
    case LGA_M_DECLARE:
        if (k == LGA_A_END) {
            s->mode = LGA_M_ASUPPLY;
            return WG_OK;
        }
        do_declare(r, LGA_AA(a), LGA_AB(a), LGA_AC(a));
        return WG_OK;
    case LGA_M_MEMBERS:
        if (k == LGA_A_END) {
            s->mode = LGA_M_DECLARE;
            return WG_OK;
        }
        s->u[LGA_AA(a)].battle = 0;
        s->u[LGA_AA(a)].flags &= (uint16_t)~LGA_UF_ATTACKED;
        return WG_OK;
    case LGA_M_ASUPPLY:
        if (k == LGA_A_END) {
            end_fortsup(r, 1);
            after_asupply(r);
            return WG_OK;
        }
        if (k == LGA_A_FORTSUP) {
            do_fortsup(r, LGA_AA(a));
            return WG_OK;
        }
        do_supply(r, LGA_AA(a), 1);
        return WG_OK;
    case LGA_M_STACKELIM: {
        int u = LGA_AA(a), h = s->u[u].hex;
        lga_unit_eliminate(r, u, r->b->terrain[h] == LGA_T_FORTRESS ? "LGA-FORT-01" : "LGA-STACK-03");
        after_asupply(r);
        return WG_OK;
    }
    case LGA_M_RBC:
        if (k == LGA_A_END) {
            mark_all_rbc(s);
            s->mode = LGA_M_DSUPPLY;
            return WG_OK;
        }
        s->cur = LGA_AA(a);
        s->mode = LGA_M_RBCDEST;
        return WG_OK;
    case LGA_M_RBCDEST:
        retreat_to(r, s->cur, LGA_AA(a), "LGA-RBC-08");
        s->mode = LGA_M_RBC;
        return WG_OK;
    case LGA_M_DSUPPLY:
        if (k == LGA_A_END) {
            end_fortsup(r, 0);
            to_order(r);
            return WG_OK;
        }
        if (k == LGA_A_FORTSUP) {
            do_fortsup(r, LGA_AA(a));
            return WG_OK;
        }
        do_supply(r, LGA_AA(a), 0);
        return WG_OK;
    case LGA_M_ORDER: begin_battle(r, LGA_AA(a)); return WG_OK;
    case LGA_M_CRTROLL: return apply_face(g, r, LGA_AA(a));
    case LGA_M_HALFEX: {
        int u = LGA_AA(a);
        s->halfex_need -= s->u[u].str;
        lga_unit_eliminate(r, u, "LGA-CRT-08");
        if (s->halfex_need <= 0 || combat_members(s, s->battle) == 0)
            run_queue(r);
        return WG_OK;
    }
    case LGA_M_RETREAT: {
        int u = s->rq[s->rq_i];
        retreat_to(r, u, LGA_AA(a), s->retreat_kind == 3 ? "LGA-CRT-09" : s->retreat_kind == 2 ? "LGA-CRT-11"
                                                                                                  : "LGA-CRT-12");
        s->rq_i++;
        run_queue(r);
        return WG_OK;
    }
    case LGA_M_ADVANCE:
        if (k == LGA_A_END) {
            end_combat(r);
            return WG_OK;
        }
        {
            int u = LGA_AA(a), t = LGA_AB(a), from = s->u[u].hex;
            lga_unit_place(s, u, t);
            lga_control_enter(r, t, s->u[u].side); /* LGA-GAP-55 */
            lga_check_triggers(r, u, t);
            lga_emit(r, LGA_EV_ADVANCE, "LGA-COMBAT-19", u, from, t, 0);
        }
        return WG_OK;
    default: return WG_EILLEGAL;
    }
}

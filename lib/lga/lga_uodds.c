/* La Grande Armée through the uniform odds call (wg_game_odds, doc/lga.md "Odds"): the verb
   `attack attackers=<piece ids> target=<hex> [supply=assumed|current|none]`, an attack described
   before anything is declared.  The battle is set up in a copy of the state as the declaration would
   make it, and its CRT column and faces computed by the code that resolves declared battles
   (lga_battle_faces): the distribution is exactly the one the attack would meet. */
#include "lga.h"
#include "lga_seq.h"
#include "lga_uniform.h"

#include <limits.h>
#include <string.h>

enum { SUP_ASSUMED, SUP_CURRENT, SUP_NONE };

static int supply_mode(wg_game *g, wg_odds_req *r, int *mode)
{
    const char *v = wg__odds_arg(r, "supply");
    *mode = SUP_ASSUMED;
    if (!v || strcmp(v, "assumed") == 0)
        return WG_OK;
    if (strcmp(v, "current") == 0)
        *mode = SUP_CURRENT;
    else if (strcmp(v, "none") == 0)
        *mode = SUP_NONE;
    else
        return wg__seterr(g->err, WG_EINVAL, "attack: field 'supply' is '%.40s', not assumed, current or none", v);
    return WG_OK;
}

static int add_result_outcomes(wg_odds_out *o, const lga_odds *od, int res[6][2], const int src[6])
{
    /* the six faces, equal faces grouped (in face order of first appearance) */
    int done[6] = {0};
    for (int f = 0; f < 6; f++) {
        if (done[f])
            continue;
        uint64_t w = 0;
        for (int k = f; k < 6; k++)
            if (!done[k] && res[k][0] == res[f][0] && res[k][1] == res[f][1] &&
                (src[k] == WG_CELL_GAP) == (src[f] == WG_CELL_GAP)) {
                done[k] = 1;
                w++;
            }
        int rc;
        if (!od->forced && src[f] == WG_CELL_GAP)
            rc = wg__odds_outcome(o, w, "(not printed: LGA-GAP-04)");
        else if (res[f][1] && res[f][1] != WG_LGA_R_GAP && res[f][1] != WG_LGA_R_NONE)
            rc = wg__odds_outcome(o, w, "%s %s", lga_result_name(res[f][0]), lga_result_name(res[f][1]));
        else
            rc = wg__odds_outcome(o, w, "%s", lga_result_name(res[f][0]));
        if (rc)
            return rc;
    }
    return WG_OK;
}

static int add_modifiers(wg_odds_out *o, const lga_odds *od)
{
    int rc;
    if ((rc = wg__odds_modifier(o, "attacker_strength", od->att_base, "LGA-COMBAT-09",
                                "the attacking units' strength (%d points in Combat Supply)", od->att_supplied_pts)) ||
        (rc = wg__odds_modifier(o, "attacker_leaders", od->att_lead, "LGA-COMBAT-11", "leaders' bonus (capped)")) ||
        (rc = wg__odds_modifier(o, "attacker_total", od->att_total, "LGA-COMBAT-11", "attack strength")) ||
        (rc = wg__odds_modifier(o, "defender_strength", od->def_base, "LGA-COMBAT-12", "the defending units' strength")) ||
        (rc = wg__odds_modifier(o, "defender_leaders", od->def_lead, "LGA-COMBAT-12", "leaders' bonus")) ||
        (rc = wg__odds_modifier(o, "terrain_multiplier", od->def_mult, "LGA-TEC-10", "x%d terrain", od->def_mult)) ||
        (rc = wg__odds_modifier(o, "defender_total", od->def_total, "LGA-COMBAT-12", "defence strength")))
        return rc;
    if (od->pct == INT_MAX)
        rc = wg__odds_modifier(o, "odds_percent", -1, "LGA-COMBAT-15", "infinite odds");
    else
        rc = wg__odds_modifier(o, "odds_percent", od->pct, "LGA-COMBAT-15", "%d%%", od->pct);
    if (rc || (rc = wg__odds_modifier(o, "column", od->column, "LGA-COMBAT-15", "column %s", lga_col_label[od->column])))
        return rc;
    if (od->forced == LGA_R_AE)
        return wg__odds_modifier(o, "forced", LGA_R_AE, "LGA-COMBAT-17", "across a river below 160%%: Ae on every face");
    if (od->forced == LGA_R_DE)
        return wg__odds_modifier(o, "forced", LGA_R_DE, "LGA-CRT-15", "500%% or more: automatic elimination");
    return WG_OK;
}

int lga_uniform_odds(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o)
{
    (void)viewer; /* La Grande Armée hides nothing: every viewer gets the same odds */
    if (strcmp(r->verb, "attack") != 0)
        return wg__seterr(g->err, WG_EINVAL, "lga has no odds for '%.40s' (verbs: attack)", r->verb);
    int64_t ids[LGA_MAX_UNITS];
    size_t nid = 0;
    int target = -1, mode = SUP_ASSUMED, rc;
    if ((rc = wg__odds_ints(g, r, "attackers", ids, LGA_MAX_UNITS, &nid)) || (rc = wg__odds_space(g, r, "target", &target)) ||
        (rc = supply_mode(g, r, &mode)))
        return rc;
    const lga_state *s0 = lga_st(g);
    const lga_rdata *rd = lga_rd(g);
    /* the attackers: pieces on the map, of one side, on one hex adjacent to the target (LGA-COMBAT-01/02) */
    int unit[LGA_MAX_UNITS];
    int side = -1, src = -1, combat = 0;
    for (size_t k = 0; k < nid; k++) {
        int u = lga_unit_of_id(g, ids[k]);
        if (u < 0 || s0->u[u].st != LGA_US_MAP)
            return wg__seterr(g->err, WG_ENOTFOUND, "attack: no piece %lld on the map", (long long)ids[k]);
        for (size_t j = 0; j < k; j++)
            if (unit[j] == u)
                return wg__seterr(g->err, WG_EINVAL, "attack: piece %lld is listed twice", (long long)ids[k]);
        const lga_unit *x = &s0->u[u];
        if (side >= 0 && (x->side != side || x->hex != src))
            return wg__seterr(g->err, WG_ESTATE,
                              "attack: piece %lld is not on the hex of the first attacker: all units of one attack "
                              "stand on one hex (LGA-COMBAT-02)",
                              (long long)ids[k]);
        side = x->side;
        src = x->hex;
        combat += lga_is_combat(x);
        unit[k] = u;
    }
    if (!combat)
        return wg__seterr(g->err, WG_ESTATE, "attack: the attackers hold no combat unit");
    if (lga_board_dir(&rd->board, src, target) < 0)
        return wg__seterr(g->err, WG_ESTATE, "attack: the target is not adjacent to the attackers (LGA-COMBAT-01)");
    int enemy = 0;
    for (int k = s0->head[target]; k >= 0; k = s0->u[k].next)
        enemy += s0->u[k].side != side && !(s0->u[k].flags & LGA_UF_AE);
    if (!enemy)
        return wg__seterr(g->err, WG_ESTATE, "attack: no enemy unit stands on the target (LGA-COMBAT-01)");
    /* the battle, declared in a copy of the state */
    lga_state *s = wg__alloc(g->ctx, sizeof *s);
    if (!s)
        return WG_ENOMEM;
    memcpy(s, s0, sizeof *s);
    for (int i = 0; i < s->nunits; i++)
        s->u[i].battle = 0;
    s->nbattles = 1;
    memset(&s->battles[0], 0, sizeof s->battles[0]);
    s->battles[0].target[0] = (int16_t)target;
    s->battles[0].ntarget = 1;
    s->battles[0].src = (int16_t)src;
    lga_run run;
    lga_run_init_const(&run, g);
    run.s = s;
    for (size_t k = 0; k < nid; k++) {
        s->u[unit[k]].battle = 1;
        if (mode == SUP_ASSUMED)
            s->u[unit[k]].flags |= LGA_UF_SUPPLIED;
        else if (mode == SUP_NONE)
            s->u[unit[k]].flags &= (uint16_t)~LGA_UF_SUPPLIED;
    }
    if (mode != SUP_CURRENT) {
        /* the defenders: in Combat Supply when they could be (assumed), or not at all (none) */
        int possible = mode == SUP_ASSUMED && lga_supply_possible(&run, target, !side);
        for (int k = s->head[target]; k >= 0; k = s->u[k].next)
            if (s->u[k].side != side) {
                if (possible)
                    s->u[k].flags |= LGA_UF_SUPPLIED;
                else
                    s->u[k].flags &= (uint16_t)~LGA_UF_SUPPLIED;
            }
    }
    lga_odds od;
    int code[6], fsrc[6], res[6][2];
    lga_battle_faces(&run, 0, g->tables[rd->crt_index], code, fsrc, &od);
    for (int f = 0; f < 6; f++) {
        res[f][0] = res[f][1] = WG_LGA_R_NONE;
        if (od.forced) {
            res[f][0] = od.forced;
            continue;
        }
        if (fsrc[f] == WG_CELL_GAP) {
            res[f][0] = res[f][1] = WG_LGA_R_GAP;
            continue;
        }
        const char *name = NULL;
        int two[2];
        wg_table_code_name(&name, g->tables[rd->crt_index], code[f]);
        if (name && lga_parse_result(name, two) >= 0) {
            res[f][0] = two[0];
            res[f][1] = two[1];
        }
    }
    wg__free(g->ctx, s, sizeof *s);
    if ((rc = add_result_outcomes(o, &od, res, fsrc)) != WG_OK)
        return rc;
    return add_modifiers(o, &od);
}

int lga_unit_of_id(const wg_game *g, int64_t id)
{
    const lga_state *s = lga_st(g);
    if (id < 1)
        return -1;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_MAP && (int64_t)s->u[i].id == id)
            return i;
    return -1;
}

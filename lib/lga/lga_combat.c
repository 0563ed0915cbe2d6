/* La Grande Armée: combat strengths, leaders, terrain multipliers, odds, exact result distribution. */
#include "lga_internal.h"

#include <string.h>

/* LGA-COMBAT-09: halved, fractions dropped, never below 1 (0 stays 0: supply units, LGA-COMBAT-14). */
int lga_unsupplied(int str)
{
    if (str <= 0)
        return 0;
    return str / 2 < 1 ? 1 : str / 2;
}

/* LGA-COMBAT-13, LGA-LEADER-05: parenthesised strengths only when defending with no Friendly Combat unit. */
int lga_unit_strength(const lga_unit *u, int supplied, int with_combat)
{
    switch (u->type) {
    case LGA_INF:
    case LGA_CAV: return supplied ? u->str : lga_unsupplied(u->str);
    case LGA_LEADER:
    case LGA_DEPOT: return with_combat ? 0 : u->str;
    default: return 0; /* LGA-COMBAT-14 */
    }
}

/* LGA-LEADER-03: the bonus added never exceeds the total Combat Strength. */
int lga_leader_total(int bonus_sum, int strength_total)
{
    return bonus_sum < strength_total ? bonus_sum : strength_total;
}

/* LGA-TEC-10/11, LGA-FORT-04, LGA-GAP-13: the single best multiplier. */
int lga_terrain_mult(const lga_run *r, int target, int river)
{
    int m = 1;
    switch (r->b->terrain[target]) {
    case LGA_T_FORTRESS: m = 3; break;
    case LGA_T_MOUNTAIN:
    case LGA_T_PASS: m = 2; break;
    default: break;
    }
    if (river && m < 2)
        m = 2;
    return m;
}

static int is_river(uint8_t hs)
{
    return (hs & LGA_HS_RIVER) != 0;
}

/* Does an attacker on hex `from` attack `to` across a river hex-side? */
static int across_river(const lga_run *r, int from, int to, int *unbridged)
{
    int d = lga_board_dir(r->b, from, to);
    if (d < 0)
        return 0;
    uint8_t hs = r->b->side[from][d];
    if (unbridged)
        *unbridged = is_river(hs) && !(hs & LGA_HS_BRIDGE);
    return is_river(hs);
}

/* River flag of a battle: any attacking hex across a river from the (first) target. */
int lga_battle_river(const lga_run *r, int bi, int *unbridged)
{
    const lga_state *s = r->s;
    const lga_battle *bt = &s->battles[bi];
    int river = 0, unbr = 0;
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        if (u->battle != bi + 1 || u->st != LGA_US_MAP)
            continue;
        for (int t = 0; t < bt->ntarget; t++) {
            int ub = 0;
            if (across_river(r, u->hex, bt->target[t], &ub)) {
                river = 1;
                unbr |= ub;
            }
        }
    }
    if (unbridged)
        *unbridged = unbr;
    return river;
}

/* The units that may take a Fortress's free supply in this Combat Phase (LGA-FORT-02, LGA-GAP-53): the side's
   Combat units on the hex not otherwise in supply, of printed strength 18 or less; on an attacking Fortress only
   the units in an attack.  Returns their number and total printed strength. */
int lga_fortsup_eligible(const lga_state *s, int hex, int side, int attacking, int *ids, int cap, int *total)
{
    int n = 0, t = 0;
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next) {
        const lga_unit *u = &s->u[k];
        if (u->side != side || !lga_is_combat(u) || (u->flags & (LGA_UF_SUPPLIED | LGA_UF_AE)) || u->str > 18 ||
            (attacking && !u->battle))
            continue;
        if (n < cap)
            ids[n++] = k;
        t += u->str;
    }
    if (total)
        *total = t;
    return n;
}

/* The points already given by the owner's choice (LGA-GAP-53): -1 when no unit was chosen. */
int lga_fortsup_chosen(const lga_state *s, int hex, int side)
{
    int t = -1;
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next)
        if (s->u[k].side == side && (s->u[k].flags & LGA_UF_FORTSUP))
            t = (t < 0 ? 0 : t) + s->u[k].str;
    return t;
}

/* Fortress free supply (LGA-FORT-02, LGA-GAP-53): the units the owner chose; without a choice, every eligible
   unit when they total 18 or less, else the set of largest total not above 18 (subset sums by dynamic
   programming; the same set lga_fortsup_auto records). */
static int fortress_pick(const lga_state *s, int hex, int side, int attacking, int *out)
{
    int ids[64], n = 0, nout = 0;
    uint64_t pick[19];
    int reach[19];
    if (lga_fortsup_chosen(s, hex, side) >= 0) {
        for (int k = s->head[hex]; k >= 0; k = s->u[k].next)
            if (s->u[k].side == side && (s->u[k].flags & LGA_UF_FORTSUP) && nout < 64)
                out[nout++] = k;
        return nout;
    }
    n = lga_fortsup_eligible(s, hex, side, attacking, ids, 64, NULL);
    for (int t = 0; t <= 18; t++) {
        reach[t] = t == 0;
        pick[t] = 0;
    }
    for (int i = 0; i < n; i++) {
        int w = s->u[ids[i]].str;
        for (int t = 18; t >= w; t--)
            if (!reach[t] && reach[t - w]) {
                reach[t] = 1;
                pick[t] = pick[t - w] | (1ull << i);
            }
    }
    int best = 18;
    while (best > 0 && !reach[best])
        best--;
    for (int i = 0; i < n; i++)
        if (pick[best] & (1ull << i))
            out[nout++] = ids[i];
    return nout;
}

static void fortress_supply(const lga_state *s, int hex, int side, int attacking, uint8_t *sup)
{
    int ids[64];
    int n = fortress_pick(s, hex, side, attacking, ids);
    for (int i = 0; i < n; i++)
        sup[ids[i]] = 2;
}

/* At the end of a supply segment: a Fortress whose eligible units total more than 18 and whose owner chose
   none gets the largest total (LGA-GAP-53), recorded on the units. */
void lga_fortsup_auto(lga_run *r, int hex, int side, int attacking)
{
    lga_state *s = r->s;
    int ids[64], total = 0;
    lga_fortsup_eligible(s, hex, side, attacking, ids, 64, &total);
    if (total <= 18 || lga_fortsup_chosen(s, hex, side) >= 0)
        return;
    int n = fortress_pick(s, hex, side, attacking, ids);
    for (int i = 0; i < n; i++) {
        s->u[ids[i]].flags |= LGA_UF_FORTSUP;
        lga_emit(r, LGA_EV_SUPPLY_USED, "LGA-GAP-53", ids[i], hex, 2, 0);
    }
}

static int unit_supplied(const lga_run *r, int k, const uint8_t *fsup)
{
    return (r->s->u[k].flags & LGA_UF_SUPPLIED) || fsup[k];
}

/* Defender total of one hex (LGA-COMBAT-12, LGA-LEADER-02). */
static int def_hex_total(const lga_run *r, int hex, int side, int mult, int printed_test, int *base_out,
                         int *lead_out)
{
    const lga_state *s = r->s;
    uint8_t fsup[LGA_MAX_UNITS];
    int with_combat = lga_count_combat(s, hex, side) > 0;
    int base = 0, bonus = 0;
    int possible = printed_test ? lga_supply_possible(r, hex, side) : 0;
    memset(fsup, 0, (size_t)s->nunits);
    if (r->b->terrain[hex] == LGA_T_FORTRESS)
        fortress_supply(s, hex, side, 0, fsup);
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next) {
        const lga_unit *u = &s->u[k];
        if (u->side != side || (u->flags & LGA_UF_AE))
            continue;
        int sup = printed_test ? possible : unit_supplied(r, k, fsup);
        base += lga_unit_strength(u, sup, with_combat);
        if (u->type == LGA_LEADER && with_combat && !u->dis)
            bonus += u->def; /* LGA-LEADER-01, LGA-LEADER-06, LGA-LEADER-09 */
    }
    int lead = lga_leader_total(bonus, base);
    if (base_out)
        *base_out += base;
    if (lead_out)
        *lead_out += lead;
    return (base + lead) * mult;
}

static void battle_odds(const lga_run *r, int bi, int printed_test, lga_odds *od)
{
    const lga_state *s = r->s;
    const lga_battle *bt = &s->battles[bi];
    uint8_t fsup[LGA_MAX_UNITS];
    int att_side = -1;
    memset(od, 0, sizeof *od);
    memset(fsup, 0, (size_t)s->nunits);
    /* attackers */
    int bonus = 0;
    int done_hex[7], ndone = 0; /* each attacking Fortress hex gets its 18 points once */
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        if (u->battle != bi + 1 || u->st != LGA_US_MAP)
            continue;
        att_side = u->side;
        if (r->b->terrain[u->hex] != LGA_T_FORTRESS)
            continue;
        int seen = 0;
        for (int j = 0; j < ndone; j++)
            seen |= done_hex[j] == u->hex;
        if (!seen && ndone < 7) {
            done_hex[ndone++] = u->hex;
            fortress_supply(s, u->hex, u->side, 1, fsup);
        }
    }
    for (int i = 0; i < s->nunits; i++) {
        const lga_unit *u = &s->u[i];
        if (u->battle != bi + 1 || u->st != LGA_US_MAP)
            continue;
        if (lga_is_combat(u)) {
            int sup = unit_supplied(r, i, fsup);
            od->att_base += lga_unit_strength(u, sup, 1);
            if (sup)
                od->att_supplied_pts += u->str;
        } else if (u->type == LGA_LEADER && !u->dis) {
            bonus += u->off; /* LGA-LEADER-01 */
        }
    }
    od->att_lead = lga_leader_total(bonus, od->att_base);
    od->att_total = od->att_base + od->att_lead;
    /* defenders */
    int unbr = 0, river = lga_battle_river(r, bi, &unbr);
    int def_side = att_side < 0 ? !s->pturn : !att_side;
    od->def_mult = 1;
    for (int t = 0; t < bt->ntarget; t++) {
        int h = bt->target[t];
        int rv = 0;
        /* river per target hex */
        for (int i = 0; i < s->nunits; i++)
            if (s->u[i].battle == bi + 1 && s->u[i].st == LGA_US_MAP && across_river(r, s->u[i].hex, h, NULL))
                rv = 1;
        int m = lga_terrain_mult(r, h, rv);
        if (m > od->def_mult)
            od->def_mult = m;
        od->def_total += def_hex_total(r, h, def_side, m, printed_test, &od->def_base, &od->def_lead);
    }
    od->pct = lga_odds_pct(od->att_total, od->def_total);
    od->column = lga_odds_column(od->att_total, od->def_total);
    od->forced = 0;
    /* LGA-COMBAT-17, LGA-TEC-04/05, LGA-GAP-12 */
    if (river && (unbr || r->o->river160_bridged) && 100LL * od->att_total < 160LL * od->def_total)
        od->forced = LGA_R_AE;
    else if (r->o->ae_in_combat_phase && 100LL * od->att_total >= 500LL * od->def_total)
        od->forced = LGA_R_DE; /* LGA-GAP-42 (automatic elimination of Infantry/Supply/Depots) */
}

void lga_battle_odds(const lga_run *r, int bi, lga_odds *out)
{
    battle_odds(r, bi, 0, out);
}

/* LGA-RBC-04, LGA-AUTOELIM-02: a defender could be in supply when a usable Supply unit of its side is on
   or adjacent to its hex, or the hex is a Fortress (LGA-GAP-54). */
int lga_supply_possible(const lga_run *r, int hex, int side)
{
    const lga_state *s = r->s;
    if (r->b->terrain[hex] == LGA_T_FORTRESS)
        return 1;
    for (int d = -1; d < 6; d++) {
        int h = d < 0 ? hex : r->b->nb[hex][d];
        if (h < 0)
            continue;
        for (int k = s->head[h]; k >= 0; k = s->u[k].next) {
            const lga_unit *u = &s->u[k];
            if (u->side == side && u->type == LGA_SUPPLY && !u->dis && !(u->flags & (LGA_UF_SUP_FM | LGA_UF_AE)))
                return 1;
        }
    }
    return 0;
}

/* LGA-RBC-02..05, LGA-PRUSSIAN-04..06 */
int lga_rbc_allowed(const lga_run *r, int ui, int bi, const char **why)
{
    const lga_state *s = r->s;
    const lga_unit *u = &s->u[ui];
    const char *w = NULL;
    if (u->dis) {
        w = "a disrupted unit may not Retreat Before Combat (LGA-RBC-05)";
        goto no;
    }
    if (u->ma == 0) {
        w = "a unit with no Movement Allowance cannot retreat (LGA-RBC-11)";
        goto no;
    }
    if (u->nat == LGA_NAT_PR && u->type == LGA_INF) {
        w = "Prussian infantry may never Retreat Before Combat (LGA-PRUSSIAN-04)";
        goto no;
    }
    if (u->nat == LGA_NAT_PR && u->type == LGA_CAV) {
        for (int i = 0; i < s->nunits; i++)
            if (s->u[i].battle == bi + 1 && s->u[i].type == LGA_CAV) {
                w = "Prussian cavalry may Retreat Before Combat only when attacked solely by non-cavalry units "
                    "(LGA-PRUSSIAN-05)";
                goto no;
            }
    }
    if (u->type == LGA_INF || u->type == LGA_SUPPLY || u->type == LGA_DEPOT) {
        lga_odds od;
        battle_odds(r, bi, 1, &od);
        if (100LL * od.att_total >= 500LL * od.def_total) {
            w = "Infantry, Supply and Depot units attacked at 500% or more may not Retreat Before Combat "
                "(LGA-RBC-03)";
            goto no;
        }
    }
    /* LGA-RBC-02: surrounded by Enemy units or totally controlled hexes (Friendly units negate) */
    {
        int open = 0;
        for (int d = 0; d < 6; d++) {
            int n = r->b->nb[u->hex][d];
            if (n < 0)
                continue;
            int enemy = lga_hex_side_units(s, n, !u->side) > 0;
            if (!enemy && lga_zoc(r, n, u->side, 1) != LGA_ZOC_TOTAL)
                open = 1;
        }
        if (!open) {
            w = "the unit is surrounded by Enemy units or totally controlled hexes (LGA-RBC-02)";
            goto no;
        }
    }
    if (why)
        *why = NULL;
    return 1;
no:
    if (why)
        *why = w;
    return 0;
}

/* Exact distribution (LGA-CRT-01..03, LGA-GAP-04): for each face 1..6 the table code (or a forced result
   encoded as -100 - result) and the cell source. Returns the number of faces falling on gaps. */
int lga_battle_faces(const lga_run *r, int bi, wg_table *crt, int face_code[6], int face_src[6], lga_odds *od)
{
    int gaps = 0;
    lga_battle_odds(r, bi, od);
    for (int f = 0; f < 6; f++) {
        face_src[f] = WG_CELL_PRINTED;
        if (od->forced) {
            face_code[f] = -100 - od->forced;
            continue;
        }
        int src = WG_CELL_GAP;
        if (crt && wg_table_source(&src, crt, f, od->column) == WG_OK && src != WG_CELL_GAP) {
            int code = -1;
            wg_table_lookup(&code, crt, f, od->column);
            face_code[f] = code;
            face_src[f] = src;
        } else if (!crt && lga_crt_printed(f + 1, od->column)) {
            face_code[f] = f * 16 + od->column; /* test mode: printed cell marker */
        } else {
            face_code[f] = -1;
            face_src[f] = WG_CELL_GAP;
            gaps++;
        }
    }
    return gaps;
}

/* LGA-AUTOELIM-01..03, LGA-ADDENDA-05: every non-disrupted unit on src against target, during movement. */
void lga_autoelim_odds(const lga_run *r, int src, int target, int att_supplied, lga_odds *od)
{
    const lga_state *s = r->s;
    int side = -1, bonus = 0;
    memset(od, 0, sizeof *od);
    for (int k = s->head[src]; k >= 0; k = s->u[k].next) {
        const lga_unit *u = &s->u[k];
        if (u->dis || (u->flags & LGA_UF_AE))
            continue;
        side = u->side;
        if (lga_is_combat(u))
            od->att_base += lga_unit_strength(u, att_supplied, 1);
        else if (u->type == LGA_LEADER)
            bonus += u->off;
    }
    if (side < 0)
        return;
    od->att_lead = lga_leader_total(bonus, od->att_base);
    od->att_total = od->att_base + od->att_lead;
    int river = across_river(r, src, target, NULL);
    od->def_mult = lga_terrain_mult(r, target, river);
    od->def_total = def_hex_total(r, target, !side, od->def_mult, 1, &od->def_base, &od->def_lead);
    od->pct = lga_odds_pct(od->att_total, od->def_total);
    od->column = lga_odds_column(od->att_total, od->def_total);
}

/* Commands & Colors: Napoleonics: questions about the state (board geometry, sections, occupancy,
 * movement, line of sight, the dice of an attack and the score of a roll). */
#include "ccn.h"

#include <stdio.h>
#include <string.h>

/* Offset (odd-r) and axial coordinates, as wg_hex_offset_to_axial and wg_hex_axial_to_offset compute
   them for WG_HEX_ODD_R (inline: the movement and sight searches ask for neighbours all the time). */
static int is_odd(int v)
{
    return (v % 2) != 0;
}

static void axial(int hex, int *q, int *r)
{
    int col = hex % CCN_COLS, row = hex / CCN_COLS;
    *q = col - (row - is_odd(row)) / 2;
    *r = row;
}

static int hex_of(int q, int r)
{
    int col = q + (r - is_odd(r)) / 2, row = r;
    if (col < 0 || col >= CCN_COLS || row < 0 || row >= CCN_ROWS)
        return -1;
    if ((row & 1) && col == CCN_COLS - 1)
        return -1;
    return row * CCN_COLS + col;
}

int ccn_on_board(const ccn_rdata *rd, int hex)
{
    return hex >= 0 && hex < CCN_NHEX && rd->hter[hex] != 255;
}

int ccn_neighbor(int hex, int dir)
{
    static const int dq[6] = {+1, +1, 0, -1, -1, 0}, dr[6] = {-1, 0, +1, +1, 0, -1}; /* wg_hex_neighbor's */
    int q, r;
    if (dir < 0 || dir > 5)
        return -1;
    axial(hex, &q, &r);
    return hex_of(q + dq[dir], r + dr[dir]);
}

int ccn_dist(int a, int b)
{
    int q1, r1, q2, r2;
    axial(a, &q1, &r1);
    axial(b, &q2, &r2);
    return wg_hex_distance(q1, r1, q2, r2);
}

int ccn_unit_at(const ccn_state *s, int hex)
{
    for (int i = 0; i < s->nunit; i++)
        if (s->u[i].hex == hex && !(s->u[i].flags & CCN_UF_LEADER))
            return i;
    return -1;
}

int ccn_leader_at(const ccn_state *s, int hex)
{
    for (int i = 0; i < s->nunit; i++)
        if (s->u[i].hex == hex && (s->u[i].flags & CCN_UF_LEADER))
            return i;
    return -1;
}

void ccn_occ_build(const ccn_state *s, ccn_occ *o)
{
    memset(o->unit, -1, sizeof o->unit);
    memset(o->leader, -1, sizeof o->leader);
    for (int i = s->nunit - 1; i >= 0; i--) { /* the first unit of a hex, as ccn_unit_at finds it */
        int h = s->u[i].hex;
        if (h < 0 || h >= CCN_NHEX)
            continue;
        if (s->u[i].flags & CCN_UF_LEADER)
            o->leader[h] = (int8_t)i;
        else
            o->unit[h] = (int8_t)i;
    }
}

int ccn_arm(const ccn_rdata *rd, const ccn_unit *u)
{
    if (u->flags & CCN_UF_LEADER)
        return CCN_LEADER;
    if (u->flags & CCN_UF_GARRISON)
        return CCN_INF;
    return rd->def[u->def].arm;
}

int ccn_sections_of(const ccn_rdata *rd, int player, int hex)
{
    int sec = rd->hsec[hex];
    if (rd->side[player].edge == 1) /* bottom edge: west is the left */
        return sec;
    return ((sec & 1) << 2) | (sec & 2) | ((sec & 4) >> 2);
}

int ccn_fort_sides(const ccn_rdata *rd, const ccn_state *s, int hex)
{
    return hex >= 0 && hex < CCN_NHEX ? rd->hfort[hex] | s->xfort[hex] : 0;
}

static int fort_between(const ccn_rdata *rd, const ccn_state *s, int hex, int other)
{
    for (int d = 0; d < 6; d++)
        if (ccn_neighbor(hex, d) == other)
            return (ccn_fort_sides(rd, s, hex) >> d) & 1u;
    return 0;
}

/* Whether unit u (of arm `arm`) may stand in a hex holding unit o and leader l (-1: none); with_leader:
   u stands with a Leader now. */
static int may_stand(const ccn_state *s, const ccn_unit *u, int arm, int o, int l, int with_leader)
{
    if (arm == CCN_LEADER) {
        if (o >= 0 && (s->u[o].side != u->side || (s->u[o].flags & CCN_UF_GARRISON)))
            return 0; /* CCN-GAP-18: a Leader does not attach to a Garrison */
        return l < 0;
    }
    if (o >= 0)
        return 0;
    if (l >= 0 && s->u[l].side != u->side)
        return 0;
    if (l >= 0 && with_leader)
        return 0; /* a unit with its Leader does not join another Leader */
    return 1;
}

int ccn_may_enter(const ccn_rdata *rd, const ccn_state *s, int unit, int hex)
{
    if (!ccn_on_board(rd, hex))
        return 0;
    const ccn_unit *u = &s->u[unit];
    int arm = ccn_arm(rd, u);
    if ((rd->ter[rd->hter[hex]].ban >> arm) & 1u)
        return 0;
    int o = ccn_unit_at(s, hex), l = ccn_leader_at(s, hex);
    return may_stand(s, u, arm, o, l, u->hex >= 0 && ccn_leader_at(s, u->hex) >= 0);
}

int ccn_may_enter_occ(const ccn_rdata *rd, const ccn_state *s, const ccn_occ *occ, int unit, int hex)
{
    if (!ccn_on_board(rd, hex))
        return 0;
    const ccn_unit *u = &s->u[unit];
    int arm = ccn_arm(rd, u);
    if ((rd->ter[rd->hter[hex]].ban >> arm) & 1u)
        return 0;
    int o = occ->unit[hex], l = occ->leader[hex];
    return may_stand(s, u, arm, o, l, u->hex >= 0 && u->hex < CCN_NHEX && occ->leader[u->hex] >= 0);
}

int ccn_adjacent_enemy(const ccn_state *s, int unit)
{
    const ccn_unit *u = &s->u[unit];
    for (int d = 0; d < 6; d++) {
        int n = ccn_neighbor(u->hex, d);
        if (n < 0)
            continue;
        int o = ccn_unit_at(s, n);
        if (o >= 0 && s->u[o].side != u->side)
            return 1;
    }
    return 0;
}

int ccn_toward_home(const ccn_rdata *rd, int player, int from, int to)
{
    int dr = to / CCN_COLS - from / CCN_COLS;
    if (ccn_dist(from, to) != 1)
        return 0;
    return rd->side[player].edge == 1 ? dr == 1 : dr == -1;
}

/* CCN-BASE-33 [ours], CCN-BASE-24 [site]: the hexes between firer and target block the line when
   their terrain blocks sight or a unit or Leader stands there; along a hexside only when both hexes
   beside it block.  A hill between blocks unless both ends stand on hills. */
/* A lower hex holding only friendly pieces of side p whose terrain lets a shot pass. */
static int over_friend(const ccn_rdata *rd, const ccn_state *s, int hex, int p)
{
    if (hex < 0 || !ccn_on_board(rd, hex))
        return 0;
    const ccn_terrain *t = &rd->ter[rd->hter[hex]];
    int u = ccn_unit_at(s, hex), l = ccn_leader_at(s, hex);
    if (t->block_los || t->hill || (u < 0 && l < 0))
        return 0;
    return (u < 0 || s->u[u].side == p) && (l < 0 || s->u[l].side == p);
}

int ccn_overfire(const ccn_rdata *rd, const ccn_state *s, int att, int def)
{
    const ccn_unit *a = &s->u[att], *t = &s->u[def];
    if (a->hex < 0 || t->hex < 0 || ccn_arm(rd, a) != CCN_ART || !rd->ter[rd->hter[a->hex]].hill ||
        (rd->def[a->def].abil & CCN_AB_ROCKET))
        return 0;
    return !ccn_los(rd, s, a->hex, t->hex) && ccn_los_over(rd, s, a->hex, t->hex, a->side);
}

static int hex_blocks(const ccn_rdata *rd, const ccn_state *s, int hex, int both_hills)
{
    if (hex < 0 || !ccn_on_board(rd, hex))
        return 0;
    const ccn_terrain *t = &rd->ter[rd->hter[hex]];
    if (t->block_los)
        return 1;
    if (t->hill && !both_hills)
        return 1;
    return ccn_unit_at(s, hex) >= 0 || ccn_leader_at(s, hex) >= 0;
}

/* Whether an attack from hex `from` reaches the unit at `target` through one of its fortified
   hexsides (CCN-BASE-25: the field works protect through those only): the last hex of the line before
   the target (either hex where the line runs along a hexside: the defender's favour). */
int ccn_fort_facing(const ccn_rdata *rd, const ccn_state *s, int target, int from)
{
    if (!ccn_fort_sides(rd, s, target))
        return 0;
    if (ccn_dist(target, from) == 1)
        return fort_between(rd, s, target, from);
    int q1, r1, q2, r2, qs[32], rs[32], aq[32], ar[32];
    size_t n = 0;
    axial(target, &q1, &r1);
    axial(from, &q2, &r2);
    if (wg_hex_line(qs, rs, aq, ar, 32, &n, q1, r1, q2, r2) != WG_OK || n < 2)
        return 0;
    int h = hex_of(qs[1], rs[1]), a = hex_of(aq[1], ar[1]);
    return (h >= 0 && fort_between(rd, s, target, h)) || (a >= 0 && a != h && fort_between(rd, s, target, a));
}

int ccn_los(const ccn_rdata *rd, const ccn_state *s, int from, int to)
{
    return ccn_los_over(rd, s, from, to, -1);
}

/* over_side >= 0: artillery of that side on a hill fires over its side's units and Leaders in the
   lower hexes next to it, when their terrain does not block the shot (CCN-BASE-24 [site]). */
int ccn_los_over(const ccn_rdata *rd, const ccn_state *s, int from, int to, int over_side)
{
    int q1, r1, q2, r2, qs[32], rs[32], aq[32], ar[32];
    size_t n = 0;
    axial(from, &q1, &r1);
    axial(to, &q2, &r2);
    if (wg_hex_line(qs, rs, aq, ar, 32, &n, q1, r1, q2, r2) != WG_OK)
        return 0;
    int both_hills = rd->ter[rd->hter[from]].hill && rd->ter[rd->hter[to]].hill;
    for (size_t i = 1; i + 1 < n; i++) {
        int h = hex_of(qs[i], rs[i]), a = hex_of(aq[i], ar[i]);
        int b1 = hex_blocks(rd, s, h, both_hills);
        int b2 = a >= 0 && a != h ? hex_blocks(rd, s, a, both_hills) : 0;
        if (over_side >= 0 && i == 1) {
            b1 = b1 && !over_friend(rd, s, h, over_side);
            b2 = b2 && !over_friend(rd, s, a, over_side);
        }
        if (a == h || a < 0) {
            if (b1)
                return 0;
        } else if (b1 && b2)
            return 0;
    }
    return 1;
}

int ccn_retreat_hexes(const ccn_rdata *rd, const ccn_unit *u, int flags)
{
    if (flags <= 0)
        return 0;
    if (u->flags & CCN_UF_LEADER)
        return 0;
    const ccn_unitdef *d = &rd->def[u->def];
    return d->retreat1 + (flags - 1) * d->retreat;
}

int ccn_tcard(const ccn_state *s, int u)
{
    return u >= 0 && u < s->nunit && s->u[u].tcard ? s->u[u].tcard - 1 : -1;
}

/* Whether Tactician card k may target unit u (its target= kind). */
int ccn_tac_fits(const ccn_rdata *rd, const ccn_state *s, int k, int u)
{
    const ccn_unit *x = &s->u[u];
    int arm = ccn_arm(rd, x);
    switch (rd->tac[k].target) {
    case 0: return arm != CCN_LEADER;
    case 1: return arm == CCN_INF;
    case 2: return arm == CCN_CAV;
    case 3: return arm == CCN_ART;
    case 4: return arm == CCN_INF && !(x->flags & CCN_UF_GARRISON) && rd->def[x->def].cls == CCN_CL_LIGHT;
    case 5: return arm == CCN_LEADER;
    default: return arm != CCN_LEADER && x->side != s->active; /* an enemy unit */
    }
}

static int card_applies(const ccn_rdata *rd, const ccn_state *s, int unit)
{
    const ccn_unit *u = &s->u[unit];
    if (!(u->flags & CCN_UF_ORDERED) || u->side != s->active || s->card >= rd->norder)
        return 0;
    const ccn_card *c = &rd->order[s->card];
    return !c->arms || ((c->arms >> ccn_arm(rd, u)) & 1u);
}

/* The reason an attack is refused, when the caller asks for it (NULL: the option lists, which only
   count the dice, format nothing). */
#define WHY(...)                                                                                             \
    do {                                                                                                     \
        if (why)                                                                                             \
            snprintf(why, cap, __VA_ARGS__);                                                                 \
    } while (0)

int ccn_attack_dice(const ccn_rdata *rd, const ccn_state *s, int att, int def, int melee, int back, char *why,
                    size_t cap)
{
    const ccn_unit *a = &s->u[att], *t = &s->u[def];
    if (why && cap)
        why[0] = '\0';
    if (a->hex < 0 || t->hex < 0 || a->side == t->side) {
        WHY( "attacker and target are units of both sides on the board");
        return 0;
    }
    if (a->flags & CCN_UF_LEADER) {
        WHY( "a Leader is not a unit and does not battle (CCN-UNITS-02)");
        return 0;
    }
    const ccn_unitdef *d = &rd->def[a->def];
    int arm = ccn_arm(rd, a), tarm = ccn_arm(rd, t);
    int dist = ccn_dist(a->hex, t->hex);
    int garrison = (a->flags & CCN_UF_GARRISON) != 0;
    int n;
    const ccn_terrain *tt = &rd->ter[rd->hter[t->hex]], *ot = &rd->ter[rd->hter[a->hex]];
    int tks = ccn_tcard(s, att);
    int skirm = tks >= 0 && rd->tac[tks].code == CCN_C_LIS && !back;
    if (melee && skirm) {
        WHY( "a unit that skirmished makes ranged combat only (CCN-TACNOTES-23)");
        return 0;
    }
    if (melee) {
        if (dist != 1) {
            WHY( "a melee is against an adjacent hex (CCN-BASE-04)");
            return 0;
        }
        if (ccn_square_melee(rd, s, att, def))
            return rd->sq_cavdice; /* CCN-BASE-32 [fan]: the cavalry rolls the base pack's dice on a square */
        if (ccn_square_melee(rd, s, def, att))
            return rd->sq_dice; /* and the square on the cavalry */
        if (garrison)
            n = 1; /* CCN-GARRISON-07 */
        else if (d->meleefixed)
            n = d->meleefixed; /* CCN-ROCKET-12, -14 */
        else
            n = a->blocks + d->melee;
        if (tarm == CCN_INF && !garrison && d->meleeinf &&
            !(rd->recruits[a->side] && !back && d->cls == CCN_CL_LINE && arm == CCN_INF))
            n += d->meleeinf; /* CCN-BASE-09; recruits CCN-S13-09, CCN-GAP-36 */
        if (!back && card_applies(rd, s, att) && !(rd->order[s->card].flags & CCN_CF_NOMOVE && a->moved)) {
            /* CCN-BASE-15: a Cavalry Charge gives no extra die into or out of a hex that forbids it */
            const ccn_card *c = &rd->order[s->card];
            int charge = arm == CCN_CAV && c->arms == (1u << CCN_CAV);
            if (!(charge && (tt->nocharge || ot->nocharge)))
                n += c->melee;
        }
        int tk = ccn_tcard(s, att);
        if (tk >= 0 && (!back || rd->tac[tk].target == 6))
            n += rd->tac[tk].melee; /* a Tactician card's dice (its own-combat window; an enemy's card: always) */
        if (back && s->cb.react && s->cb.react_u == att)
            n += rd->tac[s->cb.react - 1].melee; /* the defender's answer (its reaction window) */
        int sappers = tk >= 0 && rd->tac[tk].code == CCN_C_SAPPERS && !back && arm == CCN_INF;
        int into = fort_between(rd, s, t->hex, a->hex) ? rd->fort.in_melee[arm] /* CCN-BASE-25: the field works' only */
                                                    : tt->in_melee[arm];
        if (sappers && into < 0)
            into = 0; /* CCN-TACNOTES-27: no melee reduction for the terrain the target stands in */
        n += into;
        int out = fort_between(rd, s, a->hex, t->hex) ? rd->fort.out_melee[arm] : ot->out_melee[arm];
        if (sappers && out < 0 && rd->opt[CCN_O_SAPPERS])
            out = 0; /* CCN-TACNOTES-28, CCN-GAP-25 option sappers=all: every terrain reduction */
        n += out;
    } else {
        if (dist < 2) {
            WHY( "ranged combat is at 2 hexes or more; an adjacent target is meleed (CCN-GAP-14)");
            return 0;
        }
        if (!back && card_applies(rd, s, att) && (rd->order[s->card].flags & CCN_CF_MELEEONLY)) {
            WHY( "%s orders melee only (CCN-ORDERS-14)", rd->order[s->card].name);
            return 0;
        }
        if (tarm == CCN_LEADER && (d->abil & CCN_AB_ROCKET)) {
            WHY( "a Rocket Battery fires at units, not at a lone Leader (CCN-GAP-15)");
            return 0;
        }
        int range = garrison ? 2 : d->range;
        if (dist > range) {
            WHY( "the target is %d hexes away, beyond the range %d (CCN-BASE-28)", dist, range);
            return 0;
        }
        if (ccn_adjacent_enemy(s, att)) {
            WHY( "a unit adjacent to an enemy unit may not fire at a more distant one (CCN-BASE-33)");
            return 0;
        }
        if (!(d->abil & CCN_AB_ROCKET) && !ccn_los(rd, s, a->hex, t->hex) && !ccn_overfire(rd, s, att, def)) {
            WHY( "no line of sight to the target (CCN-BASE-33)");
            return 0;
        }
        int moved = a->moved > 0;
        if (garrison)
            n = 1;
        else if (d->meleefixed) {
            if (moved) {
                WHY( "a Rocket Battery that moved does not battle (CCN-ROCKET-02)");
                return 0;
            }
            n = d->meleefixed; /* CCN-ROCKET-06 */
        } else if (d->nart) {
            if (moved && d->firemove == 0) {
                WHY( "this artillery may not fire after moving (CCN-BASE-30)");
                return 0;
            }
            n = dist - 2 < d->nart ? (a->blocks == 1 ? d->artdice1[dist - 2] : d->artdice[dist - 2]) : 0;
            if (moved)
                n -= 1;
        } else if (moved && skirm) {
            n = d->firemove > 0 ? (a->blocks + 1) / 2 : a->blocks / 2; /* CCN-TACNOTES-24: half its blocks */
        } else if (moved) {
            if (d->firemove == 0) {
                WHY( "this unit may not fire after moving (CCN-BASE-28)");
                return 0;
            }
            n = (d->firemove > 0 ? (a->blocks + 1) / 2 : a->blocks / 2) + d->firemovebonus;
        } else
            n = a->blocks + d->fire;
        if (!back && card_applies(rd, s, att) && !(rd->order[s->card].flags & CCN_CF_NOMOVE && moved))
            n += rd->order[s->card].ranged;
        if (ccn_tcard(s, att) >= 0)
            n += rd->tac[ccn_tcard(s, att)].ranged;
        if (!(d->abil & CCN_AB_ROCKET)) { /* CCN-ROCKET-05 */
            /* CCN-BASE-25: across the target's field works only their reduction (not the terrain's) */
            int into = ccn_fort_facing(rd, s, t->hex, a->hex) ? rd->fort.in_ranged[arm] : tt->in_ranged[arm];
            int out = ot->out_ranged[arm];
            int tks2 = ccn_tcard(s, att);
            if (tks2 >= 0 && rd->tac[tks2].code == CCN_C_SAPPERS && rd->opt[CCN_O_SAPPERS] && !back && arm == CCN_INF) {
                into = into < 0 ? 0 : into; /* CCN-TACNOTES-28, CCN-GAP-25 option sappers=all */
                out = out < 0 ? 0 : out;
            }
            n += into + out;
        }
    }
    if (n < 0)
        n = 0;
    if (n > CCN_MAXDICE)
        n = CCN_MAXDICE;
    if (n == 0)
        WHY( "the terrain leaves no battle dice (CCN-BASE-10)");
    return n;
}

#undef WHY

int ccn_square_melee(const ccn_rdata *rd, const ccn_state *s, int a, int t)
{
    return rd->sq_on && s->u[t].square && s->u[t].hex >= 0 && s->u[a].hex >= 0 && ccn_arm(rd, &s->u[a]) == CCN_CAV &&
           !(s->u[a].flags & CCN_UF_GARRISON);
}

int ccn_ca_ok(const ccn_rdata *rd, const ccn_state *s, int u, int art, int t)
{
    const ccn_unit *a = &s->u[u], *x = &s->u[art], *tg = &s->u[t];
    if (!rd->ca_on || art == u || x->hex < 0 || tg->hex < 0 || x->side != a->side || tg->side == a->side)
        return 0;
    int arm = ccn_arm(rd, a);
    if ((arm != CCN_INF && arm != CCN_CAV) || (a->flags & CCN_UF_GARRISON) || (tg->flags & CCN_UF_LEADER))
        return 0;
    if (ccn_arm(rd, x) != CCN_ART || (x->flags & (CCN_UF_GARRISON | CCN_UF_BATTLED | CCN_UF_NOBATTLE)) ||
        !(x->flags & CCN_UF_ORDERED) || (rd->def[x->def].abil & CCN_AB_ROCKET)) /* CCN-ROCKET-13 */
        return 0;
    return ccn_dist(x->hex, tg->hex) == 1 && ccn_dist(a->hex, tg->hex) == 1 &&
           ccn_attack_dice(rd, s, art, t, 1, 0, NULL, 0) > 0;
}

void ccn_score(const ccn_rdata *rd, const ccn_state *s, int att, int def, int melee, const uint8_t *roll,
               int *hits, int *flags, int *selfhit, int *noignore)
{
    const ccn_unit *a = &s->u[att], *t = &s->u[def];
    const ccn_unitdef *d = &rd->def[a->def];
    int tarm = ccn_arm(rd, t);
    *hits = *flags = *selfhit = *noignore = 0;
    int sab = roll[CCN_F_SABER];
    if (tarm == CCN_LEADER) {
        /* a lone Leader: one saber in melee (CCN-BASE-11), two in ranged combat (CCN-LEADERCAS-04); flags
           do nothing (CCN-LEADERCAS-06) */
        *hits = melee ? sab >= 1 : sab >= 2;
        return;
    }
    int icon = tarm == CCN_INF ? CCN_F_INF : tarm == CCN_CAV ? CCN_F_CAV : CCN_F_ART;
    if ((d->abil & CCN_AB_ROCKET) && !melee) {
        *hits = roll[icon] / 2;   /* CCN-ROCKET-07, CCN-GAP-15 (2) */
        *selfhit = sab >= 2;      /* CCN-ROCKET-09 */
        *noignore = 1;            /* CCN-ROCKET-08 */
        *flags = roll[CCN_F_FLAG];
        return;
    }
    *hits = roll[icon];
    if (melee && !(d->abil & (CCN_AB_NOSABERS | CCN_AB_MLANCER)))
        *hits += sab; /* CCN-BASE-09: militia score no saber hits except against lone Leaders */
    *flags = roll[CCN_F_FLAG];
    if (t->flags & CCN_UF_GARRISON) {
        *noignore = 1; /* CCN-GAP-18: a Garrison never ignores a flag */
        if (!melee)
            *hits = roll[CCN_F_INF];
        else
            *hits = roll[CCN_F_INF] + sab; /* CCN-BASE-20 */
    }
}

/* Flags the owner of `unit` may ignore (CCN-GAP-50: every source, cumulative). */
int ccn_ignorable(const ccn_rdata *rd, const ccn_state *s, int unit, int noignore)
{
    int from = s->cb.def == unit && s->cb.att >= 0 && s->cb.att < s->nunit ? s->u[s->cb.att].hex : -1;
    return ccn_ignorable_from(rd, s, unit, noignore, from);
}

int ccn_ignorable_from(const ccn_rdata *rd, const ccn_state *s, int unit, int noignore, int from)
{
    const ccn_unit *u = &s->u[unit];
    if (noignore || (u->flags & (CCN_UF_GARRISON | CCN_UF_LEADER)))
        return 0;
    const ccn_unitdef *d = &rd->def[u->def];
    int n = d->ignore + rd->ter[rd->hter[u->hex]].ignore;
    /* field works: against an attack through them (CCN-BASE-25); outside combat, as a host reads it */
    if (ccn_fort_sides(rd, s, u->hex) && (from < 0 || ccn_fort_facing(rd, s, u->hex, from)))
        n += rd->fort.ignore[d->arm];
    if (ccn_leader_at(s, u->hex) >= 0)
        n += 1; /* CCN-BASE-31 [fan]: an attached Leader */
    if (rd->side[u->side].ironwill_nat == d->nat)
        n += s->ironwill[u->side]; /* CCN-BASE-14 */
    if (s->cb.react && s->cb.react_u == unit)
        n += rd->tac[s->cb.react - 1].ignore; /* its answer to the attack */
    return n;
}

uint64_t ccn_roll_weight(const ccn_rdata *rd, const uint8_t *roll, int n)
{
    /* n! / prod(c!) * prod(mult^c), exact in 64 bits for n <= CCN_MAXDICE */
    uint64_t w = 1;
    int k = 0;
    for (int sy = 0; sy < CCN_NSYM; sy++)
        for (int c = 1; c <= roll[sy]; c++) {
            k++;
            w = w * (uint64_t)k / (uint64_t)c; /* binomial products stay integral */
            w *= rd->mult[sy];
        }
    (void)n;
    return w;
}

int ccn_card_total(const uint8_t *counts, int n)
{
    int t = 0;
    for (int i = 0; i < n; i++)
        t += counts[i];
    return t;
}

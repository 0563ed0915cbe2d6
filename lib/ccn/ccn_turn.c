/* Commands & Colors: Napoleonics: the turn as decisions (checklist §1, CCN-BASE-03): play an Order
 * card, order units, move them one at a time, battle one ordered unit at a time (dice, hits, flags
 * ignored, retreats hex by hex, take ground, battle back), the Tactician default action, the draws;
 * Victory Flags at every step. */
#include "ccn.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

static int opp(int p)
{
    return 1 - p;
}

static int command_of(const wg_game *g, int p)
{
    const ccn_state *s = CCN_ST(g);
    /* CCN-BASE-06, CCN-ORDERS-12: the Order cards held, the one just played included */
    return ccn_card_total(s->ohand[p], CCN_RD(g)->norder) + 1;
}

static int card_cap(const wg_game *g)
{
    const ccn_card *c = &CCN_RD(g)->order[CCN_ST(g)->card];
    return (c->flags & CCN_CF_COMMAND) ? command_of(g, CCN_ST(g)->active) : c->units;
}

static int allowance(const wg_game *g, int u, int *battle_max)
{
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_state *s = CCN_ST(g);
    const ccn_unit *x = &s->u[u];
    if (x->flags & CCN_UF_LEADER) {
        *battle_max = 0;
        return 3; /* a Leader moves up to 3 hexes [site] */
    }
    if (x->flags & CCN_UF_GARRISON) {
        *battle_max = 0;
        return 0; /* CCN-GARRISON-06 */
    }
    const ccn_unitdef *d = &rd->def[x->def];
    int mv = d->move, dash = d->dash;
    const ccn_card *c = &rd->order[s->card];
    if (c->move && (!c->arms || ((c->arms >> d->arm) & 1u))) {
        /* CCN-ORDERS-14: the card's movement; the Austrian line under Force March / Bayonet Charge keeps
           its 1 (CCN-BASE-28) as the pack's move */
        mv = c->move;
        if (d->move < mv && d->move == 1 && d->dash == 1 && strcmp(d->nation, "austrian") == 0 && d->cls == CCN_CL_LINE)
            mv = 1;
        if (dash < mv)
            dash = mv;
    }
    if (c->dash && (!c->arms || ((c->arms >> d->arm) & 1u)) && c->dash > dash)
        dash = c->dash;
    int tk = ccn_tcard(s, u);
    if (tk >= 0) {
        /* CCN-TACNOTES-09: Infantry Forward Leader, one hex more, battle still allowed; a card's move=+N */
        int extra = rd->tac[tk].code == CCN_C_IFL ? 1 : rd->tac[tk].move;
        mv += extra;
        dash += extra;
    }
    *battle_max = mv;
    return dash > mv ? dash : mv;
}

/* Hexes unit u may reach this move: dist[h] (255 unreachable).  Entering a stop terrain or crossing a
   fortified hexside ends the move; no unit passes through another unit or an enemy Leader; a unit
   entering a hex with only a friendly Leader stops there (CCN-BASE-07). */
/* CCN-TACNOTES-22: Light Infantry Skirmish: up to 3 hexes through friendly units and any terrain not
   impassable, ending in an empty hex */
static void reach_skirmish(const wg_game *g, int u, uint8_t *dist)
{
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_state *s = CCN_ST(g);
    int queue[CCN_NHEX], qh = 0, qt = 0;
    uint8_t seen[CCN_NHEX];
    memset(dist, 255, CCN_NHEX);
    memset(seen, 255, CCN_NHEX);
    int start = s->u[u].hex;
    ccn_occ occ;
    ccn_occ_build(s, &occ);
    seen[start] = 0;
    dist[start] = 0;
    queue[qt++] = start;
    while (qh < qt) {
        int h = queue[qh++];
        if (seen[h] >= 3)
            continue;
        for (int d = 0; d < 6; d++) {
            int n = ccn_neighbor(h, d);
            if (n < 0 || seen[n] != 255 || !ccn_on_board(rd, n) || (rd->ter[rd->hter[n]].ban >> CCN_INF) & 1u)
                continue;
            int o = occ.unit[n], l = occ.leader[n];
            if ((o >= 0 && s->u[o].side != s->u[u].side) || (l >= 0 && s->u[l].side != s->u[u].side))
                continue;
            seen[n] = (uint8_t)(seen[h] + 1);
            if (o < 0 && l < 0)
                dist[n] = seen[n];
            queue[qt++] = n;
        }
    }
}

static void reach(const wg_game *g, int u, int budget, uint8_t *dist)
{
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_state *s = CCN_ST(g);
    int tk = ccn_tcard(s, u);
    if (tk >= 0 && rd->tac[tk].code == CCN_C_LIS && !(s->u[u].flags & CCN_UF_MOVED)) {
        reach_skirmish(g, u, dist);
        return;
    }
    int queue[CCN_NHEX], qh = 0, qt = 0;
    memset(dist, 255, CCN_NHEX);
    int start = s->u[u].hex;
    dist[start] = 0;
    queue[qt++] = start;
    int leader = (s->u[u].flags & CCN_UF_LEADER) != 0;
    ccn_occ occ;
    ccn_occ_build(s, &occ);
    while (qh < qt) {
        int h = queue[qh++];
        if (dist[h] >= budget)
            continue;
        if (h != start) {
            const ccn_terrain *t = &rd->ter[rd->hter[h]];
            if (t->stop)
                continue;
            if (!leader && occ.leader[h] >= 0)
                continue;
            if (leader && occ.unit[h] >= 0)
                continue; /* a Leader joining a unit stops with it */
        }
        for (int d = 0; d < 6; d++) {
            int n = ccn_neighbor(h, d);
            if (n < 0 || dist[n] != 255)
                continue;
            if (!ccn_may_enter_occ(rd, s, &occ, u, n)) {
                /* CCN-GARRISON-10: a friendly unit may enter its Garrison's hex (and stops there) */
                int o = occ.unit[n];
                if (!leader && !(s->u[u].flags & CCN_UF_GARRISON) && o >= 0 && (s->u[o].flags & CCN_UF_GARRISON) &&
                    s->u[o].side == s->u[u].side && !((rd->ter[rd->hter[n]].ban >> ccn_arm(rd, &s->u[u])) & 1u))
                    dist[n] = (uint8_t)budget;
                continue;
            }
            dist[n] = (uint8_t)(dist[h] + 1);
            if ((ccn_fort_sides(rd, s, h) >> d) & 1u)
                dist[n] = (uint8_t)budget; /* crossing field works stops the move (CCN-BASE-25) */
            queue[qt++] = n;
        }
    }
}

static int unit_label_event(wg_game *g, int kind, const char *rule, int a0, int a1, int a2, int a3)
{
    wg_event *e = wg__event(g, kind, rule, ~0u);
    if (!e)
        return WG_ENOMEM;
    e->a[0] = a0;
    e->a[1] = a1;
    e->a[2] = a2;
    e->a[3] = a3;
    return WG_OK;
}

/* ---------------------------------------------------------------- Victory Flags */

static int unit_on(const ccn_state *s, const ccn_occ *occ, int hex)
{
    return hex >= 0 && hex < CCN_NHEX ? occ->unit[hex] : ccn_unit_at(s, hex);
}

static int held_by(const wg_game *g, const ccn_occ *occ, int hex, int p)
{
    const ccn_state *s = CCN_ST(g);
    int o = unit_on(s, occ, hex);
    return o >= 0 && s->u[o].side == p;
}

static int obj_value(const wg_game *g, const ccn_occ *occ, const ccn_objective *o, int p)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int mine = 0, theirs = 0;
    for (int i = 0; i < o->nhex; i++) {
        mine += held_by(g, occ, o->hex[i], p);
        theirs += held_by(g, occ, o->hex[i], opp(p));
    }
    if (!o->flags[p])
        return 0;
    switch (o->test) {
    case CCN_OBJ_OCCUPY:
        return mine > 0 ? o->flags[p] : 0;
    case CCN_OBJ_EACH:
        return mine * o->flags[p];
    case CCN_OBJ_ALL:
        return mine == o->nhex ? o->flags[p] : 0;
    case CCN_OBJ_MAJORITY:
        return mine > theirs ? o->flags[p] : 0; /* CCN-FLAGS-08, -09 */
    case CCN_OBJ_NONE:
        return theirs == 0 ? o->flags[p] : 0;
    case CCN_OBJ_FEWERFULL: {
        int full = 0;
        for (int i = 0; i < o->nhex; i++) {
            int u = unit_on(s, occ, o->hex[i]);
            if (u >= 0 && s->u[u].side == opp(p) && s->u[u].blocks == s->u[u].maxblocks)
                full++;
        }
        (void)rd;
        return full < o->count ? o->flags[p] : 0;
    }
    }
    return 0;
}

static int total_flags(const ccn_state *s, const ccn_rdata *rd, int p)
{
    int t = s->permflags[p];
    for (int o = 0; o < rd->nobj; o++)
        t += s->objheld[o][p];
    return t;
}

static int flag_event(wg_game *g, int p, int obj, int delta, const char *rule)
{
    const ccn_state *s = CCN_ST(g);
    wg_event *e = wg__event(g, CCN_E_FLAG, rule, ~0u);
    if (!e)
        return WG_ENOMEM;
    e->a[0] = p;
    e->a[1] = obj;
    e->a[2] = delta;
    e->a[3] = total_flags(s, CCN_RD(g), p);
    return WG_OK;
}

/* Re-evaluates every objective now (CCN-FLAGS-02, -03): temporary flags are lost the moment their
   condition fails; flags are won at once, or for start-of-turn objectives only when sot_player (>= 0)
   is the side whose turn starts (CCN-FLAGS-01, CCN-GAP-44). */
int ccn_refresh_flags(wg_game *g, int sot_player)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int rc = WG_OK;
    ccn_occ occ; /* no unit moves while the flags are counted */
    ccn_occ_build(s, &occ);
    for (int i = 0; i < rd->nobj && rc == WG_OK; i++) {
        const ccn_objective *o = &rd->obj[i];
        for (int p = 0; p < 2 && rc == WG_OK; p++) {
            int v = obj_value(g, &occ, o, p);
            int may_win = !o->sot || sot_player == p;
            if (o->perm) {
                if (!(s->objdone[i] & (1u << p)) && v > 0 && may_win) {
                    s->objdone[i] |= (uint8_t)(1u << p);
                    s->permflags[p] = (int16_t)(s->permflags[p] + v);
                    rc = flag_event(g, p, i, v, o->sot ? "CCN-FLAGS-12" : "CCN-FLAGS-11");
                }
                continue;
            }
            int held = s->objheld[i][p];
            if (v < held) {
                s->objheld[i][p] = (uint8_t)v;
                rc = flag_event(g, p, i, v - held, "CCN-FLAGS-03");
            } else if (v > held && may_win) {
                s->objheld[i][p] = (uint8_t)v;
                rc = flag_event(g, p, i, v - held, o->sot ? "CCN-FLAGS-01" : "CCN-FLAGS-02");
            }
        }
    }
    for (int p = 0; p < 2; p++)
        s->vflags[p] = (int16_t)total_flags(s, rd, p);
    return rc;
}

static int sudden_win(wg_game *g, int i)
{
    ccn_state *s = CCN_ST(g);
    const ccn_sudden *x = &CCN_RD(g)->sudden[i];
    s->stage = CCN_S_OVER;
    s->winner = x->side;
    int rc = unit_label_event(g, CCN_E_SUDDEN, "CCN-GAP-38", x->side, i, 0, 0);
    if (rc == WG_OK)
        rc = unit_label_event(g, CCN_E_WIN, "CCN-BASE-05", x->side, s->vflags[x->side], 0, 0);
    return rc;
}

/* a sudden death by occupation (CCN-S13-05, CCN-GAP-37): at the start of the turn of player p, or at
   once when its record says now */
static int sudden_occupy(wg_game *g, int sot_player)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    for (int i = 0; i < rd->nsudden; i++) {
        const ccn_sudden *x = &rd->sudden[i];
        if (!x->occupy || (x->sot && sot_player != x->side))
            continue;
        int u = ccn_unit_at(s, x->hex);
        if (u >= 0 && s->u[u].side == x->by)
            return sudden_win(g, i);
    }
    return WG_OK;
}

static int check_win(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    if (s->stage == CCN_S_OVER)
        return WG_OK;
    for (int k = 0; k < 2; k++) {
        int p = k == 0 ? s->active : opp(s->active);
        int t = total_flags(s, rd, p);
        s->vflags[p] = (int16_t)t;
    }
    for (int i = 0; i < rd->nsudden; i++)
        if (rd->sudden[i].occupy && !rd->sudden[i].sot) {
            int rc = sudden_occupy(g, -1);
            if (rc || s->stage == CCN_S_OVER)
                return rc;
            break;
        }
    /* sudden death (CCN-S07-06, -07, CCN-GAP-38): enemy units of the arms eliminated */
    for (int i = 0; i < rd->nsudden; i++) {
        const ccn_sudden *x = &rd->sudden[i];
        if (x->occupy)
            continue;
        int n = 0;
        for (int u = 0; u < s->nunit; u++) {
            const ccn_unit *y = &s->u[u];
            if (y->side == x->side || y->hex >= 0 || (y->flags & (CCN_UF_EXITED | CCN_UF_GARRISON | CCN_UF_LEADER)))
                continue;
            const ccn_unitdef *d = &rd->def[y->def];
            if (!((x->arms >> d->arm) & 1u) || (x->nocossack && (d->abil & CCN_AB_COSSACK)))
                continue;
            n++;
        }
        if (n >= x->elim)
            return sudden_win(g, i);
    }
    for (int k = 0; k < 2; k++) {
        int p = k == 0 ? s->active : opp(s->active);
        if (s->vflags[p] >= rd->victory) {
            s->stage = CCN_S_OVER;
            s->winner = (int8_t)p;
            return unit_label_event(g, CCN_E_WIN, "CCN-BASE-05", p, s->vflags[p], 0, 0);
        }
    }
    return WG_OK;
}

/* A unit or Leader leaves the board by elimination: the enemy's flag (CCN-GAP-21; none for a
   Garrison, CCN-GARRISON-11; S01 scores blocks, CCN-GAP-30). */
/* A square formed (how 1), left (0) or eliminated (2): the public event, and the card of its Square
   track in an event for its owner only. */
static int square_event(wg_game *g, int u, int how, int kind)
{
    ccn_state *s = CCN_ST(g);
    int p = s->u[u].side;
    int rc = unit_label_event(g, CCN_E_SQUARE, "CCN-BASE-32", u, how, 0, 0);
    if (rc)
        return rc;
    wg_event *e = wg__event(g, CCN_E_SQTRACK, "CCN-BASE-32", how == 2 ? ~0u : 1u << p); /* discarded: face up */
    if (!e)
        return WG_ENOMEM;
    e->a[0] = p;
    e->a[1] = kind;
    e->a[2] = how == 1 ? 1 : how == 0 ? 0 : 2;
    return WG_OK;
}

/* With components=physical, a Garrison marker of the box is free (CCN-GAP-18, CCN-UNITS-13). */
static int garrison_marker_free(const wg_game *g)
{
    const ccn_state *s = CCN_ST(g);
    if (!CCN_RD(g)->opt[CCN_O_COMPONENTS])
        return 1;
    int n = 0;
    for (int u = 0; u < s->nunit; u++)
        n += (s->u[u].flags & CCN_UF_GARRISON) && s->u[u].hex >= 0;
    return n < CCN_GARRISON_MARKERS;
}

static int eliminate(wg_game *g, int u)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_unit *x = &s->u[u];
    int hex = x->hex;
    int garrison = (x->flags & CCN_UF_GARRISON) != 0;
    x->hex = -1;
    x->blocks = 0;
    int rc = WG_OK;
    if (x->square) { /* the card of its Square track goes to the discard pile (CCN-BASE-32; ours) */
        s->odisc[x->square - 1]++;
        rc = square_event(g, u, 2, x->square - 1);
        x->square = 0;
    }
    if (rc)
        return rc;
    int flag = !garrison && !rd->scoring_blocks;
    rc = unit_label_event(g, CCN_E_ELIM, garrison ? "CCN-GARRISON-11" : "CCN-GAP-21", u, flag ? opp(x->side) : -1, hex,
                          0);
    if (rc == WG_OK && flag) {
        s->permflags[opp(x->side)]++;
        rc = flag_event(g, opp(x->side), -1, 1, "CCN-GAP-21");
    }
    /* an attached Leader left alone stays in the hex (a lone Leader now) */
    return rc;
}

static int lose_blocks(wg_game *g, int u, int n, const char *rule)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_unit *x = &s->u[u];
    if (n <= 0 || x->hex < 0)
        return WG_OK;
    if (n > x->blocks)
        n = x->blocks;
    x->blocks = (uint8_t)(x->blocks - n);
    int rc = unit_label_event(g, CCN_E_HITS, rule, u, n, x->blocks, 0);
    if (rc == WG_OK && rd->scoring_blocks && !(x->flags & CCN_UF_GARRISON)) {
        s->permflags[opp(x->side)] = (int16_t)(s->permflags[opp(x->side)] + n); /* CCN-S01-06 */
        rc = flag_event(g, opp(x->side), -3, n, "CCN-S01-06");
    }
    if (rc == WG_OK && x->blocks == 0)
        rc = eliminate(g, u);
    return rc;
}

/* ---------------------------------------------------------------- turn start and end */

static int start_turn(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    s->turns++;
    for (int i = 0; i < s->nunit; i++) {
        ccn_unit *x = &s->u[i];
        x->flags &= (uint8_t)~(CCN_UF_ORDERED | CCN_UF_MOVED | CCN_UF_BATTLED | CCN_UF_NOBATTLE);
        x->moved = 0;
        x->tcard = 0; /* one Tactician card a unit a turn (CCN-TACTICIAN-07) */
        x->from = (uint8_t)(x->hex < 0 ? 255 : x->hex);
    }
    memset(s->ordered_n, 0, sizeof s->ordered_n);
    s->cur = -1;
    s->skirmish = 0;
    int rc = unit_label_event(g, CCN_E_TURN, "CCN-BASE-03", s->active, s->turns, 0, 0);
    if (rc == WG_OK)
        rc = ccn_refresh_flags(g, s->active); /* CCN-FLAGS-01 */
    if (rc == WG_OK)
        rc = sudden_occupy(g, s->active);
    if (rc == WG_OK)
        rc = check_win(g);
    if (rc == WG_OK && s->stage != CCN_S_OVER) {
        s->stage = CCN_S_CARD;
        const ccn_rdata *rd = CCN_RD(g);
        if (rd->have_reinforce && rd->reinforce_side == s->active) {
            s->stage = CCN_S_LINDENAU; /* CCN-S09-06: before the Order card */
            s->cb.ndice = 3;
        }
    }
    return rc;
}

/* The unit rows the Lindenau roll gives (CCN-S09-07, -08, §4.2, CCN-GAP-35: symbols counted exactly;
   two artillery symbols give the French player's choice of foot or horse artillery): up to 2. */
int ccn_reinf_rows(const wg_game *g, const uint8_t *roll, int *rows)
{
    const ccn_rdata *rd = CCN_RD(g);
    const char *t1 = NULL, *t2 = NULL;
    if (roll[CCN_F_INF] == 2)
        t1 = "line";
    else if (roll[CCN_F_INF] == 3)
        t1 = "light";
    else if (roll[CCN_F_CAV] == 2)
        t1 = "light-cav";
    else if (roll[CCN_F_CAV] == 3)
        t1 = "heavy-cav";
    else if (roll[CCN_F_ART] == 2) {
        t1 = "foot-art";
        t2 = "horse-art";
    }
    else if (roll[CCN_F_ART] == 3 && rd->opt[CCN_O_LINDENAU])
        t1 = "horse-art"; /* CCN-GAP-35, option lindenau=by-count */
    if (roll[CCN_F_ART] == 2 && rd->opt[CCN_O_LINDENAU])
        t2 = NULL; /* by count: two artillery symbols are foot artillery */
    int n = 0;
    const char *want[2] = {t1, t2};
    for (int k = 0; k < 2; k++) {
        if (!want[k])
            continue;
        for (int d = 0; d < rd->ndef; d++)
            if (strcmp(rd->def[d].nation, "french") == 0 && strcmp(rd->def[d].type, want[k]) == 0)
                rows[n++] = d;
    }
    return n;
}

static int apply_lindenau(wg_game *g, uint32_t packed)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_roll_unpack(packed, s->reinf);
    int rows[2], n = ccn_reinf_rows(g, s->reinf, rows);
    int free_hex = ccn_unit_at(s, rd->reinforce_hex) < 0 && ccn_leader_at(s, rd->reinforce_hex) < 0;
    wg_event *e = wg__event(g, CCN_E_REINF, "CCN-S09-07", ~0u);
    if (!e)
        return WG_ENOMEM;
    for (int i = 0; i < CCN_NSYM; i++)
        e->a[i] = s->reinf[i];
    e->a[5] = n && free_hex ? rows[0] : -1;
    e->a[6] = n ? (free_hex ? 1 : 2) : 0; /* 0 no unit, 1 one may be placed, 2 the bridge is held */
    /* CCN-S09-08: any other roll gives nothing; CCN-S09-09: only on the bridge hex, when it holds no unit */
    s->stage = n && free_hex && s->nunit < CCN_MAXU ? CCN_S_REINF : CCN_S_CARD;
    return WG_OK;
}

static int place_reinf(wg_game *g, int row)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_unit *x = &s->u[s->nunit];
    memset(x, 0, sizeof *x);
    x->side = (int8_t)rd->reinforce_side;
    x->hex = (int8_t)rd->reinforce_hex;
    x->def = (uint8_t)row;
    x->blocks = x->maxblocks = rd->def[row].blocks; /* CCN-GAP-35: at full strength */
    x->from = rd->reinforce_hex;
    x->id = s->next_id++;
    s->nunit++;
    int rc = unit_label_event(g, CCN_E_MOVE, "CCN-S09-09", s->nunit - 1, -1, rd->reinforce_hex, 0);
    if (rc == WG_OK)
        rc = ccn_refresh_flags(g, -1);
    return rc;
}

int ccn_begin(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    s->active = (uint8_t)CCN_RD(g)->first;
    return start_turn(g);
}

static int end_turn(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    s->active = (uint8_t)opp(s->active);
    return start_turn(g);
}

static int after_tdraws(wg_game *g);

static int endturn_opens(const wg_game *g);

/* the Order card draw (CCN-BASE-03 step 5) */
static int continue_draw(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    s->stage = CCN_S_DRAW;
    s->drawer = s->active;
    s->scout = (rd->order[s->card].flags & CCN_CF_SCOUT) ? 2 : 0; /* CCN-BASE-08: draw two, keep one */
    s->sdrawn[0] = s->sdrawn[1] = 0;
    if (ccn_card_total(s->odeck, rd->norder) == 0) {
        /* the deck ran out: the discard pile is shuffled into a new deck (base rule) */
        for (int k = 0; k < rd->norder; k++)
            s->odeck[k] = (uint8_t)(s->odeck[k] + s->odisc[k]), s->odisc[k] = 0;
    }
    if (ccn_card_total(s->odeck, rd->norder) == 0)
        return after_tdraws(g); /* no card left anywhere: nothing to draw */
    return WG_OK;
}

static int to_draw(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_card *c = &rd->order[s->card];
    int rc = WG_OK;
    if (c->flags & CCN_CF_RESHUFFLE) {
        /* CCN-ORDERS-04: both decks take back their discard piles before the draws */
        for (int k = 0; k < rd->norder; k++)
            s->odeck[k] = (uint8_t)(s->odeck[k] + s->odisc[k]), s->odisc[k] = 0;
        for (int k = 0; k < rd->ntac; k++)
            s->tdeck[k] = (uint8_t)(s->tdeck[k] + s->tdisc[k]), s->tdisc[k] = 0;
        rc = unit_label_event(g, CCN_E_RESHUFFLE, "CCN-ORDERS-04", s->active, 0, 0, 0);
    }
    s->tdraw_who = c->draw == 1 ? (uint8_t)(1u << s->active) : c->draw == 2 ? 3u : 0u;
    s->tdraws = 0;
    if (rc == WG_OK && endturn_opens(g)) {
        s->stage = CCN_S_ENDTURN; /* CCN-TACNOTES-29, -30: after the Elan reshuffle, before the draws */
        return WG_OK;
    }
    return rc == WG_OK ? continue_draw(g) : rc;
}

/* The next draw: the deal of the starting hands (each side's Order cards, then its Tactician cards,
   CCN-TACTICIAN-01), or this turn's Tactician draws; when none is left the turn ends (CCN-ORDERS-13). */
int ccn_after_draws(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    if (s->deal) {
        for (int p = 0; p < 2; p++)
            if (ccn_card_total(s->ohand[p], rd->norder) < rd->side[p].cards && ccn_card_total(s->odeck, rd->norder)) {
                s->stage = CCN_S_DRAW;
                s->drawer = (uint8_t)p;
                return WG_OK;
            }
        for (int p = 0; p < 2; p++)
            if (ccn_card_total(s->thand[p], rd->ntac) < rd->side[p].tactician && ccn_card_total(s->tdeck, rd->ntac)) {
                s->stage = CCN_S_TDRAW;
                s->drawer = (uint8_t)p;
                return WG_OK;
            }
        s->deal = 0;
        for (int p = 0; p < 2 && !s->mr_done; p++)
            if (rd->mother_russia[p]) {
                /* CCN-BASE-13, CCN-SCEN-08: before the battle, dice equal to the Russian's Order cards */
                s->mr_done = 1;
                s->drawer = (uint8_t)p;
                s->cb.ndice = (uint8_t)(rd->side[p].cards > CCN_MAXDICE ? CCN_MAXDICE : rd->side[p].cards);
                s->stage = CCN_S_MRROLL;
                return WG_OK;
            }
        return ccn_begin(g);
    }
    if (s->tdraws) { /* a card's extra draws (its draw=N) */
        if (ccn_card_total(s->tdeck, rd->ntac) == 0)
            for (int k = 0; k < rd->ntac; k++)
                s->tdeck[k] = (uint8_t)(s->tdeck[k] + s->tdisc[k]), s->tdisc[k] = 0;
        if (ccn_card_total(s->tdeck, rd->ntac) > 0) {
            s->stage = CCN_S_TDRAW;
            s->drawer = s->active;
            return WG_OK;
        }
        s->tdraws = 0;
    }
    while (s->tdraw_who) {
        if (ccn_card_total(s->tdeck, rd->ntac) == 0)
            for (int k = 0; k < rd->ntac; k++)
                s->tdeck[k] = (uint8_t)(s->tdeck[k] + s->tdisc[k]), s->tdisc[k] = 0;
        if (ccn_card_total(s->tdeck, rd->ntac) > 0) {
            s->stage = CCN_S_TDRAW;
            s->drawer = (uint8_t)((s->tdraw_who & (1u << s->active)) ? s->active : (s->tdraw_who & 1u) ? 0 : 1);
            return WG_OK;
        }
        s->tdraw_who = 0;
    }
    return end_turn(g); /* CCN-ORDERS-13: drawing ends the turn */
}

static int after_tdraws(wg_game *g)
{
    return ccn_after_draws(g);
}

/* ---------------------------------------------------------------- stages: options */

static int order_sections(const wg_game *g, int u)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_unit *x = &s->u[u];
    const ccn_card *c = &rd->order[s->card];
    if (x->side != s->active || x->hex < 0 || (x->flags & CCN_UF_ORDERED))
        return 0;
    int arm = ccn_arm(rd, x);
    if (c->flags & CCN_CF_TAKECMD) {
        /* CCN-TAKECMD-02..06, CCN-GAP-09: first the Leader (in the card's section), then up to 3 units
           linked to him, each adjacent to the Leader or to a unit already ordered, in any section */
        int lead = -1;
        for (int i = 0; i < s->nunit; i++)
            if ((s->u[i].flags & (CCN_UF_LEADER | CCN_UF_ORDERED)) == (CCN_UF_LEADER | CCN_UF_ORDERED) &&
                s->u[i].side == s->active && s->u[i].hex >= 0)
                lead = i;
        if (lead < 0)
            return arm == CCN_LEADER && (ccn_sections_of(rd, s->active, x->hex) & c->sections) ? 8 : 0;
        if (arm == CCN_LEADER || s->ordered_n[3] >= card_cap(g) + 1)
            return 0;
        for (int i = 0; i < s->nunit; i++) {
            const ccn_unit *y = &s->u[i];
            if (y->hex >= 0 && y->side == s->active && (y->flags & CCN_UF_ORDERED) && ccn_dist(y->hex, x->hex) == 1)
                return 8;
        }
        return 0;
    }
    if (arm == CCN_LEADER) {
        /* a Leader is ordered on his own (CCN-BASE-06): alone, or to detach from his unit; attached and
           not ordered, he goes with his unit; not from a square unless the square is ordered first */
        int with = ccn_unit_at(s, x->hex);
        if (with >= 0 && s->u[with].side == x->side && s->u[with].square)
            return 0;
    } else if (c->arms && !((c->arms >> arm) & 1u))
        return 0;
    int sec = ccn_sections_of(rd, s->active, x->hex) & c->sections;
    if (!sec)
        return 0;
    int cap = card_cap(g);
    if (c->flags & CCN_CF_PERSECTION) {
        int ok = 0;
        for (int b = 0; b < 3; b++)
            if ((sec >> b) & 1u && s->ordered_n[b] < cap)
                ok |= 1 << b;
        return ok;
    }
    return s->ordered_n[3] < cap ? sec : 0;
}

static int can_battle_now(const wg_game *g, int u)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_unit *x = &s->u[u];
    return x->hex >= 0 && x->side == s->active && (x->flags & CCN_UF_ORDERED) && !(x->flags & CCN_UF_LEADER) &&
           !(x->flags & (CCN_UF_BATTLED | CCN_UF_NOBATTLE));
}

static int push(wg_game *g, int t, uint32_t a)
{
    return wg__opt_push(g, CCN_ACT(t, a), 1);
}

static int retreat_steps(const wg_game *g, int u, int *out)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int n = 0, h = s->u[u].hex;
    for (int d = 0; d < 6; d++) {
        int nb = ccn_neighbor(h, d);
        if (nb >= 0 && ccn_toward_home(rd, s->u[u].side, h, nb) && ccn_may_enter(rd, s, u, nb) &&
            (ccn_leader_at(s, nb) < 0 || (s->u[u].flags & CCN_UF_LEADER) == 0))
            out[n++] = nb;
    }
    return n;
}

/* CCN-BASE-27 [site]: a unit that may retire and reform, meleed by infantry, with room to move back
   two hexes toward its own side */
static int may_retire(const wg_game *g, int att, int def, int melee)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_unit *t = &s->u[def];
    if (!melee || (t->flags & (CCN_UF_LEADER | CCN_UF_GARRISON)) || !(rd->def[t->def].abil & CCN_AB_RETIRE) ||
        ccn_arm(rd, &s->u[att]) != CCN_INF)
        return 0;
    for (int d = 0; d < 6; d++) {
        int a = ccn_neighbor(t->hex, d);
        if (a < 0 || !ccn_toward_home(rd, t->side, t->hex, a) || !ccn_may_enter(rd, s, def, a) ||
            ccn_leader_at(s, a) >= 0)
            continue;
        for (int d2 = 0; d2 < 6; d2++) {
            int b = ccn_neighbor(a, d2);
            if (b >= 0 && ccn_toward_home(rd, t->side, a, b) && ccn_may_enter(rd, s, def, b) && ccn_leader_at(s, b) < 0)
                return 1;
        }
    }
    return 0;
}

/* CCN-BASE-32 [fan], CCN-DEC-11: infantry meleed by cavalry may form square: not a Garrison, not in a
   terrain that forbids it or a building (CCN-TERRAIN-06, -12, CCN-BASE-15), not attacked across field
   works that forbid it (CCN-TERRAIN-08, CCN-BASE-25), its owner holding the base pack's number of Order
   cards (a card of them goes on the Square track) */
static int may_square(const wg_game *g, int att, int def, int melee)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_unit *t = &s->u[def];
    if (!rd->sq_on || !melee || t->square || (t->flags & (CCN_UF_LEADER | CCN_UF_GARRISON)) ||
        ccn_arm(rd, t) != CCN_INF || ccn_arm(rd, &s->u[att]) != CCN_CAV || (s->u[att].flags & CCN_UF_GARRISON))
        return 0;
    const ccn_terrain *tt = &rd->ter[rd->hter[t->hex]];
    if (!tt->square || tt->building)
        return 0;
    for (int d = 0; d < 6; d++)
        if (ccn_neighbor(t->hex, d) == s->u[att].hex && ((ccn_fort_sides(rd, s, t->hex) >> d) & 1u) && rd->fort.nosquare)
            return 0;
    int held = ccn_card_total(s->ohand[t->side], rd->norder);
    return held >= rd->sq_minhand && held > 0;
}

/* lone Leader retreat destinations: 1, 2 or 3 steps toward home (CCN-LEADERCAS-05, CCN-GAP-20) */
static int leader_retreats(const wg_game *g, int u, uint8_t *mark)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    memset(mark, 0, CCN_NHEX);
    int frontier[CCN_NHEX], nf = 0, total = 0;
    frontier[nf++] = s->u[u].hex;
    for (int step = 1; step <= 3; step++) {
        int next[CCN_NHEX], nn = 0;
        for (int i = 0; i < nf; i++)
            for (int d = 0; d < 6; d++) {
                int nb = ccn_neighbor(frontier[i], d);
                if (nb < 0 || mark[nb] || !ccn_toward_home(rd, s->u[u].side, frontier[i], nb))
                    continue;
                int o = ccn_unit_at(s, nb);
                if ((o >= 0 && s->u[o].side != s->u[u].side) || ccn_leader_at(s, nb) >= 0 ||
                    (rd->ter[rd->hter[nb]].ban >> CCN_LEADER) & 1u || !ccn_on_board(rd, nb))
                    continue;
                mark[nb] = (uint8_t)step;
                next[nn++] = nb;
                total++;
            }
        memcpy(frontier, next, sizeof(int) * (size_t)nn);
        nf = nn;
    }
    return total;
}

static int roll_options(wg_game *g, int n)
{
    const ccn_rdata *rd = CCN_RD(g);
    uint8_t c[CCN_NSYM];
    int rc = WG_OK;
    if (n > CCN_LIST_DICE)
        return wg__opt_push(g, CCN_ACT(CCN_A_ROLLF, (uint32_t)n), 1);
    /* every multiset of n symbols, weight = its number of face sequences (sums to 6^n) */
    for (c[0] = 0; c[0] <= n && rc == WG_OK; c[0]++)
        for (c[1] = 0; c[0] + c[1] <= n && rc == WG_OK; c[1]++)
            for (c[2] = 0; c[0] + c[1] + c[2] <= n && rc == WG_OK; c[2]++)
                for (c[3] = 0; c[0] + c[1] + c[2] + c[3] <= n && rc == WG_OK; c[3]++) {
                    c[4] = (uint8_t)(n - c[0] - c[1] - c[2] - c[3]);
                    uint64_t w = 1;
                    int ok = 1;
                    for (int sy = 0; sy < CCN_NSYM; sy++)
                        if (c[sy] && !rd->mult[sy])
                            ok = 0;
                    if (!ok)
                        continue;
                    w = ccn_roll_weight(rd, c, n);
                    rc = wg__opt_push(g, CCN_ACT(CCN_A_ROLL, ccn_roll_pack(c)), w);
                }
    return rc;
}

/* Whether unit u may leave the battlefield by exit record x (CCN-GAP-39): a unit of the exit's side
   of the kinds it names (Cossacks not when it excludes them), moving by its own order. */
int ccn_may_exit(const wg_game *g, int u, int x)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_exit *e = &rd->exit[x];
    const ccn_unit *y = &s->u[u];
    if (y->side != e->side || (y->flags & CCN_UF_GARRISON))
        return 0;
    int arm = ccn_arm(rd, y);
    if (arm == CCN_LEADER)
        return e->who == 2;
    if (e->who >= 1 && arm != CCN_CAV)
        return 0;
    return 1;
}

/* Whether the active player's Tactician card k may now be played on unit u in the window of stage
   st (CCN-TACTICIAN-05, -07: one card per unit per turn; CCN-DEC-16, -26). */
static int tac_playable(const wg_game *g, int k, int u, int window)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_card *c = &rd->tac[k];
    const ccn_unit *x = &s->u[u];
    if (c->window != window || x->hex < 0 || x->tcard || !ccn_tac_fits(rd, s, k, u))
        return 0;
    if (c->target == 6) /* a card on an enemy unit (Supply Under Pressure) */
        return x->side != s->active && c->code == CCN_C_SUPPLY;
    if (x->side != s->active)
        return window >= CCN_W_REACT_CAV && window <= CCN_W_REACT_RANGED;
    switch (c->code) {
    case CCN_C_LUR: {
        /* CCN-TACNOTES-18: missing a block, with an attached Leader or next to a friendly one */
        if (x->blocks >= x->maxblocks || (x->flags & (CCN_UF_GARRISON | CCN_UF_LEADER)))
            return 0;
        int l = ccn_leader_at(s, x->hex);
        if (l >= 0 && s->u[l].side == x->side)
            return 1;
        for (int d = 0; d < 6; d++) {
            int n = ccn_neighbor(x->hex, d);
            int l2 = n >= 0 ? ccn_leader_at(s, n) : -1;
            if (l2 >= 0 && s->u[l2].side == x->side)
                return 1;
        }
        return 0;
    }
    case CCN_C_IFL: {
        /* CCN-TACNOTES-09, -17: an ordered infantry unit with an attached Leader */
        int l = ccn_leader_at(s, x->hex);
        return (x->flags & CCN_UF_ORDERED) && !(x->flags & CCN_UF_GARRISON) && l >= 0 && s->u[l].side == x->side;
    }
    case CCN_C_SAPPERS:
        return (x->flags & CCN_UF_ORDERED) != 0;
    case CCN_C_LIS: /* CCN-TACNOTES-22: an ordered Light Infantry unit, before it moves */
        return (x->flags & CCN_UF_ORDERED) && !(x->flags & CCN_UF_MOVED);
    case CCN_C_NONE:
        if (window == CCN_W_MOVE)
            return (x->flags & CCN_UF_ORDERED) && c->move > 0 && !c->reroll;
        if (window == CCN_W_COMBAT)
            return (x->flags & CCN_UF_ORDERED) && (c->melee || c->ranged || c->reroll);
        return 0;
    default:
        return 0; /* a code whose card is played in its own branch above */
    }
}

/* The Tactician cards the active player holds (the own-turn windows), in card order: their count. */
static int held_tacs(const wg_game *g, int *held)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int n = 0;
    for (int k = 0; k < rd->ntac && k < CCN_MAXCARD; k++)
        if (s->thand[s->active][k])
            held[n++] = k;
    return n;
}

/* The held cards (held_tacs) playable for unit u in the window. */
static int push_tac(wg_game *g, const int *held, int nheld, int u, int window)
{
    int rc = WG_OK;
    for (int i = 0; i < nheld && rc == WG_OK; i++)
        if (tac_playable(g, held[i], u, window))
            rc = wg__opt_push(g, CCN_ACT(CCN_A_TAC, (uint32_t)(held[i] | u << 8 | 255 << 16)), 1);
    return rc;
}

/* CCN-GBATTERY-01, -06, CCN-GAP-17: ordered artillery (no Rocket Battery, no Horse Artillery that
   moved) that has not battled; up to 8. */
int ccn_battery_list(const wg_game *g, int *out)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int n = 0;
    for (int u = 0; u < s->nunit && n < 8; u++) {
        const ccn_unit *x = &s->u[u];
        if (!can_battle_now(g, u) || (x->flags & CCN_UF_GARRISON) || rd->def[x->def].arm != CCN_ART)
            continue;
        const ccn_unitdef *d = &rd->def[x->def];
        if ((d->abil & CCN_AB_ROCKET) || (d->cls == CCN_CL_HART && x->moved))
            continue;
        out[n++] = u;
    }
    return n;
}

/* The Great Battery of `mask` on t: 2 or more units in adjacent contiguous hexes, each with the target
   in range and sight, each with its own dice and terrain (CCN-GBATTERY-02, -03, -04); the sum, or 0. */
int ccn_battery_dice(const wg_game *g, int mask, int t)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int list[8], n = ccn_battery_list(g, list), cnt = 0, total = 0;
    int mem[8];
    for (int i = 0; i < n; i++)
        if ((mask >> i) & 1) {
            int d = ccn_attack_dice(rd, s, list[i], t, 0, 0, NULL, 0);
            if (d <= 0 || ccn_overfire(rd, s, list[i], t))
                return 0; /* CCN-GBATTERY-05: no member fires over friendly heads */
            total += d;
            mem[cnt++] = list[i];
        }
    if (cnt < 2 || mask >> n)
        return 0;
    /* contiguous: every member reached from the first through adjacent members */
    int seen = 1, grew = 1;
    while (grew) {
        grew = 0;
        for (int i = 0; i < cnt; i++)
            if (!((seen >> i) & 1))
                for (int j = 0; j < cnt; j++)
                    if (((seen >> j) & 1) && ccn_dist(s->u[mem[i]].hex, s->u[mem[j]].hex) == 1) {
                        seen |= 1 << i;
                        grew = 1;
                        break;
                    }
    }
    if (seen != (1 << cnt) - 1)
        return 0;
    return total > CCN_MAXDICE ? CCN_MAXDICE : total; /* one roll (CCN-GBATTERY-07) */
}

/* ---------------------------------------------------------------- Mother Russia (CCN-BASE-13) */

static int is_russian(const ccn_rdata *rd, const ccn_unit *x)
{
    return !(x->flags & (CCN_UF_LEADER | CCN_UF_GARRISON)) && strcmp(rd->def[x->def].nation, "russian") == 0;
}

/* the symbol whose result is allocated next (infantry, cavalry, artillery, flag; sabers have no effect
   where the scenario says so, and the field works they give are not played: doc/ccn.md), -1 none */
static int mr_next_symbol(const wg_game *g)
{
    const ccn_state *s = CCN_ST(g);
    static const int order[5] = {CCN_F_INF, CCN_F_CAV, CCN_F_ART, CCN_F_SABER, CCN_F_FLAG};
    for (int i = 0; i < 5; i++)
        if (s->mr_left[order[i]])
            return order[i];
    return -1;
}

/* action a (a symbol) on unit u or hex h: legal? */
static int mr_target_ok(const wg_game *g, int a, int u, int h)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int p = s->drawer;
    if (a == CCN_F_CAV) {
        /* a Cossack unit on an empty hex next to a deployed Russian unit */
        if (!ccn_on_board(rd, h) || ccn_unit_at(s, h) >= 0 || ccn_leader_at(s, h) >= 0 ||
            (rd->ter[rd->hter[h]].ban >> CCN_CAV) & 1u)
            return 0;
        for (int d = 0; d < 6; d++) {
            int n = ccn_neighbor(h, d), o = n >= 0 ? ccn_unit_at(s, n) : -1;
            if (o >= 0 && s->u[o].side == p && is_russian(rd, &s->u[o]))
                return 1;
        }
        return 0;
    }
    if (a == CCN_F_SABER) {
        /* field works on a hex with Russian infantry or artillery, none there yet (and the base pack
           knows field works) */
        int o = ccn_on_board(rd, h) ? ccn_unit_at(s, h) : -1;
        if (o < 0 || s->u[o].side != p || !is_russian(rd, &s->u[o]) || (s->u[o].flags & CCN_UF_GARRISON) ||
            ccn_fort_sides(rd, s, h) || !rd->fort.present)
            return 0;
        int arm = ccn_arm(rd, &s->u[o]);
        return arm == CCN_INF || arm == CCN_ART;
    }
    const ccn_unit *x = &s->u[u];
    if (x->hex < 0 || x->side != p || !is_russian(rd, x) || x->maxblocks > rd->def[x->def].blocks)
        return 0; /* at most one block added to a unit */
    const ccn_unitdef *d = &rd->def[x->def];
    if (a == CCN_F_INF)
        return d->arm == CCN_INF && d->cls == CCN_CL_LINE && strcmp(d->type, "line") == 0;
    if (a == CCN_F_ART)
        return d->arm == CCN_ART && !(d->abil & CCN_AB_ROCKET);
    if (a == CCN_F_FLAG) /* a light infantry unit */
        return d->arm == CCN_INF && d->cls == CCN_CL_LIGHT;
    return 0;
}

static int cossack_row(const ccn_rdata *rd)
{
    for (int d = 0; d < rd->ndef; d++)
        if (strcmp(rd->def[d].nation, "russian") == 0 && strcmp(rd->def[d].type, "cossack") == 0)
            return d;
    return -1;
}

/* pushes the options of result symbol `sym` allocated as action a; returns their number */
static int mr_push(wg_game *g, int sym, int a, int *rc)
{
    const ccn_state *s = CCN_ST(g);
    int n = 0;
    if (a == CCN_F_SABER) { /* the hex, and the two adjacent hexsides it covers: d and d + 1 */
        for (int h = 0; h < CCN_NHEX && *rc == WG_OK; h++)
            if (mr_target_ok(g, a, 0, h))
                for (int d = 0; d < 6 && *rc == WG_OK; d++, n++)
                    *rc = push(g, CCN_A_MR, (uint32_t)(d | h << 8 | a << 16 | sym << 24));
        return n;
    }
    if (a == CCN_F_CAV) {
        if (cossack_row(CCN_RD(g)) < 0 || s->nunit >= CCN_MAXU)
            return 0;
        for (int h = 0; h < CCN_NHEX && *rc == WG_OK; h++)
            if (mr_target_ok(g, a, 0, h)) {
                *rc = push(g, CCN_A_MR, (uint32_t)(255 | h << 8 | a << 16 | sym << 24));
                n++;
            }
        return n;
    }
    for (int u = 0; u < s->nunit && *rc == WG_OK; u++)
        if (mr_target_ok(g, a, u, 0)) {
            *rc = push(g, CCN_A_MR, (uint32_t)(u | a << 16 | sym << 24));
            n++;
        }
    return n;
}

static int mr_options(wg_game *g)
{
    int rc = WG_OK, sym = mr_next_symbol(g), n = 0;
    if (sym < 0)
        return WG_OK;
    n += mr_push(g, sym, sym, &rc);
    if (sym == CCN_F_FLAG) /* or any one of the other actions */
        for (int a = CCN_F_INF; a <= CCN_F_SABER && rc == WG_OK; a++)
            if (a != CCN_F_SABER || CCN_RD(g)->mother_russia[CCN_ST(g)->drawer] != 2)
                n += mr_push(g, sym, a, &rc);
    if (rc == WG_OK && n == 0)
        rc = push(g, CCN_A_MR, (uint32_t)(255 | 255 << 8 | 255 << 16 | sym << 24)); /* nothing it can do */
    return rc;
}

/* the roll made: allocate its results, or begin the battle */
static int mr_continue(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    if (mr_next_symbol(g) >= 0) {
        s->stage = CCN_S_MRPLACE;
        return WG_OK;
    }
    return ccn_begin(g);
}

static int apply_mrroll(wg_game *g, uint32_t packed)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_roll_unpack(packed, s->mr_left);
    wg_event *e = wg__event(g, CCN_E_MRROLL, "CCN-BASE-13", ~0u);
    if (!e)
        return WG_ENOMEM;
    e->a[0] = s->drawer;
    for (int i = 0; i < CCN_NSYM; i++)
        e->a[1 + i] = s->mr_left[i];
    e->a[6] = rd->mother_russia[s->drawer] == 2;
    if (rd->mother_russia[s->drawer] == 2)
        s->mr_left[CCN_F_SABER] = 0; /* "saber rolls have no effect" (CCN-SCEN-08) */
    return mr_continue(g);
}

static int apply_mr(wg_game *g, uint32_t arg)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int u = (int)(arg & 0xff), h = (int)((arg >> 8) & 0xff), a = (int)((arg >> 16) & 0xff), sym = (int)(arg >> 24);
    s->mr_left[sym]--;
    if (a == CCN_F_CAV) {
        ccn_unit *y = &s->u[s->nunit];
        memset(y, 0, sizeof *y);
        y->side = (int8_t)s->drawer;
        y->hex = (int8_t)h;
        y->def = (uint8_t)cossack_row(rd);
        y->blocks = y->maxblocks = rd->def[y->def].blocks;
        y->from = (uint8_t)h;
        y->id = s->next_id++;
        u = s->nunit++;
    } else if (a == CCN_F_SABER) { /* field works covering hexsides u and u + 1 of hex h (CCN-BASE-13) */
        for (int k = 0; k < 2; k++) {
            int d = (u + k) % 6, nb = ccn_neighbor(h, d);
            s->xfort[h] |= (uint8_t)(1u << d);
            if (nb >= 0)
                s->xfort[nb] |= (uint8_t)(1u << ((d + 3) % 6)); /* marked on both sides, as the map's */
        }
        u = ccn_unit_at(s, h);
    } else if (a != 255) {
        s->u[u].maxblocks++; /* its paper strength */
        s->u[u].blocks++;
    }
    wg_event *e = wg__event(g, CCN_E_MR, "CCN-BASE-13", ~0u);
    if (!e)
        return WG_ENOMEM;
    e->a[0] = s->drawer;
    e->a[1] = a;
    e->a[2] = a == 255 ? -1 : u;
    e->a[3] = a == CCN_F_CAV || a == CCN_F_SABER ? h : -1;
    e->a[4] = a == CCN_F_SABER ? (int)(arg & 0xff) : -1;
    return mr_continue(g);
}

/* The reaction windows an attack opens (CCN-DEC-17): a window is opened whenever some card of the
   deck in use answers the trigger, whatever the defender holds, so that it tells nothing. */
static int react_window_of(const wg_game *g, int att, int def, int melee, int window)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    if (s->u[def].flags & CCN_UF_LEADER)
        return 0;
    if (window == CCN_W_REACT_CAV)
        return melee && ccn_arm(rd, &s->u[att]) == CCN_CAV && ccn_arm(rd, &s->u[def]) == CCN_CAV;
    if (window == CCN_W_REACT_MELEE)
        return melee;
    if (window == CCN_W_REACT_RANGED)
        return !melee;
    return 0;
}

static int reaction_opens(const wg_game *g, int att, int def, int melee)
{
    const ccn_rdata *rd = CCN_RD(g);
    if (may_retire(g, att, def, melee) || may_square(g, att, def, melee))
        return 1; /* CCN-DEC-11: retire and reform, or square, is the defender's choice before the roll */
    for (int k = 0; k < rd->ntac; k++)
        if (react_window_of(g, att, def, melee, rd->tac[k].window))
            return 1;
    return 0;
}

/* whether the deck in use holds an end-of-turn card (the window is opened for every hand) */
static int endturn_opens(const wg_game *g)
{
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_state *s = CCN_ST(g);
    if (!ccn_card_total(s->thand[s->active], rd->ntac))
        return 0;
    for (int k = 0; k < rd->ntac; k++)
        if (rd->tac[k].window == CCN_W_END)
            return 1;
    return 0;
}

int ccn_options(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int rc = WG_OK;
    int held[CCN_MAXCARD], nheld = 0; /* the active player's Tactician cards, where a window is open */
    switch (s->stage) {
    case CCN_S_CARD:
        for (int k = 0; k < rd->norder && rc == WG_OK; k++)
            if (s->ohand[s->active][k])
                rc = push(g, CCN_A_CARD, (uint32_t)k);
        break;
    case CCN_S_ORDER:
        for (int u = 0; u < s->nunit && rc == WG_OK; u++) {
            int sec = order_sections(g, u);
            if (!sec)
                continue;
            if (sec == 8)
                rc = push(g, CCN_A_ORDER, (uint32_t)(u | 3 << 8));
            else if (rd->order[s->card].flags & CCN_CF_PERSECTION) {
                for (int b = 0; b < 3 && rc == WG_OK; b++)
                    if ((sec >> b) & 1u)
                        rc = push(g, CCN_A_ORDER, (uint32_t)(u | b << 8));
            } else
                rc = push(g, CCN_A_ORDER, (uint32_t)(u | 3 << 8));
        }
        /* CCN-TACNOTES-19: Leader Unit Reform before any unit receives orders */
        nheld = held_tacs(g, held);
        for (int u = 0; u < s->nunit && rc == WG_OK && nheld && s->ordered_n[3] == 0; u++)
            if (s->u[u].side == s->active)
                rc = push_tac(g, held, nheld, u, CCN_W_REFORM);
        /* the own-orders window: a card on an enemy unit (Supply Under Pressure) */
        for (int u = 0; u < s->nunit && rc == WG_OK; u++)
            if (s->u[u].side != s->active)
                rc = push_tac(g, held, nheld, u, CCN_W_ORDERS);
        if (rc == WG_OK)
            rc = push(g, CCN_A_DONE, 0);
        break;
    case CCN_S_MOVESEL:
        for (int u = 0; u < s->nunit && rc == WG_OK; u++) {
            const ccn_unit *x = &s->u[u];
            if (x->hex < 0 || x->side != s->active || !(x->flags & CCN_UF_ORDERED) || (x->flags & CCN_UF_MOVED))
                continue;
            int bm, al = allowance(g, u, &bm);
            uint8_t dist[CCN_NHEX];
            if (al == 0)
                continue;
            reach(g, u, al, dist);
            int any = 0;
            for (int h = 0; h < CCN_NHEX && !any; h++)
                any = dist[h] != 255 && dist[h] > 0;
            if (any)
                rc = push(g, CCN_A_SELECT, (uint32_t)u);
        }
        if (rc == WG_OK)
            rc = push(g, CCN_A_DONE, 0);
        break;
    case CCN_S_MOVE:
    case CCN_S_DEFMOVE: {
        int bm, al = s->stage == CCN_S_DEFMOVE ? 3 : allowance(g, s->cur, &bm);
        uint8_t dist[CCN_NHEX];
        reach(g, s->cur, al, dist);
        for (int h = 0; h < CCN_NHEX && rc == WG_OK; h++)
            if (dist[h] != 255 && dist[h] > 0)
                rc = push(g, CCN_A_MOVETO, (uint32_t)h);
        /* CCN-DEC-09, CCN-GAP-39: leave the battlefield from an exit hex the move reaches */
        for (int x = 0; x < rd->nexit && rc == WG_OK && s->stage == CCN_S_MOVE; x++)
            if (ccn_may_exit(g, s->cur, x))
                for (int i = 0; i < rd->exit[x].nhex && rc == WG_OK; i++)
                    if (dist[rd->exit[x].hex[i]] != 255)
                        rc = push(g, CCN_A_EXIT, (uint32_t)(rd->exit[x].hex[i] | x << 8));
        if (rc == WG_OK && s->stage == CCN_S_MOVE)
            rc = push(g, CCN_A_STAY, 0);
        if (rc == WG_OK && s->stage == CCN_S_MOVE) {
            nheld = held_tacs(g, held);
            rc = push_tac(g, held, nheld, s->cur, CCN_W_MOVE);
        }
        break;
    }
    case CCN_S_BATTLE:
        for (int u = 0; u < s->nunit && rc == WG_OK; u++) {
            if (!can_battle_now(g, u))
                continue;
            for (int t = 0; t < s->nunit && rc == WG_OK; t++) {
                if (s->u[t].hex < 0 || s->u[t].side == s->active)
                    continue;
                /* a Leader with a unit is not a target of its own (CCN-LEADERCAS-01) */
                if ((s->u[t].flags & CCN_UF_LEADER) && ccn_unit_at(s, s->u[t].hex) >= 0)
                    continue;
                int dist = ccn_dist(s->u[u].hex, s->u[t].hex);
                int melee = dist == 1;
                if (ccn_attack_dice(rd, s, u, t, melee, 0, NULL, 0) > 0) {
                    rc = push(g, CCN_A_ATTACK, CCN_ATK(u, t, melee, 0));
                    /* CCN-DEC-23: with an ordered artillery unit adjacent to the target */
                    for (int c = 0; c < s->nunit && rc == WG_OK && melee; c++)
                        if (ccn_ca_ok(rd, s, u, c, t))
                            rc = push(g, CCN_A_ATTACK, CCN_ATK(u, t, 1, c + 1));
                }
            }
        }
        nheld = held_tacs(g, held);
        for (int u = 0; u < s->nunit && rc == WG_OK && nheld; u++)
            if (can_battle_now(g, u))
                rc = push_tac(g, held, nheld, u, CCN_W_COMBAT);
        {
            /* CCN-DEC-05, -25: a Great Battery of any contiguous group of 2 or more */
            int list[8], n = ccn_battery_list(g, list);
            for (int t = 0; t < s->nunit && rc == WG_OK && n >= 2; t++) {
                if (s->u[t].hex < 0 || s->u[t].side == s->active || (s->u[t].flags & CCN_UF_LEADER))
                    continue;
                for (int mask = 3; mask < (1 << n) && rc == WG_OK; mask++)
                    if (ccn_battery_dice(g, mask, t) > 0)
                        rc = push(g, CCN_A_BATTERY, (uint32_t)(t | mask << 8));
            }
        }
        if (rc == WG_OK)
            rc = push(g, CCN_A_DONE, 0);
        break;
    case CCN_S_REACT: {
        rc = push(g, CCN_A_PASS, 0);
        if (rc == WG_OK && may_retire(g, s->cb.att, s->cb.def, s->cb.melee))
            rc = push(g, CCN_A_RETIRE, 0);
        if (rc == WG_OK && may_square(g, s->cb.att, s->cb.def, s->cb.melee))
            rc = push(g, CCN_A_SQUARE, 0);
        int p = s->u[s->cb.def].side;
        for (int k = 0; k < rd->ntac && rc == WG_OK; k++)
            if (s->thand[p][k] && react_window_of(g, s->cb.att, s->cb.def, s->cb.melee, rd->tac[k].window) &&
                tac_playable(g, k, s->cb.def, rd->tac[k].window) &&
                (rd->tac[k].code == CCN_C_NONE || rd->tac[k].code == CCN_C_FIRST || rd->tac[k].code == CCN_C_CIC))
                rc = wg__opt_push(g, CCN_ACT(CCN_A_TAC, (uint32_t)(k | s->cb.def << 8 | 255 << 16)), 1);
        break;
    }
    case CCN_S_ENDTURN:
        rc = push(g, CCN_A_PASS, 0);
        for (int k = 0; k < rd->ntac && rc == WG_OK; k++) {
            if (!s->thand[s->active][k] || rd->tac[k].window != CCN_W_END)
                continue;
            if (rd->tac[k].code == CCN_C_CAPABLE) {
                /* CCN-TACNOTES-29: a card of the discard pile; CCN-GAP-26: nothing when it is empty */
                int any = 0;
                for (int j = 0; j < rd->ntac && rc == WG_OK; j++)
                    if (s->tdisc[j]) {
                        any = 1;
                        rc = wg__opt_push(g, CCN_ACT(CCN_A_TAC, (uint32_t)(k | 255 << 8 | j << 16)), 1);
                    }
                if (!any && rc == WG_OK)
                    rc = wg__opt_push(g, CCN_ACT(CCN_A_TAC, (uint32_t)(k | 255 << 8 | 255 << 16)), 1);
            } else if (rd->tac[k].code == CCN_C_NONE && rd->tac[k].draw)
                rc = wg__opt_push(g, CCN_ACT(CCN_A_TAC, (uint32_t)(k | 255 << 8 | 255 << 16)), 1);
        }
        break;
    case CCN_S_ROLL:
    case CCN_S_REROLL:
    case CCN_S_LCAS:
    case CCN_S_LINDENAU:
    case CCN_S_REFORM:
    case CCN_S_MRROLL:
        rc = roll_options(g, s->cb.ndice);
        break;
    case CCN_S_REINF: {
        int rows[2], n = ccn_reinf_rows(g, s->reinf, rows);
        for (int i = 0; i < n && rc == WG_OK; i++)
            rc = push(g, CCN_A_PLACE, (uint32_t)rows[i]);
        if (rc == WG_OK)
            rc = push(g, CCN_A_DONE, 0); /* "may be placed" (CCN-DEC-21) */
        break;
    }
    case CCN_S_IGNORE:
        for (int k = 0; k <= s->cb.ignmax && rc == WG_OK; k++)
            rc = push(g, CCN_A_IGNORE, (uint32_t)k);
        break;
    case CCN_S_RETREAT: {
        int steps[6];
        int n = retreat_steps(g, s->cb.def, steps);
        for (int i = 0; i < n && rc == WG_OK; i++)
            rc = push(g, CCN_A_RETREAT, (uint32_t)steps[i]);
        break;
    }
    case CCN_S_LRETREAT: {
        uint8_t mark[CCN_NHEX];
        leader_retreats(g, s->cb.lr, mark);
        for (int h = 0; h < CCN_NHEX && rc == WG_OK; h++)
            if (mark[h])
                rc = push(g, CCN_A_RETREAT, (uint32_t)h);
        break;
    }
    case CCN_S_BREAK: {
        /* CCN-BASE-32 [fan]: the hexes beyond the ground taken, as far as the base pack allows */
        uint8_t dist[CCN_NHEX];
        reach(g, s->bonus - 1, rd->bt_hexes, dist);
        for (int h = 0; h < CCN_NHEX && rc == WG_OK; h++)
            if (dist[h] != 255 && dist[h] > 0 && ccn_unit_at(s, h) < 0)
                rc = push(g, CCN_A_MOVETO, (uint32_t)h);
        if (rc == WG_OK)
            rc = push(g, CCN_A_STAY, 0);
        break;
    }
    case CCN_S_BONUS: {
        int u = s->bonus - 1;
        for (int t = 0; t < s->nunit && rc == WG_OK; t++) {
            if (s->u[t].hex < 0 || s->u[t].side == s->active || ccn_dist(s->u[u].hex, s->u[t].hex) != 1)
                continue;
            if ((s->u[t].flags & CCN_UF_LEADER) && ccn_unit_at(s, s->u[t].hex) >= 0)
                continue;
            if (ccn_attack_dice(rd, s, u, t, 1, 0, NULL, 0) > 0)
                rc = push(g, CCN_A_ATTACK, CCN_ATK(u, t, 1, 0));
        }
        if (rc == WG_OK)
            rc = push(g, CCN_A_DONE, 0);
        break;
    }
    case CCN_S_REROLLQ:
        rc = push(g, CCN_A_REROLLQ, 0);
        if (rc == WG_OK)
            rc = push(g, CCN_A_REROLLQ, 1);
        break;
    case CCN_S_SQCARD: {
        const ccn_unit *x = &s->u[s->cb.def];
        for (int k = 0; k < rd->norder && rc == WG_OK; k++)
            if (s->ohand[x->side][k])
                rc = wg__opt_push(g, CCN_ACT(CCN_A_SQCARD, k), s->ohand[x->side][k]);
        break;
    }
    case CCN_S_ADVANCE:
        rc = push(g, CCN_A_ADVANCE, 1);
        if (rc == WG_OK)
            rc = push(g, CCN_A_ADVANCE, 0);
        break;
    case CCN_S_DEFAULT:
        for (int k = 0; k < rd->ntac && rc == WG_OK; k++) {
            if (!s->thand[s->active][k])
                continue;
            for (int u = 0; u < s->nunit && rc == WG_OK; u++) {
                const ccn_unit *x = &s->u[u];
                if (x->hex < 0 || x->side != s->active || !(x->flags & CCN_UF_LEADER) || (x->flags & CCN_UF_BATTLED))
                    continue;
                uint8_t dist[CCN_NHEX];
                reach(g, u, 3, dist);
                int any = 0;
                for (int h = 0; h < CCN_NHEX && !any; h++)
                    any = dist[h] != 255 && dist[h] > 0;
                if (any)
                    rc = push(g, CCN_A_DEFAULT, (uint32_t)(k | u << 8));
            }
        }
        if (rc == WG_OK)
            rc = push(g, CCN_A_DONE, 0);
        break;
    case CCN_S_MRPLACE:
        rc = mr_options(g);
        break;
    case CCN_S_SKIRMISH: {
        const ccn_unit *x = &s->u[s->skirmish - 1];
        if (x->from != 255 && x->from != (uint8_t)x->hex && ccn_unit_at(s, x->from) < 0 && ccn_leader_at(s, x->from) < 0)
            rc = push(g, CCN_A_SKIRMISH, 1);
        if (rc == WG_OK)
            rc = push(g, CCN_A_SKIRMISH, 0);
        break;
    }
    case CCN_S_GARRISON:
        rc = push(g, CCN_A_GARRISON, 1);
        if (rc == WG_OK)
            rc = push(g, CCN_A_GARRISON, 0);
        break;
    case CCN_S_KEEP:
        rc = push(g, CCN_A_KEEP, 0);
        if (rc == WG_OK && s->sdrawn[1] != s->sdrawn[0])
            rc = push(g, CCN_A_KEEP, 1);
        break;
    case CCN_S_DRAW:
        for (int k = 0; k < rd->norder && rc == WG_OK; k++)
            if (s->odeck[k])
                rc = wg__opt_push(g, CCN_ACT(CCN_A_DRAW, k), s->odeck[k]);
        break;
    case CCN_S_TDRAW:
        for (int k = 0; k < rd->ntac && rc == WG_OK; k++)
            if (s->tdeck[k])
                rc = wg__opt_push(g, CCN_ACT(CCN_A_DRAW, k), s->tdeck[k]);
        break;
    default:
        break;
    }
    return rc;
}

int ccn_tdraw_player(const ccn_state *s)
{
    return s->drawer;
}

void ccn_decision(const wg_game *g, int *player, int *kind)
{
    const ccn_state *s = CCN_ST(g);
    *player = s->active;
    switch (s->stage) {
    case CCN_S_CARD:
        *kind = WG_DEC_CARD;
        break;
    case CCN_S_REINF:
        *kind = WG_DEC_PLACE;
        break;
    case CCN_S_REACT:
        *player = s->u[s->cb.def].side;
        *kind = WG_DEC_CARD;
        break;
    case CCN_S_KEEP:
        *player = s->drawer;
        *kind = WG_DEC_CARD;
        break;
    case CCN_S_GARRISON:
        *kind = WG_DEC_YESNO;
        break;
    case CCN_S_MRPLACE:
        *player = s->drawer;
        *kind = WG_DEC_PLACE;
        break;
    case CCN_S_SKIRMISH:
        *kind = WG_DEC_MOVE;
        break;
    case CCN_S_ENDTURN:
        *kind = WG_DEC_CARD;
        break;
    case CCN_S_ORDER:
    case CCN_S_MOVESEL:
        *kind = WG_DEC_SELECT;
        break;
    case CCN_S_MOVE:
    case CCN_S_DEFMOVE:
        *kind = WG_DEC_MOVE;
        break;
    case CCN_S_BATTLE:
        *kind = WG_DEC_ATTACK;
        break;
    case CCN_S_ROLL:
    case CCN_S_REROLL:
    case CCN_S_LCAS:
    case CCN_S_LINDENAU:
    case CCN_S_REFORM:
    case CCN_S_MRROLL:
        *player = WG_PLAYER_CHANCE;
        *kind = WG_DEC_ROLL;
        break;
    case CCN_S_IGNORE:
        *player = s->u[s->cb.def].side;
        *kind = WG_DEC_OTHER;
        break;
    case CCN_S_RETREAT:
        *player = s->u[s->cb.def].side;
        *kind = WG_DEC_RETREAT;
        break;
    case CCN_S_LRETREAT:
        *player = s->u[s->cb.lr].side;
        *kind = WG_DEC_RETREAT;
        break;
    case CCN_S_ADVANCE:
        *player = s->u[s->cb.att].side;
        *kind = WG_DEC_ADVANCE;
        break;
    case CCN_S_BREAK:
        *kind = WG_DEC_ADVANCE;
        break;
    case CCN_S_BONUS:
        *kind = WG_DEC_ATTACK;
        break;
    case CCN_S_SQCARD:
        *player = WG_PLAYER_CHANCE;
        *kind = WG_DEC_DRAW;
        break;
    case CCN_S_REROLLQ:
        *kind = WG_DEC_YESNO;
        break;
    case CCN_S_DEFAULT:
        *kind = WG_DEC_CARD;
        break;
    case CCN_S_DRAW:
    case CCN_S_TDRAW:
        *player = WG_PLAYER_CHANCE;
        *kind = WG_DEC_DRAW;
        break;
    default:
        *player = WG_PLAYER_NONE;
        *kind = WG_DEC_NONE;
    }
}

/* ---------------------------------------------------------------- combat resolution */

static int next_combat_step(wg_game *g);

static int begin_roll(wg_game *g, int att, int def, int melee, int back)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int n = ccn_attack_dice(rd, s, att, def, melee, back, NULL, 0);
    ccn_combat keep = s->cb;
    uint8_t react = s->cb.react, first = s->cb.first, retire = s->cb.retire;
    int8_t react_u = s->cb.react_u;
    if (!back && keep.ca && att == keep.ca_att) {
        n += ccn_attack_dice(rd, s, keep.ca - 1, def, 1, 0, NULL, 0); /* CCN-DEC-23: its dice join the melee */
        if (n > CCN_MAXDICE)
            n = CCN_MAXDICE;
    }
    memset(&s->cb, 0, sizeof s->cb);
    s->cb.ca = keep.ca;
    s->cb.ca_att = keep.ca_att;
    s->cb.retire = retire;
    s->cb.cic = keep.cic;
    s->cb.cic_att = keep.cic_att;
    s->cb.cic_def = keep.cic_def;
    s->cb.cic_h = keep.cic_h;
    s->cb.cic_f = keep.cic_f;
    s->cb.cic_hex = keep.cic_hex;
    s->cb.battery = keep.battery;
    s->cb.bdice = keep.bdice;
    if (keep.battery && !back)
        n = keep.bdice; /* the Great Battery's one roll (CCN-GBATTERY-07) */
    s->cb.react = react;
    s->cb.react_u = react_u;
    s->cb.first = first;
    s->cb.att = (int8_t)att;
    s->cb.def = (int8_t)def;
    s->cb.melee = (uint8_t)melee;
    s->cb.back = (uint8_t)back;
    s->cb.ndice = (uint8_t)n;
    s->cb.target_hex = (uint8_t)s->u[def].hex;
    s->cb.lead = s->cb.lr = -1;
    wg_event *e = wg__event(g, CCN_E_ATTACK, back ? "CCN-BASE-04" : melee ? "CCN-BASE-04" : "CCN-BASE-03", ~0u);
    if (!e)
        return WG_ENOMEM;
    e->a[0] = att;
    e->a[1] = def;
    e->a[2] = melee;
    e->a[3] = n;
    e->a[4] = back;
    e->a[5] = !back && keep.ca && att == keep.ca_att ? keep.ca - 1 : -1;
    s->stage = CCN_S_ROLL;
    return WG_OK;
}

/* after the target's result: take ground, battle back, or the next combat */
static int finish_target(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_combat *cb = &s->cb;
    const ccn_unit *a = &s->u[cb->att], *t = &s->u[cb->def];
    if (cb->first == 1) {
        /* First Strike: the defender struck first; the attacker, still there, now melees (no battle
           back after it) */
        cb->first = 2;
        if (t->hex >= 0 && t->hex == cb->target_hex && !cb->retreated && a->hex >= 0 &&
            ccn_dist(a->hex, t->hex) == 1 && ccn_attack_dice(rd, s, cb->def, cb->att, 1, 0, NULL, 0) > 0)
            return begin_roll(g, cb->def, cb->att, 1, 0);
        return next_combat_step(g);
    }
    if (cb->melee && !cb->back && a->hex >= 0) {
        int vacated = ccn_unit_at(s, cb->target_hex) < 0 && ccn_leader_at(s, cb->target_hex) < 0;
        int arm = ccn_arm(rd, a);
        if (vacated && (arm == CCN_INF || arm == CCN_CAV) && !(a->flags & CCN_UF_GARRISON) &&
            ccn_may_enter(rd, s, cb->att, cb->target_hex)) {
            s->stage = CCN_S_ADVANCE; /* take ground (CCN-BASE-04 step 10, CCN-DEC-14) */
            return WG_OK;
        }
        /* battle back (CCN-BASE-04 step 11): the target still there, not a Leader */
        if (cb->first != 2 && t->hex >= 0 && t->hex == cb->target_hex && !(t->flags & CCN_UF_LEADER) && !cb->retreated &&
            ccn_dist(a->hex, t->hex) == 1 && ccn_attack_dice(rd, s, cb->def, cb->att, 1, 1, NULL, 0) > 0)
            return begin_roll(g, cb->def, cb->att, 1, 1);
    }
    return next_combat_step(g);
}

static int next_combat_step(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    /* CCN-TACNOTES-25, -26: the skirmisher, right after its own combat, returns or stays */
    if (s->skirmish && s->cb.att == s->skirmish - 1 && !s->cb.back && s->u[s->skirmish - 1].hex >= 0 &&
        s->stage != CCN_S_SKIRMISH) {
        s->stage = CCN_S_SKIRMISH;
        return WG_OK;
    }
    memset(&s->cb, 0, sizeof s->cb);
    s->cb.att = s->cb.def = -1;
    s->bonus = 0;
    s->stage = CCN_S_BATTLE;
    return WG_OK;
}

/* The first roll of an attack whose reaction window is closed: a square meleed by cavalry strikes
   first (CCN-BASE-32 [fan]; the First Strike sequence, no battle back after), else the attacker rolls. */
static int start_attack_roll(wg_game *g, int att, int def, int melee)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    if (melee && ccn_square_melee(rd, s, att, def) && !s->cb.first && !s->cb.cic) {
        s->cb.first = 1;
        return begin_roll(g, def, att, 1, 1);
    }
    return begin_roll(g, att, def, melee, 0);
}

/* An attack declared (CCN_ATK argument): the defender's window before any die is rolled (CCN-DEC-17),
   or the roll. */
static int declare_attack(wg_game *g, uint32_t arg)
{
    ccn_state *s = CCN_ST(g);
    int u = CCN_ATK_U(arg), tg = CCN_ATK_T(arg), melee = CCN_ATK_MELEE(arg), ca = CCN_ATK_CA(arg);
    s->u[u].flags |= CCN_UF_BATTLED;
    memset(&s->cb, 0, sizeof s->cb);
    s->cb.att = (int8_t)u;
    s->cb.def = (int8_t)tg;
    s->cb.lead = s->cb.lr = -1;
    if (ca >= 0) {
        s->u[ca].flags |= CCN_UF_BATTLED; /* the artillery's combat of the turn */
        s->cb.ca = (uint8_t)(ca + 1);
        s->cb.ca_att = (int8_t)u;
    }
    if (reaction_opens(g, u, tg, melee)) {
        s->cb.melee = (uint8_t)melee;
        s->cb.target_hex = (uint8_t)s->u[tg].hex;
        s->stage = CCN_S_REACT;
        return WG_OK;
    }
    return start_attack_roll(g, u, tg, melee);
}

/* the flags not ignored: a retreat, hex by hex (the owner chooses each hex, CCN-DEC-13) */
static int start_retreat(wg_game *g, int flags)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_combat *cb = &s->cb;
    ccn_unit *t = &s->u[cb->def];
    if (flags <= 0)
        return finish_target(g);
    if (t->flags & CCN_UF_GARRISON) {
        int rc = unit_label_event(g, CCN_E_RETREAT, "CCN-GARRISON-09", cb->def, t->hex, -1, 0);
        if (rc == WG_OK)
            rc = eliminate(g, cb->def);
        return rc == WG_OK ? finish_target(g) : rc;
    }
    if (t->square) { /* CCN-BASE-32 [fan]: a square loses a block for each flag instead of retreating */
        int rc = lose_blocks(g, cb->def, flags, "CCN-BASE-32");
        return rc == WG_OK ? finish_target(g) : rc;
    }
    cb->retreat_left = (uint8_t)ccn_retreat_hexes(rd, t, flags);
    s->stage = CCN_S_RETREAT;
    return WG_OK;
}

static int cic_next(wg_game *g);
static int continue_retreat(wg_game *g);

/* The hexes unit u could retreat, up to n, on the board as it stands: the longest path of hexes toward
   its own edge it may enter. */
int ccn_retreat_room(const wg_game *g, int u, int from, int n)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    if (n <= 0)
        return 0;
    int best = 0;
    for (int d = 0; d < 6 && best < n; d++) {
        int nb = ccn_neighbor(from, d);
        if (nb < 0 || !ccn_toward_home(rd, s->u[u].side, from, nb) || !ccn_may_enter(rd, s, u, nb) ||
            ccn_leader_at(s, nb) >= 0)
            continue;
        int r = 1 + ccn_retreat_room(g, u, nb, n - 1);
        if (r > best)
            best = r;
    }
    return best;
}

/* Charge if Charged after both rolls: hits on both at once (CCN-TACNOTES-02), then each side's flags
   ignored (the attacker's owner first, CCN-GAP-27), the hexes each cannot retreat paid in blocks on
   the board before either moves (CCN-TACNOTES-06, -07), the retreats, and the attacker's advance
   when it neither died nor retreated (CCN-TACNOTES-03). */
/* The Leader casualty checks of a Charge if Charged exchange (CCN-BASE-31 [fan]: the attacker's Leader,
   then the defender's, each when his unit was hit), then the flags. */
static int cic_lcas_next(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_combat *cb = &s->cb;
    int att = cb->cic_att, def = cb->cic_def;
    for (int bit = 1; bit <= 2; bit <<= 1) {
        if (!(cb->cic_lc & bit))
            continue;
        cb->cic_lc &= (uint8_t)~bit;
        int lead = bit == 1 ? cb->cic_la : cb->cic_ld, unit = bit == 1 ? att : def;
        if (lead < 0 || s->u[lead].hex < 0)
            continue;
        cb->lead = (int8_t)lead;
        cb->lcas = s->u[unit].hex < 0 ? 2 : 1;
        cb->ndice = cb->lcas == 2 ? rd->lc_dice_elim : rd->lc_dice_hit;
        s->stage = CCN_S_LCAS;
        return WG_OK;
    }
    if (s->u[att].hex < 0)
        cb->cic_fa = 0;
    if (s->u[def].hex < 0)
        cb->cic_fd = 0;
    cb->cic = 2;
    return cic_next(g);
}

static int attached_leader(const ccn_state *s, int u)
{
    int l = s->u[u].hex >= 0 ? ccn_leader_at(s, s->u[u].hex) : -1;
    return l >= 0 && s->u[l].side == s->u[u].side ? l : -1;
}

static int cic_resolve(wg_game *g, int hits_on_att, int flags_on_att)
{
    ccn_state *s = CCN_ST(g);
    ccn_combat *cb = &s->cb;
    int att = cb->cic_att, def = cb->cic_def;
    cb->cic_la = (int8_t)attached_leader(s, att);
    cb->cic_ld = (int8_t)attached_leader(s, def);
    cb->cic_lc = (uint8_t)((hits_on_att && cb->cic_la >= 0 ? 1 : 0) | (cb->cic_h && cb->cic_ld >= 0 ? 2 : 0));
    int rc = lose_blocks(g, def, cb->cic_h, "CCN-TACNOTES-02");
    if (rc == WG_OK)
        rc = lose_blocks(g, att, hits_on_att, "CCN-TACNOTES-02");
    if (rc)
        return rc;
    cb->cic_fa = (uint8_t)flags_on_att;
    cb->cic_fd = cb->cic_f;
    return cic_lcas_next(g);
}

static int cic_ask_ignore(wg_game *g, int u, int flags)
{
    ccn_state *s = CCN_ST(g);
    int ign = s->u[u].hex >= 0 ? ccn_ignorable(CCN_RD(g), s, u, 0) : 0;
    if (ign > flags)
        ign = flags;
    if (ign <= 0)
        return 0;
    s->cb.def = (int8_t)u;
    s->cb.flags = (uint8_t)flags;
    s->cb.ignmax = (uint8_t)ign;
    s->stage = CCN_S_IGNORE;
    return 1;
}

static int cic_next(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_combat *cb = &s->cb;
    int att = cb->cic_att, def = cb->cic_def, rc = WG_OK;
    switch (cb->cic) {
    case 2:
        cb->cic = 3;
        if (cic_ask_ignore(g, att, cb->cic_fa))
            return WG_OK;
        /* fall through */
    case 3:
        cb->cic = 4;
        if (cic_ask_ignore(g, def, cb->cic_fd))
            return WG_OK;
        /* fall through */
    case 4: {
        int ra = s->u[att].hex >= 0 ? ccn_retreat_hexes(rd, &s->u[att], cb->cic_fa) : 0;
        int rdf = s->u[def].hex >= 0 ? ccn_retreat_hexes(rd, &s->u[def], cb->cic_fd) : 0;
        int ca = s->u[att].hex >= 0 ? ccn_retreat_room(g, att, s->u[att].hex, ra) : 0;
        int cd = s->u[def].hex >= 0 ? ccn_retreat_room(g, def, s->u[def].hex, rdf) : 0;
        for (int i = 0; i < ra - ca && rc == WG_OK; i++) {
            rc = unit_label_event(g, CCN_E_BLOCKED, "CCN-TACNOTES-06", att, s->u[att].hex, 0, 0);
            if (rc == WG_OK)
                rc = lose_blocks(g, att, 1, "CCN-TACNOTES-06");
        }
        for (int i = 0; i < rdf - cd && rc == WG_OK; i++) {
            rc = unit_label_event(g, CCN_E_BLOCKED, "CCN-TACNOTES-07", def, s->u[def].hex, 0, 0);
            if (rc == WG_OK)
                rc = lose_blocks(g, def, 1, "CCN-TACNOTES-07");
        }
        if (rc)
            return rc;
        cb->cic_fa = (uint8_t)ca; /* from here: the hexes each retreats */
        cb->cic_fd = (uint8_t)cd;
        cb->cic = 5;
        if (s->u[att].hex >= 0 && ca > 0) {
            cb->def = (int8_t)att;
            cb->retreat_left = (uint8_t)ca;
            cb->noblock = 1;
            cb->cic_aret = 1;
            s->stage = CCN_S_RETREAT;
            return continue_retreat(g);
        }
    }
        /* fall through */
    case 5:
        cb->cic = 6;
        if (s->u[def].hex >= 0 && cb->cic_fd > 0) {
            cb->def = (int8_t)def;
            cb->retreat_left = cb->cic_fd;
            cb->noblock = 1;
            s->stage = CCN_S_RETREAT;
            return continue_retreat(g);
        }
        /* fall through */
    default: {
        cb->cic = 0;
        cb->noblock = 0;
        int vacated = ccn_unit_at(s, cb->cic_hex) < 0 && ccn_leader_at(s, cb->cic_hex) < 0;
        if (s->u[att].hex >= 0 && !cb->cic_aret && vacated && ccn_may_enter(rd, s, att, cb->cic_hex)) {
            cb->att = (int8_t)att;
            cb->target_hex = cb->cic_hex;
            cb->first = 2; /* no battle back after the advance */
            s->stage = CCN_S_ADVANCE;
            return WG_OK;
        }
        return next_combat_step(g);
    }
    }
}

/* the retreat goes on: a hex chosen, or a block lost for each hex that cannot be entered
   (CCN-TACNOTES-05, CCN-DEC-28) */
static int continue_retreat(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    ccn_combat *cb = &s->cb;
    while (cb->retreat_left > 0 && s->u[cb->def].hex >= 0) {
        int steps[6];
        if (retreat_steps(g, cb->def, steps) > 0)
            return WG_OK; /* the owner chooses */
        if (cb->noblock)
            break; /* its blocked hexes were paid on the board before either unit moved */
        int rc = unit_label_event(g, CCN_E_BLOCKED, "CCN-TACNOTES-05", cb->def, s->u[cb->def].hex, 0, 0);
        if (rc == WG_OK)
            rc = lose_blocks(g, cb->def, 1, "CCN-TACNOTES-05");
        if (rc)
            return rc;
        cb->retreat_left--;
    }
    if (cb->cic)
        return cic_next(g);
    return finish_target(g);
}

/* the flags of the result: flags ignored (the owner's choice), then the retreat */
static int resolve_flags(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_combat *cb = &s->cb;
    ccn_unit *t = &s->u[cb->def];
    int rc = WG_OK;
    if (t->hex < 0) {
        cb->eliminated = 1;
        return finish_target(g);
    }
    if (cb->retire && !cb->retreated) {
        cb->retreat_left = 2; /* it moves back two hexes, its owner choosing them */
        s->stage = CCN_S_RETREAT;
        return continue_retreat(g);
    }
    int flags = cb->flags;
    if (flags > 0) {
        int ign = ccn_ignorable(rd, s, cb->def, cb->noignore);
        if (ign > flags)
            ign = flags;
        if (ign > 0) {
            cb->ignmax = (uint8_t)ign;
            s->stage = CCN_S_IGNORE; /* CCN-DEC-12 */
            return WG_OK;
        }
        rc = start_retreat(g, flags);
        if (rc == WG_OK && s->stage == CCN_S_RETREAT)
            rc = continue_retreat(g);
        return rc;
    }
    return finish_target(g);
}

/* A lone Leader must retreat 1 to 3 hexes (CCN-LEADERCAS-05), or is taken when he cannot. */
static int lone_leader_retreat(wg_game *g, int lead)
{
    ccn_state *s = CCN_ST(g);
    uint8_t mark[CCN_NHEX];
    s->cb.lr = (int8_t)lead;
    if (leader_retreats(g, lead, mark) > 0) {
        s->stage = CCN_S_LRETREAT;
        return WG_OK;
    }
    int rc = eliminate(g, lead); /* nowhere to go: taken (CCN-GAP-20, ours) */
    return rc != WG_OK ? rc : s->cb.cic ? cic_lcas_next(g) : finish_target(g);
}

/* hits of the result on the target (and the Rocket Battery's self-hit), then the Leader casualty
   check of an attached Leader, then the flags */
static int resolve_hits(wg_game *g)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_combat *cb = &s->cb;
    int rc = WG_OK;
    ccn_unit *t = &s->u[cb->def];
    if (cb->selfhit)
        rc = lose_blocks(g, cb->att, 1, "CCN-ROCKET-09");
    if (rc)
        return rc;
    if (t->flags & CCN_UF_LEADER) {
        if (cb->hits) {
            rc = unit_label_event(g, CCN_E_LEADERHIT, cb->melee ? "CCN-BASE-11" : "CCN-LEADERCAS-04", cb->def, 0, 0, 0);
            if (rc == WG_OK)
                rc = eliminate(g, cb->def);
            return rc == WG_OK ? finish_target(g) : rc;
        }
        return lone_leader_retreat(g, cb->def);
    }
    int lead = ccn_leader_at(s, t->hex);
    if (lead >= 0 && s->u[lead].side != t->side)
        lead = -1;
    if (cb->hits)
        rc = lose_blocks(g, cb->def, cb->hits, cb->melee ? "CCN-BASE-04" : "CCN-BASE-03");
    if (rc)
        return rc;
    if (lead >= 0 && cb->hits) {
        /* CCN-BASE-31 [fan], base pack `leader-casualty`: the attached Leader's check */
        cb->lead = (int8_t)lead;
        cb->lcas = t->hex < 0 ? 2 : 1;
        cb->ndice = t->hex < 0 ? rd->lc_dice_elim : rd->lc_dice_hit;
        s->stage = CCN_S_LCAS;
        return WG_OK;
    }
    return resolve_flags(g);
}

/* Whether the melee roll just made is followed by the Lancer's re-roll of its flags (CCN-LANCER-03,
   -04, -07, CCN-MLANCER-04, -06; automatic, CCN-DEC-28). */
static int lancer_rerolls(const wg_game *g)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_combat *cb = &s->cb;
    const ccn_unit *a = &s->u[cb->att], *t = &s->u[cb->def];
    int fs = cb->first == 1; /* CCN-LANCER-08, CCN-MLANCER-07: with First Strike it re-rolls */
    if (!cb->melee || (cb->back && !fs) || (!(a->flags & CCN_UF_ORDERED) && !fs) || cb->reroll ||
        !cb->roll[CCN_F_FLAG])
        return 0;
    if (!(rd->def[a->def].abil & (CCN_AB_LANCER | CCN_AB_MLANCER)))
        return 0;
    if (!(t->flags & (CCN_UF_LEADER | CCN_UF_GARRISON)) && (rd->def[t->def].abil & CCN_AB_CUIRASSIER))
        return 0; /* CCN-LANCER-04, CCN-GAP-13 */
    return 1;
}

/* Whether the roll just made may be re-rolled by the attacker's re-roll card (the vocabulary's
   `reroll`: its own attack, once, before anything of the result is applied). */
static int vocab_reroll(const wg_game *g)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_combat *cb = &s->cb;
    if (s->stage != CCN_S_ROLL || cb->back || cb->cic || cb->first || cb->vrr || cb->battery || cb->att < 0 ||
        s->u[cb->att].side != s->active)
        return 0;
    int k = ccn_tcard(s, cb->att);
    return k >= 0 && rd->tac[k].code == CCN_C_NONE && rd->tac[k].reroll;
}

static int apply_roll_x(wg_game *g, uint32_t packed, int emit);

static int apply_roll(wg_game *g, uint32_t packed)
{
    return apply_roll_x(g, packed, 1);
}

static int apply_roll_x(wg_game *g, uint32_t packed, int emit)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_combat *cb = &s->cb;
    uint8_t roll[CCN_NSYM];
    ccn_roll_unpack(packed, roll);
    int hits, flags, self, noign;
    ccn_score(rd, s, cb->att, cb->def, cb->melee, roll, &hits, &flags, &self, &noign);
    if (cb->retire) {
        /* CCN-BASE-27: only the retiring unit's own symbols hit; sabers and flags are ignored */
        int arm = ccn_arm(rd, &s->u[cb->def]);
        hits = roll[arm == CCN_CAV ? CCN_F_CAV : arm == CCN_ART ? CCN_F_ART : CCN_F_INF];
        flags = 0;
    }
    int rerolled = s->stage == CCN_S_REROLL;
    if (rerolled) {
        /* CCN-LANCER-05, CCN-GAP-11: the re-roll's hits and flags are added to the initial ones (option
           lancer=replace: the re-rolled flags replace the initial ones) */
        if (s->u[cb->def].flags & CCN_UF_LEADER)
            hits = hits || cb->hits;
        else
            hits += cb->hits;
        if (rd->opt[CCN_O_LANCER])
            flags += cb->flags > cb->roll[CCN_F_FLAG] ? cb->flags - cb->roll[CCN_F_FLAG] : 0;
        else
            flags += cb->flags;
        self = cb->selfhit;
    } else
        memcpy(cb->roll, roll, sizeof roll);
    if (emit) {
        wg_event *e = wg__event(g, CCN_E_ROLL, rerolled ? "CCN-LANCER-03" : "CCN-BASE-01", ~0u);
        if (!e)
            return WG_ENOMEM;
        for (int i = 0; i < CCN_NSYM; i++)
            e->a[i] = roll[i];
        e->a[5] = hits;
        e->a[6] = flags;
        e->a[7] = rerolled;
    }
    if (!rerolled && vocab_reroll(g)) { /* the attacker keeps the roll or re-rolls it */
        cb->vrr = 1;
        s->stage = CCN_S_REROLLQ;
        return WG_OK;
    }
    cb->hits = (uint8_t)hits;
    cb->flags = (uint8_t)flags;
    cb->selfhit = (uint8_t)self;
    cb->noignore = (uint8_t)noign;
    if (ccn_square_melee(rd, s, cb->def, cb->att) && cb->melee)
        cb->noignore = 1; /* CCN-BASE-32 [fan]: cavalry ignores no flag a square rolls */
    if (!rerolled && lancer_rerolls(g)) {
        cb->reroll = 1;
        cb->ndice = roll[CCN_F_FLAG];
        s->stage = CCN_S_REROLL;
        return WG_OK;
    }
    if (cb->cic == 1) { /* the attacker's roll kept; the defender rolls its melee dice at once */
        cb->cic_h = (uint8_t)hits;
        cb->cic_f = (uint8_t)flags;
        int rc = begin_roll(g, cb->cic_def, cb->cic_att, 1, 1);
        s->cb.cic = 2;
        return rc;
    }
    if (cb->cic == 2)
        return cic_resolve(g, hits, flags);
    return resolve_hits(g);
}

/* the attached Leader's casualty check (CCN-BASE-31 [fan]) */
static int apply_lcas(wg_game *g, uint32_t packed)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    ccn_combat *cb = &s->cb;
    uint8_t roll[CCN_NSYM];
    ccn_roll_unpack(packed, roll);
    int need = cb->lcas == 2 ? rd->lc_sabers_elim : rd->lc_sabers_hit;
    int lost = roll[CCN_F_SABER] >= need;
    wg_event *e = wg__event(g, CCN_E_LCAS, "CCN-BASE-31", ~0u);
    if (!e)
        return WG_ENOMEM;
    for (int i = 0; i < CCN_NSYM; i++)
        e->a[i] = roll[i];
    e->a[5] = cb->lead;
    e->a[6] = lost;
    int rc = WG_OK;
    int lead = cb->lead;
    cb->lead = -1;
    if (cb->cic) { /* a check of a Charge if Charged exchange */
        if (lost)
            return (rc = eliminate(g, lead)) ? rc : cic_lcas_next(g);
        return cb->lcas == 2 ? lone_leader_retreat(g, lead) : cic_lcas_next(g);
    }
    if (lost) {
        rc = eliminate(g, lead);
        if (rc)
            return rc;
        return cb->lcas == 2 ? finish_target(g) : resolve_flags(g);
    }
    if (cb->lcas == 2) /* his unit is gone: he retreats 1 to 3 hexes (CCN-BASE-31) */
        return lone_leader_retreat(g, lead);
    return resolve_flags(g);
}

/* ---------------------------------------------------------------- apply */

static int move_unit(wg_game *g, int u, int to, int kind, const char *rule)
{
    ccn_state *s = CCN_ST(g);
    int from = s->u[u].hex;
    int lead = -1;
    if (!(s->u[u].flags & CCN_UF_LEADER))
        lead = ccn_leader_at(s, from);
    s->u[u].hex = (int8_t)to;
    if (lead >= 0 && kind != CCN_E_RETREAT) /* an attached Leader goes with his unit */
        s->u[lead].hex = (int8_t)to;
    else if (lead >= 0 && kind == CCN_E_RETREAT)
        s->u[lead].hex = (int8_t)to;
    return unit_label_event(g, kind, rule, u, from, to, 0);
}

/* A unit (with its attached Leader) leaves the battlefield from an exit hex: removed from play, not
   eliminated (no flag to the enemy), its side's flags per the exit (CCN-GAP-39; CCN-S01-07,
   CCN-S10-06, CCN-S11-07, CCN-S14-06, CCN-S15-10, CCN-S17-08). */
static int exit_unit(wg_game *g, int u, int hex, int x)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_exit *e = &rd->exit[x];
    ccn_unit *y = &s->u[u];
    int rc = WG_OK;
    if (y->hex != hex)
        rc = move_unit(g, u, hex, CCN_E_MOVE, "CCN-BASE-07");
    if (rc)
        return rc;
    int lead = (y->flags & CCN_UF_LEADER) ? -1 : ccn_leader_at(s, hex);
    int won = 0;
    if (e->per == 0) { /* blocks: the unit's, and the Leader's (CCN-S01-07) */
        won = y->blocks;
        if (lead >= 0 && e->who == 2)
            won += 1;
    } else if (e->per == 1)
        won = 1;
    else if (!(e->nocossack && (rd->def[y->def].abil & CCN_AB_COSSACK))) {
        s->exited[e->side]++;
        won = s->exited[e->side] % 2 == 0; /* 1 flag for every 2 units (CCN-S10-06, CCN-S11-07); */
    }                                     /* Cossacks leave but do not count (CCN-S10-06) */
    y->hex = -1;
    y->flags |= CCN_UF_EXITED;
    if (lead >= 0 && e->who == 2) {
        s->u[lead].hex = -1;
        s->u[lead].flags |= CCN_UF_EXITED;
    }
    wg_event *ev = wg__event(g, CCN_E_EXIT, "CCN-DEC-09", ~0u);
    if (!ev)
        return WG_ENOMEM;
    ev->a[0] = u;
    ev->a[1] = hex;
    ev->a[2] = won;
    ev->a[3] = x;
    if (won) {
        s->permflags[e->side] = (int16_t)(s->permflags[e->side] + won);
        rc = flag_event(g, e->side, -2, won, "CCN-GAP-39");
    }
    if (rc == WG_OK)
        rc = ccn_refresh_flags(g, -1);
    return rc;
}

/* A Tactician card played, face up (CCN-TACTICIAN-06), on unit u (-1: none) */
static int play_tac(wg_game *g, int p, int k, int u, int taken)
{
    ccn_state *s = CCN_ST(g);
    s->thand[p][k]--;
    s->tdisc[k]++;
    if (u >= 0)
        s->u[u].tcard = (uint8_t)(k + 1);
    wg_event *e = wg__event(g, CCN_E_TAC, "CCN-TACTICIAN-06", ~0u);
    if (!e)
        return WG_ENOMEM;
    e->a[0] = p;
    e->a[1] = k;
    e->a[2] = u;
    e->a[3] = taken;
    return WG_OK;
}

/* CCN-TACNOTES-20, CCN-GAP-24: each die showing the unit's own icon or a flag reforms a block, never
   above its original count */
static int apply_reform(wg_game *g, uint32_t packed)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    uint8_t roll[CCN_NSYM];
    ccn_roll_unpack(packed, roll);
    ccn_unit *x = &s->u[s->cb.reform];
    int arm = ccn_arm(rd, x);
    int icon = arm == CCN_INF ? CCN_F_INF : arm == CCN_CAV ? CCN_F_CAV : CCN_F_ART;
    int n = roll[icon] + roll[CCN_F_FLAG];
    if (x->blocks + n > x->maxblocks)
        n = x->maxblocks - x->blocks;
    x->blocks = (uint8_t)(x->blocks + n);
    wg_event *e = wg__event(g, CCN_E_REFORM, "CCN-TACNOTES-20", ~0u);
    if (!e)
        return WG_ENOMEM;
    for (int i = 0; i < CCN_NSYM; i++)
        e->a[i] = roll[i];
    e->a[5] = s->cb.reform;
    e->a[6] = n;
    s->stage = CCN_S_ORDER;
    return ccn_refresh_flags(g, -1);
}

int ccn_apply(wg_game *g, uint64_t a)
{
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int t = CCN_AT(a);
    uint32_t arg = CCN_AA(a);
    int rc = WG_OK;
    switch (s->stage) {
    case CCN_S_CARD: {
        int k = (int)arg;
        s->ohand[s->active][k]--;
        s->odisc[k]++;
        s->card = (uint8_t)k;
        wg_event *e = wg__event(g, CCN_E_CARD, "CCN-DEC-01", ~0u);
        if (!e)
            return WG_ENOMEM;
        e->a[0] = s->active;
        e->a[1] = k;
        s->stage = CCN_S_ORDER;
        break;
    }
    case CCN_S_ORDER:
        if (t == CCN_A_DONE) {
            s->stage = CCN_S_MOVESEL;
            break;
        }
        if (t == CCN_A_TAC && rd->tac[arg & 0xff].window == CCN_W_ORDERS) {
            rc = play_tac(g, s->active, (int)(arg & 0xff), (int)((arg >> 8) & 0xff), -1);
            break;
        }
        if (t == CCN_A_TAC) { /* Leader Unit Reform (CCN-TACNOTES-18, -19) */
            int k = (int)(arg & 0xff), u = (int)((arg >> 8) & 0xff);
            rc = play_tac(g, s->active, k, u, -1);
            s->cb.reform = (uint8_t)u;
            s->cb.ndice = 2;
            s->stage = CCN_S_REFORM;
            break;
        }
        {
            int u = (int)(arg & 0xff), b = (int)(arg >> 8);
            s->u[u].flags |= CCN_UF_ORDERED;
            if (s->u[u].square) { /* ordered, the square re-forms in line; its card returns to the hand (ours) */
                int k = s->u[u].square - 1;
                s->ohand[s->u[u].side][k]++;
                s->u[u].square = 0;
                if ((rc = square_event(g, u, 0, k)))
                    break;
            }
            if (b < 3)
                s->ordered_n[b]++;
            s->ordered_n[3]++;
            int with = ccn_unit_at(s, s->u[u].hex);
            if ((s->u[u].flags & CCN_UF_LEADER) && with >= 0 && (rd->order[s->card].flags & CCN_CF_TAKECMD) &&
                !(s->u[with].flags & CCN_UF_ORDERED))
                s->u[with].flags |= CCN_UF_ORDERED | CCN_UF_VIALEADER; /* CCN-TAKECMD-03: his unit, while he stays */
            rc = unit_label_event(g, CCN_E_ORDER, "CCN-DEC-03", u, b, 0, 0);
        }
        break;
    case CCN_S_MOVESEL:
        if (t == CCN_A_DONE) {
            s->stage = CCN_S_BATTLE;
            s->cb.att = s->cb.def = -1;
            break;
        }
        s->cur = (int8_t)arg;
        s->stage = CCN_S_MOVE;
        break;
    case CCN_S_MOVE: {
        int u = s->cur;
        ccn_unit *x = &s->u[u];
        if (t == CCN_A_TAC) { /* its own-move card: the move is still to be made */
            rc = play_tac(g, s->active, (int)(arg & 0xff), u, -1);
            break;
        }
        x->flags |= CCN_UF_MOVED;
        if (t == CCN_A_EXIT) {
            rc = exit_unit(g, u, (int)(arg & 0xff), (int)(arg >> 8));
            s->cur = -1;
            s->stage = CCN_S_MOVESEL;
            break;
        }
        if (t == CCN_A_MOVETO) {
            uint8_t dist[CCN_NHEX];
            int bm, al = allowance(g, u, &bm);
            reach(g, u, al, dist);
            int d = dist[arg];
            x->moved = (uint8_t)d;
            int tkm = ccn_tcard(s, u);
            if (tkm >= 0 && rd->tac[tkm].code == CCN_C_LIS)
                s->skirmish = (uint8_t)(u + 1); /* CCN-TACNOTES-23: it may still fire */
            else if (d > bm)
                x->flags |= CCN_UF_NOBATTLE; /* moved farther than a move that allows battle */
            const ccn_terrain *tt = &rd->ter[rd->hter[arg]];
            if (!(x->flags & CCN_UF_LEADER)) {
                const ccn_unitdef *df = &rd->def[x->def];
                if (tt->nobattle == 1 || (tt->nobattle == 2 && df->cls != CCN_CL_LIGHT))
                    x->flags |= CCN_UF_NOBATTLE; /* CCN-BASE-15, -23 */
            }
            int from = x->hex;
            int gar = ccn_unit_at(s, (int)arg);
            if (gar >= 0 && (s->u[gar].flags & CCN_UF_GARRISON)) {
                /* CCN-GARRISON-10: the marker and block leave the game; the unit gains no block */
                s->u[gar].hex = -1;
                s->u[gar].flags |= CCN_UF_EXITED;
                rc = unit_label_event(g, CCN_E_GARRISON, "CCN-GARRISON-10", gar, (int)arg, 0, 0);
            }
            if (rc == WG_OK && (x->flags & CCN_UF_LEADER)) {
                int with = ccn_unit_at(s, from);
                if (with >= 0 && (s->u[with].flags & CCN_UF_VIALEADER) && !(s->u[with].flags & CCN_UF_MOVED)) {
                    /* CCN-TAKECMD-04: the Leader leaves; the unit he was with gets no order */
                    s->u[with].flags &= (uint8_t)~(CCN_UF_ORDERED | CCN_UF_VIALEADER);
                    rc = unit_label_event(g, CCN_E_UNORDER, "CCN-TAKECMD-04", with, 0, 0, 0);
                }
            } else if (rc == WG_OK) {
                int lead = ccn_leader_at(s, from);
                if (lead >= 0 && s->u[lead].side == x->side)
                    s->u[lead].flags |= CCN_UF_MOVED; /* he went with his unit */
            }
            if (rc == WG_OK)
                rc = move_unit(g, u, (int)arg, CCN_E_MOVE, "CCN-BASE-07");
            /* CCN-GARRISON-01: an infantry unit of 2 blocks or more that began its turn in a building
               and is ordered out of it may leave a Garrison (CCN-DEC-07); the flags are judged once
               that is decided (the Garrison is left as the unit goes) */
            if (rc == WG_OK && !(x->flags & (CCN_UF_LEADER | CCN_UF_GARRISON)) && from == x->from &&
                rd->ter[rd->hter[from]].building && rd->def[x->def].arm == CCN_INF && x->blocks >= 2 &&
                s->nunit < CCN_MAXU && garrison_marker_free(g)) {
                s->ghex = (uint8_t)from;
                s->stage = CCN_S_GARRISON;
                break;
            }
            if (rc == WG_OK)
                rc = ccn_refresh_flags(g, -1);
        }
        s->cur = -1;
        s->stage = CCN_S_MOVESEL;
        break;
    }
    case CCN_S_GARRISON:
        if (arg) {
            /* CCN-GARRISON-02, -03, -05: a block from outside the scenario, the unit keeps its own */
            ccn_unit *y = &s->u[s->nunit];
            memset(y, 0, sizeof *y);
            y->side = s->u[s->cur].side;
            y->hex = (int8_t)s->ghex;
            y->def = s->u[s->cur].def;
            y->blocks = y->maxblocks = 1;
            y->flags = CCN_UF_GARRISON;
            y->from = s->ghex;
            y->id = s->next_id++;
            s->nunit++;
            rc = unit_label_event(g, CCN_E_GARRISON, "CCN-GARRISON-02", s->nunit - 1, s->ghex, 1, 0);
        }
        if (rc == WG_OK)
            rc = ccn_refresh_flags(g, -1);
        s->cur = -1;
        s->stage = CCN_S_MOVESEL;
        break;
    case CCN_S_BATTLE:
        if (t == CCN_A_DONE) {
            s->stage = ccn_card_total(s->thand[s->active], rd->ntac) ? CCN_S_DEFAULT : CCN_S_DRAW;
            if (s->stage == CCN_S_DRAW)
                rc = to_draw(g);
            break;
        }
        if (t == CCN_A_TAC) {
            rc = play_tac(g, s->active, (int)(arg & 0xff), (int)((arg >> 8) & 0xff), -1);
            break;
        }
        if (t == CCN_A_BATTERY) {
            int tg = (int)(arg & 0xff), mask = (int)(arg >> 8);
            int list[8], n = ccn_battery_list(g, list);
            int dice = ccn_battery_dice(g, mask, tg), first = -1;
            for (int i = 0; i < n; i++)
                if ((mask >> i) & 1) {
                    if (first < 0)
                        first = list[i];
                    s->u[list[i]].flags |= CCN_UF_BATTLED;
                }
            memset(&s->cb, 0, sizeof s->cb);
            s->cb.att = (int8_t)first;
            s->cb.def = (int8_t)tg;
            s->cb.lead = s->cb.lr = -1;
            s->cb.target_hex = (uint8_t)s->u[tg].hex;
            s->cb.battery = (uint8_t)mask;
            s->cb.bdice = (uint8_t)dice;
            /* CCN-DEC-17: a ranged combat, the defender's window before the roll */
            if (reaction_opens(g, first, tg, 0))
                s->stage = CCN_S_REACT;
            else
                rc = begin_roll(g, first, tg, 0, 0);
            if (rc == WG_OK) {
                wg_event *e = wg__event(g, CCN_E_BATTERY, "CCN-GBATTERY-07", ~0u);
                if (!e)
                    return WG_ENOMEM;
                e->a[0] = tg;
                e->a[1] = dice;
                int k = 2;
                for (int i = 0; i < n && k < 8; i++)
                    if ((mask >> i) & 1)
                        e->a[k++] = list[i];
                for (; k < 8; k++)
                    e->a[k] = -1;
            }
            break;
        }
        rc = declare_attack(g, arg);
        break;
    case CCN_S_REACT: {
        int att = s->cb.att, def = s->cb.def, melee = s->cb.melee;
        if (t == CCN_A_PASS) {
            rc = start_attack_roll(g, att, def, melee);
            break;
        }
        if (t == CCN_A_SQUARE) { /* the card the Square track takes is drawn from the hand at random */
            s->stage = CCN_S_SQCARD;
            break;
        }
        if (t == CCN_A_RETIRE) {
            s->cb.retire = 1;
            rc = unit_label_event(g, CCN_E_RETIRE, "CCN-BASE-27", def, 0, 0, 0);
            if (rc == WG_OK)
                rc = begin_roll(g, att, def, melee, 0);
            break;
        }
        int k = (int)(arg & 0xff);
        rc = play_tac(g, s->u[def].side, k, def, -1);
        s->cb.react = (uint8_t)(k + 1);
        s->cb.react_u = (int8_t)def;
        if (rc == WG_OK && rd->tac[k].code == CCN_C_CIC) {
            s->cb.cic = 1; /* CCN-TACNOTES-01, -02: both roll */
            s->cb.cic_att = (int8_t)att;
            s->cb.cic_def = (int8_t)def;
            s->cb.cic_hex = (uint8_t)s->u[def].hex;
            rc = begin_roll(g, att, def, melee, 0);
        } else if (rc == WG_OK && rd->tac[k].code == CCN_C_FIRST) {
            s->cb.first = 1; /* the defender strikes first (CCN-LANCER-08) */
            rc = begin_roll(g, def, att, 1, 1);
        } else if (rc == WG_OK)
            rc = start_attack_roll(g, att, def, melee);
        break;
    }
    case CCN_S_ENDTURN:
        if (t == CCN_A_PASS) {
            rc = continue_draw(g);
            break;
        }
        {
            int k = (int)(arg & 0xff), j = (int)((arg >> 16) & 0xff);
            rc = play_tac(g, s->active, k, -1, j == 255 ? -1 : j);
            if (rd->tac[k].code == CCN_C_CAPABLE && j != 255) {
                s->tdisc[j]--;
                s->thand[s->active][j]++;
            } else if (rd->tac[k].code == CCN_C_CAPABLE && rd->opt[CCN_O_CAPABLE])
                s->tdraws++; /* CCN-GAP-26, option capable=draw: the top card of the deck instead */ else if (rd->tac[k].code == CCN_C_NONE)
                s->tdraws = (uint8_t)(s->tdraws + rd->tac[k].draw);
        }
        break;
    case CCN_S_REFORM:
        rc = apply_reform(g, arg);
        break;
    case CCN_S_MRROLL:
        rc = apply_mrroll(g, arg);
        break;
    case CCN_S_SKIRMISH: {
        int u = s->skirmish - 1;
        s->skirmish = 0;
        if (arg) /* CCN-GAP-28: straight back into the hex it left */
            rc = move_unit(g, u, s->u[u].from, CCN_E_MOVE, "CCN-TACNOTES-25");
        if (rc == WG_OK)
            rc = next_combat_step(g);
        break;
    }
    case CCN_S_MRPLACE:
        rc = apply_mr(g, arg);
        break;
    case CCN_S_KEEP: {
        int keep = s->sdrawn[arg] - 1, other = s->sdrawn[1 - arg] - 1;
        s->ohand[s->drawer][keep]++;
        s->odisc[other]++; /* the other card goes face up to the discard pile */
        s->sdrawn[0] = s->sdrawn[1] = 0;
        wg_event *e = wg__event(g, CCN_E_SCOUT, "CCN-BASE-08", 1u << s->drawer);
        if (!e)
            return WG_ENOMEM;
        e->a[0] = s->drawer;
        e->a[1] = keep;
        e->a[2] = other;
        rc = after_tdraws(g);
        break;
    }
    case CCN_S_ROLL:
    case CCN_S_REROLL:
        rc = apply_roll(g, arg);
        break;
    case CCN_S_LCAS:
        rc = apply_lcas(g, arg);
        break;
    case CCN_S_LINDENAU:
        rc = apply_lindenau(g, arg);
        break;
    case CCN_S_REINF:
        if (t == CCN_A_PLACE)
            rc = place_reinf(g, (int)arg);
        s->stage = CCN_S_CARD;
        break;
    case CCN_S_IGNORE: {
        int k = (int)arg;
        ccn_unit *x = &s->u[s->cb.def];
        const ccn_unitdef *d = &rd->def[x->def];
        /* the Iron Will tokens pay for what the unit's other sources do not cover (CCN-BASE-14) */
        int free_ign = ccn_ignorable(rd, s, s->cb.def, 0) -
                       (rd->side[x->side].ironwill_nat == d->nat ? s->ironwill[x->side] : 0);
        if (k > free_ign && rd->side[x->side].ironwill_nat == d->nat)
            s->ironwill[x->side] = (uint8_t)(s->ironwill[x->side] - (k - free_ign));
        rc = unit_label_event(g, CCN_E_IGNORE, "CCN-GAP-50", s->cb.def, k, s->cb.flags, 0);
        if (rc == WG_OK && s->cb.cic) {
            if (s->cb.cic == 3)
                s->cb.cic_fa = (uint8_t)(s->cb.flags - k);
            else
                s->cb.cic_fd = (uint8_t)(s->cb.flags - k);
            rc = cic_next(g);
            break;
        }
        if (rc == WG_OK)
            rc = start_retreat(g, s->cb.flags - k);
        if (rc == WG_OK && s->stage == CCN_S_RETREAT)
            rc = continue_retreat(g);
        break;
    }
    case CCN_S_RETREAT:
        rc = move_unit(g, s->cb.def, (int)arg, CCN_E_RETREAT, "CCN-DEC-13");
        s->cb.retreated = 1;
        s->cb.retreat_left--;
        if (rc == WG_OK)
            rc = ccn_refresh_flags(g, -1);
        if (rc == WG_OK)
            rc = continue_retreat(g);
        break;
    case CCN_S_LRETREAT:
        rc = move_unit(g, s->cb.lr, (int)arg, CCN_E_RETREAT, "CCN-LEADERCAS-05");
        if (rc == WG_OK && s->cb.cic) {
            rc = cic_lcas_next(g);
            break;
        }
        s->cb.retreated = 1;
        if (rc == WG_OK)
            rc = finish_target(g);
        break;
    case CCN_S_ADVANCE:
        if (arg) {
            rc = move_unit(g, s->cb.att, s->cb.target_hex, CCN_E_ADVANCE, "CCN-DEC-14");
            if (rc == WG_OK)
                rc = ccn_refresh_flags(g, -1);
            /* CCN-BASE-32 [fan], CCN-DEC-14: cavalry that took ground breaks through (once a combat) */
            int u = s->cb.att;
            if (rc == WG_OK && rd->bt_on && !s->bonus && ccn_arm(rd, &s->u[u]) == CCN_CAV && s->u[u].hex >= 0 &&
                !rd->ter[rd->hter[s->u[u].hex]].nobattle) { /* (not from a hex that forbids battle on entry) */
                const ccn_terrain *tt = &rd->ter[rd->hter[s->u[u].hex]];
                s->bonus = (uint8_t)(u + 1);
                s->stage = rd->bt_hexes && !tt->stop ? CCN_S_BREAK : CCN_S_BONUS;
                memset(&s->cb, 0, sizeof s->cb);
                s->cb.att = s->cb.def = -1;
                break;
            }
        }
        if (rc == WG_OK)
            rc = next_combat_step(g);
        break;
    case CCN_S_BREAK:
        if (t == CCN_A_MOVETO)
            rc = move_unit(g, s->bonus - 1, (int)arg, CCN_E_BREAK, "CCN-BASE-32");
        if (rc == WG_OK)
            rc = ccn_refresh_flags(g, -1);
        if (rc == WG_OK && s->stage != CCN_S_OVER)
            s->stage = CCN_S_BONUS;
        break;
    case CCN_S_BONUS:
        if (t == CCN_A_DONE)
            rc = next_combat_step(g);
        else
            rc = declare_attack(g, arg);
        break;
    case CCN_S_REROLLQ:
        s->cb.vrr = 2;
        s->stage = CCN_S_ROLL;
        if (arg) { /* the dice rolled again: a new roll of as many dice */
            rc = unit_label_event(g, CCN_E_REROLLED, "CCN-TACTICIAN-06", s->cb.att, s->cb.ndice, 0, 0);
            break;
        }
        rc = apply_roll_x(g, ccn_roll_pack(s->cb.roll), 0);
        break;
    case CCN_S_SQCARD: {
        int def = s->cb.def, p = s->u[def].side, k = (int)arg;
        s->ohand[p][k]--;
        s->u[def].square = (uint8_t)(k + 1);
        rc = square_event(g, def, 1, k);
        if (rc == WG_OK)
            rc = start_attack_roll(g, s->cb.att, def, s->cb.melee);
        break;
    }
    case CCN_S_DEFAULT:
        if (t == CCN_A_DONE) {
            rc = to_draw(g);
            break;
        }
        {
            int k = (int)(arg & 0xff), u = (int)(arg >> 8);
            s->thand[s->active][k]--;
            s->tdisc[k]++;
            s->u[u].flags |= CCN_UF_BATTLED; /* one Tactician card per Leader per turn (CCN-TACDEFAULT-05) */
            s->cur = (int8_t)u;
            s->card_tac = (uint8_t)k;
            s->stage = CCN_S_DEFMOVE;
        }
        break;
    case CCN_S_DEFMOVE: {
        int u = s->cur, from = s->u[u].hex;
        s->u[u].hex = (int8_t)arg;
        wg_event *e = wg__event(g, CCN_E_DEFAULT, "CCN-TACDEFAULT-03", ~0u);
        if (!e)
            return WG_ENOMEM;
        e->a[0] = s->active;
        e->a[1] = s->card_tac;
        e->a[2] = u;
        e->a[3] = from;
        e->a[4] = (int)arg;
        s->cur = -1;
        s->stage = ccn_card_total(s->thand[s->active], rd->ntac) ? CCN_S_DEFAULT : CCN_S_DRAW;
        if (s->stage == CCN_S_DRAW)
            rc = to_draw(g);
        break;
    }
    case CCN_S_DRAW: {
        int k = (int)arg;
        int p = s->drawer;
        s->odeck[k]--;
        if (s->scout && !s->deal) {
            s->sdrawn[2 - s->scout] = (uint8_t)(k + 1);
            s->scout--;
            wg_event *e = wg__event(g, CCN_E_DRAW, "CCN-BASE-08", 1u << p);
            if (!e)
                return WG_ENOMEM;
            e->a[0] = p;
            e->a[1] = 0;
            e->a[2] = k;
            if (s->scout && ccn_card_total(s->odeck, rd->norder) == 0)
                for (int j = 0; j < rd->norder; j++)
                    s->odeck[j] = (uint8_t)(s->odeck[j] + s->odisc[j]), s->odisc[j] = 0;
            if (!s->scout || ccn_card_total(s->odeck, rd->norder) == 0) {
                s->scout = 0;
                s->stage = s->sdrawn[1] ? CCN_S_KEEP : CCN_S_DRAW;
                if (!s->sdrawn[1]) { /* one card only: kept */
                    s->ohand[p][k]++;
                    s->sdrawn[0] = 0;
                    rc = after_tdraws(g);
                }
            }
            break;
        }
        s->ohand[p][k]++;
        wg_event *e = wg__event(g, CCN_E_DRAW, s->deal ? "CCN-BASE-03" : "CCN-BASE-03", 1u << p);
        if (!e)
            return WG_ENOMEM;
        e->a[0] = p;
        e->a[1] = 0;
        e->a[2] = k;
        rc = after_tdraws(g);
        break;
    }
    case CCN_S_TDRAW: {
        int k = (int)arg, p = s->drawer;
        s->tdeck[k]--;
        s->thand[p][k]++;
        if (s->deal)
            ;
        else if (s->tdraws)
            s->tdraws--;
        else
            s->tdraw_who &= (uint8_t)~(1u << p);
        wg_event *e = wg__event(g, CCN_E_DRAW, s->card < rd->norder && rd->order[s->card].draw == 2 ? "CCN-ORDERS-03"
                                                                                                   : "CCN-TACTICIAN-02",
                                1u << p);
        if (!e)
            return WG_ENOMEM;
        e->a[0] = p;
        e->a[1] = 1;
        e->a[2] = k;
        rc = after_tdraws(g);
        break;
    }
    default:
        return WG_ESTATE;
    }
    /* CCN-FLAGS-02, -03: every step, eliminations and losses included, judges the objectives at once */
    if (rc == WG_OK && s->stage != CCN_S_OVER && s->stage != CCN_S_GARRISON && !s->deal)
        rc = ccn_refresh_flags(g, -1); /* (a Garrison being left is judged once it is decided) */
    if (rc == WG_OK)
        rc = check_win(g);
    return rc;
}

void ccn_why_not(const wg_game *g, uint64_t a, char *err)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int t = CCN_AT(a);
    uint32_t arg = CCN_AA(a);
    if (s->stage == CCN_S_OVER) {
        wg__seterr(err, WG_ESTATE, "the game is over");
        return;
    }
    if (s->stage == CCN_S_CARD && t == CCN_A_CARD) {
        if (arg < (uint32_t)rd->norder)
            wg__seterr(err, WG_EILLEGAL, "'%s' is not in your hand (CCN-DEC-01)", rd->order[arg].name);
        else
            wg__seterr(err, WG_EILLEGAL, "no such Order card");
        return;
    }
    if (s->stage == CCN_S_ORDER && t == CCN_A_ORDER && (arg & 0xff) < (uint32_t)s->nunit) {
        int u = (int)(arg & 0xff);
        wg_sb sb;
        char lab[80];
        wg__sb_init(&sb, lab, sizeof lab);
        ccn_unit_label(g, u, &sb);
        const ccn_card *c = &rd->order[s->card];
        if (s->u[u].side != s->active)
            wg__seterr(err, WG_EILLEGAL, "%s is not yours to order (CCN-DEC-03)", lab);
        else if (!(ccn_sections_of(rd, s->active, s->u[u].hex) & c->sections))
            wg__seterr(err, WG_EILLEGAL, "%s is not in a section ordered by %s (CCN-BASE-06)", lab, c->name);
        else
            wg__seterr(err, WG_EILLEGAL, "%s may not be ordered now: ordered already, not of the card's arms, or the "
                                         "card's %d order(s) are given (CCN-BASE-08)",
                       lab, card_cap(g));
        return;
    }
    if ((s->stage == CCN_S_BATTLE || s->stage == CCN_S_BONUS) && t == CCN_A_ATTACK) {
        int u = CCN_ATK_U(arg), tg = CCN_ATK_T(arg), melee = CCN_ATK_MELEE(arg), ca = CCN_ATK_CA(arg);
        if (u < s->nunit && tg < s->nunit && ca < s->nunit) {
            char why[160];
            if (s->stage == CCN_S_BONUS && u != s->bonus - 1)
                wg__seterr(err, WG_EILLEGAL, "only the cavalry that broke through makes the bonus melee (CCN-BASE-32)");
            else if (s->stage == CCN_S_BONUS && (!melee || ca >= 0))
                wg__seterr(err, WG_EILLEGAL, "a bonus melee is a melee of the cavalry alone (CCN-BASE-32)");
            else if (s->stage == CCN_S_BATTLE && !can_battle_now(g, u))
                wg__seterr(err, WG_EILLEGAL, "that unit may not battle now: not ordered, already battled, or moved "
                                             "too far or into terrain that forbids battle (CCN-BASE-03)");
            else if (ccn_attack_dice(rd, s, u, tg, melee, 0, why, sizeof why) == 0)
                wg__seterr(err, WG_EILLEGAL, "%s", why);
            else if (ca >= 0 && !ccn_ca_ok(rd, s, u, ca, tg))
                wg__seterr(err, WG_EILLEGAL, "no Combined Arms with that unit: it must be ordered artillery (not a "
                                             "Rocket Battery) that has not battled, adjacent to the target, in a melee "
                                             "of infantry or cavalry (CCN-DEC-23, CCN-ROCKET-13)");
            else
                wg__seterr(err, WG_EILLEGAL, "that attack is not an option now");
            return;
        }
    }
    if ((s->stage == CCN_S_MOVE || s->stage == CCN_S_DEFMOVE) && t == CCN_A_MOVETO && arg < CCN_NHEX) {
        char hn[4];
        ccn_hex_name((int)arg, hn);
        wg__seterr(err, WG_EILLEGAL, "%s is out of reach: occupied, impassable, beyond the allowance or behind a hex "
                                     "that stops the move (CCN-BASE-07)",
                   hn);
        return;
    }
    if (s->stage == CCN_S_RETREAT && t == CCN_A_RETREAT) {
        wg__seterr(err, WG_EILLEGAL, "a retreat goes toward the own baseline, into an empty hex the unit may enter "
                                     "(CCN-DEC-13)");
        return;
    }
    wg__seterr(err, WG_EILLEGAL, "that action is not an option now");
}

int ccn_attack_total(const wg_game *g, uint32_t arg)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int u = CCN_ATK_U(arg), t = CCN_ATK_T(arg), melee = CCN_ATK_MELEE(arg), ca = CCN_ATK_CA(arg);
    if (u >= s->nunit || t >= s->nunit || ca >= s->nunit)
        return 0;
    int n = ccn_attack_dice(rd, s, u, t, melee, 0, NULL, 0);
    if (n > 0 && ca >= 0 && melee)
        n += ccn_attack_dice(rd, s, ca, t, 1, 0, NULL, 0);
    return n > CCN_MAXDICE ? CCN_MAXDICE : n;
}

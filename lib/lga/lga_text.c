/* La Grande Armée: option labels, decision and event texts, state pictures, "why not" explanations. */
#include "lga_seq.h"

#include <string.h>

static const char *const nat_abbr[5] = {"Fr", "Au", "Pr", "Sx", "Ru"};
static const char *const type_abbr[5] = {"Inf", "Cav", "Ldr", "Sup", "Dep"};

void lga_hex_text(const wg_game *g, int hex, wg_sb *sb)
{
    const lga_rdata *rd = lga_rd(g);
    const char *name = NULL;
    char num[8];
    if (lga_hex_number(&rd->board, hex, num) < 0) {
        wg__sb_printf(sb, "off-map");
        return;
    }
    wg__sb_printf(sb, "%s", num);
    if (g->map && wg_map_name(&name, g->map, hex) == WG_OK && name && name[0])
        wg__sb_printf(sb, " %s", name);
}

/* A unit's words; with mark, its state marks (" [disrupted]"): a piece shows them, an event names the
   unit as it was. */
static void unit_text(const wg_game *g, int ui, wg_sb *sb, int mark)
{
    const lga_state *s = lga_st(g);
    const lga_rdata *rd = lga_rd(g);
    if (ui < 0 || ui >= s->nunits) {
        wg__sb_printf(sb, "unit ?");
        return;
    }
    const lga_unit *u = &s->u[ui];
    const char *na = u->nat < 5 ? nat_abbr[u->nat] : "?";
    if (u->type == LGA_LEADER && u->name != 0xffff && rd->scen.src)
        wg__sb_printf(sb, "%s %s (%c %d/%d)", na, rd->scen.src->spec[u->name].name, u->letter ? u->letter : '?',
                      u->off, u->def);
    else if (u->type == LGA_LEADER || u->type == LGA_DEPOT)
        wg__sb_printf(sb, "%s %s (%d)-%d #%u", na, type_abbr[u->type], u->str, u->ma, (unsigned)u->id);
    else
        wg__sb_printf(sb, "%s %s %d-%d #%u", na, u->type < 5 ? type_abbr[u->type] : "?", u->str, u->ma,
                      (unsigned)u->id);
    if (u->dis && mark)
        wg__sb_printf(sb, " [disrupted]");
}

void lga_unit_text(const wg_game *g, int ui, wg_sb *sb)
{
    unit_text(g, ui, sb, 1);
}

static const char *const fm_kind_names[5] = {"no forced march", "double forced march with Forced March Supply",
                                             "double forced march (roll on the table)",
                                             "triple forced march (roll on the table)",
                                             "free forced march (1805 Game-Turn 3)"};

int lga_label(const wg_game *g, uint64_t a, wg_sb *sb)
{
    const lga_state *s = lga_st(g);
    int k = LGA_AK(a), x = LGA_AA(a), y = LGA_AB(a), z = LGA_AC(a);
    switch (k) {
    case LGA_A_END:
        switch (s->mode) {
        case LGA_M_SELECT: wg__sb_printf(sb, "end the Movement Phase"); break;
        case LGA_M_DECLARE: wg__sb_printf(sb, "no more attacks"); break;
        case LGA_M_CREATE: wg__sb_printf(sb, "end the Player-Turn"); break;
        default: wg__sb_printf(sb, "done");
        }
        break;
    case LGA_A_SELECT:
        wg__sb_printf(sb, "move ");
        lga_unit_text(g, x, sb);
        wg__sb_printf(sb, " from ");
        lga_hex_text(g, s->u[x].hex, sb);
        break;
    case LGA_A_FM:
        wg__sb_printf(sb, "%s", x >= 0 && x < 5 ? fm_kind_names[x] : "?");
        if (x == 1) {
            wg__sb_printf(sb, " from ");
            lga_unit_text(g, y, sb);
        }
        break;
    case LGA_A_DEST: {
        wg__sb_printf(sb, "move ");
        lga_unit_text(g, s->cur, sb);
        wg__sb_printf(sb, " ");
        lga_hex_text(g, s->u[s->cur].hex, sb);
        wg__sb_printf(sb, " -> ");
        lga_hex_text(g, x, sb);
        break;
    }
    case LGA_A_STOP: wg__sb_printf(sb, s->mode == LGA_M_PLACE ? "do not place it now" : "stop here"); break;
    case LGA_A_STEP:
        wg__sb_printf(sb, "step ");
        lga_unit_text(g, s->cur, sb);
        wg__sb_printf(sb, " to ");
        lga_hex_text(g, x, sb);
        wg__sb_printf(sb, " and go on");
        break;
    case LGA_A_FACE: wg__sb_printf(sb, "die roll %d", x); break;
    case LGA_A_HALT: wg__sb_printf(sb, "halt the forced march (Op)"); break;
    case LGA_A_AGAIN: wg__sb_printf(sb, "roll again (Op)"); break;
    case LGA_A_PLACESEL:
        wg__sb_printf(sb, "place reinforcement ");
        lga_unit_text(g, x, sb);
        break;
    case LGA_A_PLACE:
        wg__sb_printf(sb, "place ");
        lga_unit_text(g, s->cur, sb);
        wg__sb_printf(sb, " on ");
        lga_hex_text(g, x, sb);
        break;
    case LGA_A_BREAKDOWN:
        wg__sb_printf(sb, "break down ");
        lga_unit_text(g, x, sb);
        break;
    case LGA_A_COMBINE:
        wg__sb_printf(sb, "combine %s %d-%d units on ", y < 5 ? type_abbr[y] : "?", z & 0xff, (z >> 8) & 0xff);
        lga_hex_text(g, x, sb);
        break;
    case LGA_A_ELIM:
        wg__sb_printf(sb, "eliminate ");
        lga_unit_text(g, x, sb);
        break;
    case LGA_A_DECLARE:
        if (z & LGA_DF_COMBINED) {
            wg__sb_printf(sb, "combined attack on the Fortress ");
            lga_hex_text(g, y, sb);
        } else {
            wg__sb_printf(sb, "attack from ");
            lga_hex_text(g, x, sb);
            wg__sb_printf(sb, " on ");
            lga_hex_text(g, y, sb);
            if (z & LGA_DF_RIVER_HEXES)
                wg__sb_printf(sb, " (with the hexes across rivers)");
        }
        break;
    case LGA_A_DROP:
        wg__sb_printf(sb, "leave ");
        lga_unit_text(g, x, sb);
        wg__sb_printf(sb, " out of the attack");
        break;
    case LGA_A_FORTSUP:
        wg__sb_printf(sb, "give ");
        lga_unit_text(g, x, sb);
        wg__sb_printf(sb, " the free supply of the Fortress at ");
        lga_hex_text(g, s->u[x].hex, sb);
        break;
    case LGA_A_SUPPLY:
        wg__sb_printf(sb, "use supply ");
        lga_unit_text(g, x, sb);
        wg__sb_printf(sb, " at ");
        lga_hex_text(g, s->u[x].hex, sb);
        break;
    case LGA_A_RBC:
        wg__sb_printf(sb, "retreat before combat ");
        lga_unit_text(g, x, sb);
        break;
    case LGA_A_BATTLE:
        wg__sb_printf(sb, "resolve the attack on ");
        lga_hex_text(g, s->battles[x].target[0], sb);
        break;
    case LGA_A_RETREAT:
        wg__sb_printf(sb, "retreat ");
        lga_unit_text(g, s->mode == LGA_M_RETREAT ? s->rq[s->rq_i] : s->cur, sb);
        wg__sb_printf(sb, " to ");
        lga_hex_text(g, x, sb);
        break;
    case LGA_A_ADVANCE:
        wg__sb_printf(sb, "advance ");
        lga_unit_text(g, x, sb);
        wg__sb_printf(sb, " into ");
        lga_hex_text(g, y, sb);
        break;
    case LGA_A_CREATE:
        wg__sb_printf(sb, "create a Supply unit at the Depot on ");
        lga_hex_text(g, s->u[x].hex, sb);
        break;
    case LGA_A_AUTOPLACE: wg__sb_printf(sb, "place the rest of the set-up automatically"); break;
    case LGA_A_AUTOELIM:
        wg__sb_printf(sb, "automatic elimination from ");
        lga_hex_text(g, x, sb);
        wg__sb_printf(sb, " of ");
        lga_hex_text(g, y, sb);
        if (z > 0) {
            wg__sb_printf(sb, ", expending the Combat Supply of ");
            lga_unit_text(g, z - 1, sb);
        } else {
            wg__sb_printf(sb, ", without Combat Supply (half strength)");
        }
        break;
    case LGA_A_EXIT:
        wg__sb_printf(sb, "move ");
        lga_unit_text(g, x, sb);
        wg__sb_printf(sb, " off the south edge");
        break;
    default: wg__sb_printf(sb, "action %llx", (unsigned long long)a);
    }
    return WG_OK;
}

static const char *const mode_text[] = {
    "",
    "initial placement",
    "Movement Phase: choose a unit, a reinforcement, a combination, or end the phase",
    "declare the forced march of the unit",
    "choose the destination of the unit",
    "forced march: first die roll",
    "forced march Op result: halt or roll again",
    "forced march: second die roll",
    "choose the hex of the reinforcement",
    "end of the Movement Phase: combine units",
    "eliminate excess Prussian units in a Prussian Fortress",
    "Combat Phase (a): declare attacks",
    "Combat Phase (a): choose the units of the attack",
    "Combat Phase (a): allocate attacker supply",
    "eliminate units of an illegal stack",
    "Combat Phase (b): Retreat Before Combat",
    "Combat Phase (b): destination of the retreat before combat",
    "Combat Phase (c): allocate defender supply",
    "Combat Phase (d): choose the next battle",
    "Combat Results Table die roll",
    "half exchange: choose the attacking units lost",
    "choose the retreat hex",
    "Combat Phase (e): advance after combat",
    "Supply Creation Phase",
    "place the special reinforcements",
    "the game is over",
};

void lga_decision_text(const wg_game *g, wg_sb *sb)
{
    const lga_state *s = lga_st(g);
    static const char *const pn[2] = {"Allied", "French"};
    int m = s->mode;
    wg__sb_printf(sb, "Game-Turn %d, %s Player-Turn: %s", s->turn, pn[s->pturn & 1],
                  m > 0 && m < (int)(sizeof mode_text / sizeof mode_text[0]) ? mode_text[m] : "?");
}

/* A unit as recorded in an event (its id a[6], its values a[7]), falling back to its current state. */
static void ev_unit(const wg_game *g, const wg_event *e, wg_sb *sb)
{
    uint32_t d = (uint32_t)e->a[7];
    const lga_state *s = lga_st(g);
    int ui = e->a[0];
    if (!(d & (1u << 30)) || (ui >= 0 && ui < s->nunits && s->u[ui].type == LGA_LEADER)) {
        unit_text(g, ui, sb, 0);
        return;
    }
    int nat = d & 15, type = (d >> 4) & 15, str = (d >> 8) & 255, ma = (d >> 16) & 255;
    const char *na = nat < 5 ? nat_abbr[nat] : "?";
    if (type == LGA_DEPOT)
        wg__sb_printf(sb, "%s %s (%d)-%d #%d", na, type_abbr[type], str, ma, (int)e->a[6]);
    else
        wg__sb_printf(sb, "%s %s %d-%d #%d", na, type < 5 ? type_abbr[type] : "?", str, ma, (int)e->a[6]);
}

void lga_event_text(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb)
{
    const int *a = e->a;
    (void)viewer;
    switch (e->kind) {
    case LGA_EV_MOVE:
        ev_unit(g, e, sb);
        wg__sb_printf(sb, " moves to ");
        lga_hex_text(g, a[2], sb);
        wg__sb_printf(sb, " (%d MP)", a[3]);
        break;
    case LGA_EV_ELIM:
        ev_unit(g, e, sb);
        if (e->rule && strcmp(e->rule, "LGA-SUPPLY-06") == 0) {
            wg__sb_printf(sb, " is used up and removed");
        } else if (e->rule && strcmp(e->rule, "LGA-SCEN-08") == 0 && a[1] < 0) {
            wg__sb_printf(sb, " is lost: it could not be placed");
        } else {
            wg__sb_printf(sb, " is eliminated at ");
            lga_hex_text(g, a[1], sb);
        }
        break;
    case LGA_EV_DISRUPT: ev_unit(g, e, sb); wg__sb_printf(sb, " is disrupted"); break;
    case LGA_EV_RECOVER: ev_unit(g, e, sb); wg__sb_printf(sb, " recovers from disruption"); break;
    case LGA_EV_FMROLL: {
        static const char *const res[5] = {"?", "success", "Op", "d (disrupted)", "e (eliminated)"};
        ev_unit(g, e, sb);
        wg__sb_printf(sb, " forced march: die %d, modified %d: %s", a[1], a[2], a[3] >= 0 && a[3] < 5 ? res[a[3]] : "?");
        break;
    }
    case LGA_EV_FMRESULT: ev_unit(g, e, sb); wg__sb_printf(sb, " halts its forced march"); break;
    case LGA_EV_COMBINE: ev_unit(g, e, sb); wg__sb_printf(sb, " formed by combining %d units", a[2]); break;
    case LGA_EV_BREAKDOWN: ev_unit(g, e, sb); wg__sb_printf(sb, " formed by breakdown"); break;
    case LGA_EV_ATTACK:
        if (e->rule && strcmp(e->rule, "LGA-COMBAT-15") == 0)
            wg__sb_printf(sb, "battle %d: %d against %d, odds column %s", a[0] + 1, a[1], a[2],
                          a[3] >= 0 && a[3] < 11 ? lga_col_label[a[3]] : "?");
        else {
            wg__sb_printf(sb, "attack %d declared on ", a[0] + 1);
            lga_hex_text(g, a[2], sb);
        }
        break;
    case LGA_EV_SUPPLY_USED:
        ev_unit(g, e, sb);
        if (a[2] == 2) {
            wg__sb_printf(sb, " takes the free supply of the Fortress at ");
            lga_hex_text(g, a[1], sb);
        } else {
            wg__sb_printf(sb, " is used for supply");
        }
        break;
    case LGA_EV_CRT:
        if (a[2] < 0) {
            wg__sb_printf(sb, "battle %d: no combat (the defenders retreated or are gone)", a[0] + 1);
        } else {
            int src = a[3] >> 8, r1 = (a[3] >> 4) & 15, r2 = a[3] & 15;
            wg__sb_printf(sb, "battle %d: die %d at %s: %s%s%s (%s cell)", a[0] + 1, a[1], lga_col_label[a[2] & 15],
                          lga_result_name(r1), r2 ? " " : "", r2 ? lga_result_name(r2) : "",
                          src == WG_CELL_PRINTED ? "printed" : "supplied");
        }
        break;
    case LGA_EV_RETREAT:
        ev_unit(g, e, sb);
        wg__sb_printf(sb, " retreats ");
        lga_hex_text(g, a[1], sb);
        wg__sb_printf(sb, " -> ");
        lga_hex_text(g, a[2], sb);
        break;
    case LGA_EV_ADVANCE:
        ev_unit(g, e, sb);
        wg__sb_printf(sb, " advances into ");
        lga_hex_text(g, a[2], sb);
        break;
    case LGA_EV_CREATE: wg__sb_printf(sb, "a Depot creates a Supply unit at "); lga_hex_text(g, a[1], sb); break;
    case LGA_EV_ARRIVE: wg__sb_printf(sb, "special reinforcements %d arrive", a[0]); break;
    case LGA_EV_VP: wg__sb_printf(sb, "victory points now %d (%+d)", a[0], a[1]); break;
    case LGA_EV_CONTROL:
        lga_hex_text(g, a[0], sb);
        wg__sb_printf(sb, " is now controlled by the %s", a[1] ? "French" : "Allies");
        break;
    case LGA_EV_TRIGGER: wg__sb_printf(sb, "special reinforcements %d are triggered", a[0]); break;
    case LGA_EV_AUTOELIM:
        wg__sb_printf(sb, "automatic elimination from ");
        lga_hex_text(g, a[0], sb);
        wg__sb_printf(sb, " of ");
        lga_hex_text(g, a[1], sb);
        wg__sb_printf(sb, " (%d against %d)", a[2], a[3]);
        break;
    case LGA_EV_NOTHING: {
        const char *what = "nothing to decide: the segment ends";
        switch (a[1]) {
        case LGA_M_SELECT: what = "nothing to move: the Movement Phase ends"; break;
        case LGA_M_DECLARE: what = "no attack to declare"; break;
        case LGA_M_CREATE: what = "no Depot to create: the Player-Turn ends"; break;
        case LGA_M_ENDCOMBINE: what = "nothing to combine"; break;
        default: break;
        }
        wg__sb_printf(sb, "%s: %s", a[0] ? "French" : "Allied", what);
        break;
    }
    case LGA_EV_STEPCAP:
        wg__sb_printf(sb, "%s ends the segment: %d decisions in one phase (max_steps_per_phase)",
                      a[1] ? "French" : "Allied", a[0]);
        break;
    case LGA_EV_PHASE: {
        static const char *const ph[3] = {"Movement", "Combat", "Supply Creation"};
        wg__sb_printf(sb, "Game-Turn %d, %s %s Phase", a[0], a[1] ? "French" : "Allied", ph[a[2] % 3]);
        break;
    }
    case LGA_EV_GAMEEND: {
        const lga_rdata *rd = lga_rd(g);
        (void)rd;
        wg__sb_printf(sb, "game over: %d victory points, %s", a[0], wg__lga_level_name(a[1]));
        break;
    }
    case LGA_EV_EXIT: ev_unit(g, e, sb); wg__sb_printf(sb, " leaves the map by the south edge"); break;
    case LGA_EV_FORCED:
        wg__sb_printf(sb, "battle %d: %s", a[0] + 1,
                      a[2] ? "500% or more: automatic elimination" : "river attack below 160%: Ae");
        break;
    case LGA_EV_NOEFFECT: wg__sb_printf(sb, "battle %d: %s has no effect on a Fortress", a[0] + 1, lga_result_name(a[1])); break;
    case LGA_EV_HALFEX: wg__sb_printf(sb, "battle %d: half exchange, defenders %d, attacker must lose %d", a[0] + 1, a[1], a[2]); break;
    case LGA_EV_PLACE: ev_unit(g, e, sb); wg__sb_printf(sb, " is placed on "); lga_hex_text(g, a[1], sb); break;
    default: wg__sb_printf(sb, "event %d", e->kind);
    }
}

void lga_describe(const wg_game *g, int viewer, wg_sb *sb)
{
    const lga_state *s = lga_st(g);
    (void)viewer;
    lga_decision_text(g, sb);
    const lga_rdata *rdd = lga_rd(g);
    if (rdd->scen.src && s->turn >= 1 && s->turn <= rdd->scen.src->turns && rdd->scen.src->turn[s->turn].date[0])
        wg__sb_printf(sb, "\nDate: %s (Game-Turn %d of %d)", rdd->scen.src->turn[s->turn].date, s->turn,
                      rdd->scen.src->turns); /* the Game-Turn Track (LGA-S1805-30, LGA-S1806-21, LGA-S1809-17) */
    wg__sb_printf(sb, "\nVictory points: %d\n", s->vp);
    for (int side = 0; side < 2; side++) {
        int n = 0, str = 0;
        for (int i = 0; i < s->nunits; i++)
            if (s->u[i].st == LGA_US_MAP && s->u[i].side == side) {
                n++;
                if (lga_is_combat(&s->u[i]))
                    str += s->u[i].str;
            }
        wg__sb_printf(sb, "%s: %d units on the map, %d combat strength points\n", side ? "French" : "Allied", n, str);
    }
    for (int i = 0; i < s->nunits; i++) {
        if (s->u[i].st != LGA_US_MAP)
            continue;
        wg__sb_printf(sb, "  ");
        lga_unit_text(g, i, sb);
        wg__sb_printf(sb, " at ");
        lga_hex_text(g, s->u[i].hex, sb);
        wg__sb_printf(sb, "\n");
    }
}

void lga_result_text(const wg_game *g, wg_sb *sb)
{
    const lga_state *s = lga_st(g);
    const lga_rdata *rd = lga_rd(g);
    int lv = rd->scen.src ? wg__lga_level_of(rd->scen.src, s->vp) : 0;
    wg__sb_printf(sb, "%d victory points: %s%s", s->vp, wg__lga_level_name(lv), s->over ? "" : " (so far)");
}

void lga_why_not(const wg_game *g, uint64_t a, char *err)
{
    lga_run r;
    lga_run_init_const(&r, g);
    const lga_state *s = r.s;
    int k = LGA_AK(a), x = LGA_AA(a);
    if (k == LGA_A_SELECT && x >= 0 && x < s->nunits) {
        const lga_unit *u = &s->u[x];
        if (u->st != LGA_US_MAP || u->side != s->pturn)
            wg__seterr(err, WG_EILLEGAL, "unit %d is not a unit of the phasing player on the map (LGA-SEQ-03)", x);
        else if (u->dis)
            wg__seterr(err, WG_EILLEGAL, "unit %d is disrupted and may not move (LGA-DISRUPT-02)", x);
        else if (u->flags & LGA_UF_MOVED)
            wg__seterr(err, WG_EILLEGAL, "unit %d has already moved this phase (LGA-MOVE-02)", x);
        else
            wg__seterr(err, WG_EILLEGAL, "unit %d cannot move now (LGA-SEQ-03)", x);
        return;
    }
    if (k == LGA_A_DEST && s->mode == LGA_M_DEST && x >= 0 && x < r.b->nhex) {
        int ui = s->cur, from = s->u[ui].hex, d = lga_board_dir(r.b, from, x);
        if (d >= 0) {
            const char *why = lga_why_cannot_enter(&r, ui, from, x);
            char num[8];
            lga_hex_number(r.b, x, num);
            if (why) {
                wg__seterr(err, WG_EILLEGAL, "hex %s: %s", num, why);
                return;
            }
            int stop, c = lga_step_cost(&r, ui, from, x, d, &stop, NULL);
            wg__seterr(err, WG_EILLEGAL, "unit %d has %d MP left; entering hex %s costs %d (LGA-MOVE-03)", ui,
                       lga_unit_budget(&r), num, c);
            return;
        }
        /* a neighbour of x that blocks: report the rule of the cheapest blocked entry */
        for (int dd = 0; dd < 6; dd++) {
            int n = r.b->nb[x][dd];
            if (n < 0)
                continue;
            int zt = lga_zoc(&r, n, s->u[ui].side, 0);
            if (zt == LGA_ZOC_TOTAL && s->u[ui].type == LGA_CAV && lga_board_dir(r.b, from, n) >= 0) {
                char num[8];
                lga_hex_number(r.b, n, num);
                wg__seterr(err, WG_EILLEGAL, "hex %s is in an enemy total ZOC: cavalry must stop there (LGA-ZOC-06)",
                           num);
                return;
            }
        }
        char num[8];
        lga_hex_number(r.b, x, num);
        wg__seterr(err, WG_EILLEGAL,
                   "hex %s is not reachable by unit %d with %d MP (terrain, hex-sides, stacking and zones of "
                   "control: LGA-MOVE-03, LGA-ZOC-05)",
                   num, ui, lga_unit_budget(&r));
        return;
    }
    int valid_unit = x >= 0 && x < s->nunits;
    const lga_unit *xu = valid_unit ? &s->u[x] : NULL;
    switch (k) {
    case LGA_A_FM:
        if (x == 3)
            wg__seterr(err, WG_EILLEGAL, "only Infantry units may attempt a Triple Forced March (LGA-FMARCH-02)");
        else if (x == 1)
            wg__seterr(err, WG_EILLEGAL,
                       "Forced March Supply needs a usable Supply unit stacked with or adjacent to the unit at the "
                       "start of the phase, not for units that arrived this phase (LGA-FMARCH-03, LGA-GAP-28)");
        else if (x == 4)
            wg__seterr(err, WG_EILLEGAL,
                       "only the 1805 Game-Turn 3 French reinforcements march free (LGA-FMARCH-16)");
        else
            wg__seterr(err, WG_EILLEGAL, "no such forced march choice now (LGA-FMARCH-01)");
        return;
    case LGA_A_BREAKDOWN:
    case LGA_A_COMBINE:
        if (s->started && s->mode == LGA_M_SELECT)
            wg__seterr(err, WG_EILLEGAL,
                       "units combine or break down at the start of the Movement Phase, before any unit moves; at its "
                       "end they may only combine (LGA-COMBINE-01, LGA-COMBINE-02)");
        else if (xu && k == LGA_A_BREAKDOWN && xu->dis)
            wg__seterr(err, WG_EILLEGAL, "a disrupted unit may not break down (LGA-COMBINE-07)");
        else if (k == LGA_A_COMBINE && s->mode == LGA_M_ENDCOMBINE)
            wg__seterr(err, WG_EILLEGAL,
                       "at the end of the phase each combining unit needs one MP left after stacking costs "
                       "(LGA-COMBINE-06)");
        else
            wg__seterr(err, WG_EILLEGAL,
                       "only undisrupted Combat units shown on the Combine/Breakdown Chart combine or break down, "
                       "units of one nationality on one hex (LGA-COMBINE-04, LGA-COMBINE-14, LGA-GAP-30)");
        return;
    case LGA_A_RBC: {
        const char *why = NULL;
        int b = -1;
        for (int i = 0; xu && i < s->nbattles && b < 0; i++)
            for (int t = 0; t < s->battles[i].ntarget; t++)
                if (s->battles[i].target[t] == xu->hex)
                    b = i;
        if (s->mode != LGA_M_RBC)
            wg__seterr(err, WG_EILLEGAL, "Retreat Before Combat happens in segment (b) (LGA-RBC-01)");
        else if (b < 0)
            wg__seterr(err, WG_EILLEGAL, "only attacked units may Retreat Before Combat (LGA-RBC-01)");
        else if (!lga_rbc_allowed(&r, x, b, &why))
            wg__seterr(err, WG_EILLEGAL, "%s", why ? why : "that unit may not Retreat Before Combat");
        else
            wg__seterr(err, WG_EILLEGAL, "no legal retreat path: the unit must defend (LGA-RBC-06, LGA-RBC-07)");
        return;
    }
    case LGA_A_DECLARE:
        if (s->mode != LGA_M_DECLARE)
            wg__seterr(err, WG_EILLEGAL, "attacks are declared in segment (a) of the Combat Phase (LGA-COMBAT-18)");
        else
            wg__seterr(err, WG_EILLEGAL,
                       "no such attack: undisrupted Combat units that have not attacked, all on one hex, against an "
                       "adjacent Enemy hex (LGA-COMBAT-01, LGA-COMBAT-02, LGA-COMBAT-03, LGA-DISRUPT-02)");
        return;
    case LGA_A_SUPPLY:
        if (xu && xu->dis)
            wg__seterr(err, WG_EILLEGAL, "a disrupted Supply unit may not be used for supply (LGA-SUPPLY-13)");
        else if (xu && (xu->flags & LGA_UF_SUP_FM))
            wg__seterr(err, WG_EILLEGAL,
                       "a Supply unit used for Forced March Supply may not give stacking or combat supply "
                       "(LGA-FMARCH-05)");
        else
            wg__seterr(err, WG_EILLEGAL,
                       "a Supply unit supplies units on its own or an adjacent hex, once (LGA-SUPPLY-14, "
                       "LGA-SUPPLY-04)");
        return;
    case LGA_A_FORTSUP:
        wg__seterr(err, WG_EILLEGAL,
                   "a Fortress supplies up to 18 points of its owner's Combat units in combat, chosen in the "
                   "supply segment among those not otherwise supplied (LGA-FORT-02, LGA-GAP-53)");
        return;
    case LGA_A_ADVANCE:
        wg__seterr(err, WG_EILLEGAL,
                   "advance only into a vacated hex after an attack across a river, against a Fortress or whose "
                   "defenders all retreated before combat, never after Ae, Ars or Ar1, and only with the units of "
                   "that attack (LGA-COMBAT-19, LGA-COMBAT-20, LGA-COMBAT-21)");
        return;
    case LGA_A_CREATE:
        wg__seterr(err, WG_EILLEGAL,
                   "a Depot creates one Supply unit per Friendly Player-Turn if it did not move, is not disrupted "
                   "and not surrounded (LGA-SUPPLY-08, LGA-SUPPLY-09)");
        return;
    case LGA_A_PLACE:
        wg__seterr(err, WG_EILLEGAL,
                   "that hex is not in the unit's placement zone, holds Enemy units, or splits a one-hex group "
                   "(LGA-SCEN-03, LGA-SCEN-08)");
        return;
    case LGA_A_RETREAT:
        wg__seterr(err, WG_EILLEGAL,
                   "not a legal retreat: no unbridged river or lake hex-side, no Mountain, no Enemy unit, no hex "
                   "twice, fewest Enemy-controlled hexes, toward the nearest Friendly Fortress (LGA-RETREAT-05, "
                   "LGA-RETREAT-07, LGA-RETREAT-08)");
        return;
    case LGA_A_END:
        if (s->mode == LGA_M_SELECT)
            wg__seterr(err, WG_EILLEGAL,
                       "place the reinforcements that can still be placed first (option reinforce_optional=1 allows "
                       "losing them, LGA-SCEN-08)");
        else
            wg__seterr(err, WG_EILLEGAL, "this decision has no \"done\" option: one of its options must be taken");
        return;
    default:
        wg__seterr(err, WG_EILLEGAL, "that action is not an option of the current decision (%s)",
                   s->mode == LGA_M_OVER ? "the game is over" : "see the option list");
    }
}

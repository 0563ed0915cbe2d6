/* Les Aigles: phase 4 fire, phase 5 melee and the morale tests (checklist LA-FIRE, LA-MELEE,
   LA-MELEERES, LA-MORALE, LA-MORALERES, LA-ROUT, LA-FLIGHT, LA-PRISON): the situations the factor
   tables read, the losses and their figures, the results and what they make the units do. */
#include "aigles.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- fire (phase 4) */

/* Enemies in sight and in range of some figure's arc; none in a melee (G-42). */
int lg_fire_targets(const wg_game *g, int i, int *targets, int cap)
{
    const lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    int32_t range = lg_fire_range(g, i, &u);
    if (range <= 0)
        return 0;
    int n = 0;
    for (int j = 0; j < s->nunit && n < cap; j++) {
        if (!lg_active(s, j) || lg_side(g, j) == lg_side(g, i) || s->u[j].melee_with >= 0)
            continue;
        la_unit t;
        lg_unit_of(&t, g, j);
        int figs = 0;
        if (la_firing_figures(&figs, &u, &t, range, g->tables, lg_scale_of(g)) != WG_OK || figs <= 0)
            continue;
        if (!lg_sees(g, i, j))
            continue;
        targets[n++] = j;
    }
    return n;
}

int lg_may_fire(const wg_game *g, int i)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[i];
    if (!lg_active(s, i) || x->marker != LG_M_FIRE || x->melee_with >= 0 || x->change_left > 0)
        return 0;
    if (x->morale != LA_OBEY && x->morale != LA_HALT)
        return 0;
    int t[LG_MAX];
    return lg_fire_targets(g, i, t, LG_MAX) > 0;
}

/* The elite rule over the unit's figures (LA-MELEE-10, G-41): the value of the characteristics used
   and the die bonus. */
/* The elite rule over the figures that fight (LA-MELEE-10, LA-FIRE-16, G-41): the first `fighting`
   figures of the unit in the order of its companies (the leading companies stand in the front rank),
   all of them when `fighting` is 0 or more than the unit holds. */
static void characteristics(const wg_game *g, int i, const la_unit *u, int melee, int fighting, int *value,
                            int *die_plus, int *charge)
{
    int nel = 0, noth = 0, left = fighting > 0 ? fighting : la_unit_figures(u);
    for (int c = 0; c < u->ncomp && left > 0; c++) {
        int f = u->comp[c].figures < left ? u->comp[c].figures : left;
        left -= f;
        if (u->comp[c].elite)
            nel += f;
        else
            noth += f;
    }
    int elite_chars = 0;
    la_elite_rule(die_plus, &elite_chars, nel, noth);
    int best = -1, bfig = -1;
    for (int c = 0; c < u->ncomp; c++) {
        if (u->comp[c].figures <= 0 || (!elite_chars && u->comp[c].elite && noth > 0))
            continue;
        if (u->comp[c].figures > bfig) {
            bfig = u->comp[c].figures;
            best = c;
        }
    }
    if (best < 0)
        best = 0;
    (void)g;
    (void)i;
    *value = melee ? u->comp[best].combat : u->comp[best].fire;
    if (charge)
        *charge = u->comp[best].charge;
}

int lg_fire_setup(const wg_game *g, int firer, int target, la_fire *f, int *kind, la_applied *ap, int *nap, char *err)
{
    const lg_rdata *rd = LG_RD(g);
    la_unit u, t;
    lg_unit_of(&u, g, firer);
    lg_unit_of(&t, g, target);
    int32_t range = lg_fire_range(g, firer, &u);
    int figs = 0;
    la_firing_figures(&figs, &u, &t, range, g->tables, lg_scale_of(g));
    if (figs > 29)
        figs = 29; /* the loss table's last column */
    int32_t dist = lg_gap(g, firer, target);
    la_fire_situation fs;
    memset(&fs, 0, sizeof fs);
    fs.firer = &u;
    fs.target = &t;
    fs.kind = LA_FIRE_LIGHT;
    fs.distance = dist;
    const la_type *ty = lg_type_of(g, firer, 0);
    if (lg_is_art(u.arm) && ty->calibre >= 0) {
        const la_calibre *c = &rd->army.calibre[ty->calibre];
        int sc = lg_scale_of(g);
        fs.canister = c->canister.v[sc] * WG_TABLE_UNIT;
        fs.rebound = c->rebound.v[sc] * WG_TABLE_UNIT;
        fs.max_range = c->max.v[sc] * WG_TABLE_UNIT;
        fs.max_ranks = c->ranks;
        fs.kind = dist <= fs.canister ? LA_FIRE_CANISTER : LA_FIRE_ROUND_SHOT;
    } else {
        fs.beyond_half_range = dist * 2 > range;
    }
    uint32_t fl = 0;
    lg_area_flags_at(g, lg_centre_of(g, target), &fl);
    fs.cover = (fl & rd->hard_flag) ? LA_COVER_HARD : (fl & rd->light_flag) ? LA_COVER_LIGHT : LA_COVER_NONE;
    fs.target_charging = LG_ST(g)->u[target].marker == LG_M_CHARGE && LG_ST(g)->u[target].charge_target == firer;
    int sum = 0;
    int rc = la_fire_factors(&sum, ap, nap, err, g->tables, &fs);
    if (rc != WG_OK)
        return rc;
    int value = 0, dp = 0;
    characteristics(g, firer, &u, 0, u.front, &value, &dp, NULL); /* the first rank fires (LA-FIRE-15) */
    f->value = value;
    f->factors = sum;
    f->figures = figs;
    f->die_plus = dp;
    f->half = LG_ST(g)->u[firer].moved; /* a unit that moved fires for half the period (G-15) */
    *kind = fs.kind;
    return WG_OK;
}

/* ---------------------------------------------------------------- melee (phase 5) */

/* The charisma of the best officer of the unit's side whose base touches the unit, -1 for none. */
static int contact_charisma(const wg_game *g, int unit, const la_unit *u)
{
    const lg_rdata *rd = LG_RD(g);
    wg_quad q, o;
    if (la_unit_footprint(&q, u, g->tables, rd->battle.scale) != WG_OK)
        return -1;
    int best = -1;
    for (int k = 0; k < rd->battle.nofficer; k++) {
        la_officer of;
        lg_officer_of(&of, g, k);
        if (LG_ST(g)->o[k].off || of.side != lg_side(g, unit) ||
            la_officer_base(&o, &of, g->tables, rd->battle.scale) != WG_OK)
            continue;
        if (wg__poly_within(o.p, 4, q.p, 4, WG_TABLE_UNIT) && of.charisma > best)
            best = of.charisma;
    }
    return best;
}

/* The unit's troop type in the equivalence table (T2/T3). */
static int eq_type(const la_unit *u)
{
    if (u->formation == LA_SKIRMISH)
        return LA_EQ_SKIRMISH;
    if (u->formation == LA_FORAGING)
        return LA_EQ_FORAGING;
    if (u->arm == LA_IRREGULAR_CAVALRY)
        return LA_EQ_SKIRMISH; /* with skirmishers (LA-SCALE-11) */
    return lg_is_cav(u->arm) || lg_is_art(u->arm) ? LA_EQ_CAVALRY : LA_EQ_CLOSE;
}

int lg_melee_setup(const wg_game *g, int a, int b, la_melee_side *ms, la_applied *ap, int *nap, char *err)
{
    const lg_state *s = LG_ST(g);
    const lg_unit *x = &s->u[a], *y = &s->u[b];
    la_unit ua, ub;
    lg_unit_of(&ua, g, a);
    lg_unit_of(&ub, g, b);
    la_melee_situation m;
    memset(&m, 0, sizeof m);
    m.unit = &ua;
    m.opponent = &ub;
    m.turn = x->melee_turns + 1;
    m.fresh = x->melee_turns == 0 && x->lost_men == 0;
    m.losses_last_fire = x->losses_turn;
    if (lg_is_foot(ua.arm) && x->effective && ua.formation != LA_LINE) {
        int r = la_unit_counted_ranks(&ua) - 1;
        m.charge_ranks = r > 2 ? 2 : r;
    }
    /* on the opponent's flank or rear: T16/T17's first-turn row, then the established melee's (G-28) */
    m.flank_or_rear = y->face != WG__FACE_FRONT;
    m.square_unbroken = lg_is_cav(ua.arm) && lg_is_square(ub.formation) && x->melee_turns > 0;
    uint32_t fl = 0;
    int area = lg_area_flags_at(g, lg_centre_of(g, b), &fl);
    const lg_rdata *rd = LG_RD(g);
    m.opp_position = LA_OPP_OPEN;
    if (area >= 0) {
        int terr = -1;
        const char *tn = NULL;
        wg_map_terrain(&terr, g->map, area);
        wg_map_terrain_name(&tn, g->map, terr);
        if (tn && strcmp(tn, "village") == 0)
            m.opp_position = LA_OPP_VILLAGE;
        else if (tn && strcmp(tn, "redoubt") == 0)
            m.opp_position = LA_OPP_REDOUBT;
        else if (fl & rd->hard_flag)
            m.opp_position = LA_OPP_HARD_COVER;
        else if (fl & rd->light_flag)
            m.opp_position = LA_OPP_LIGHT_COVER;
    }
    m.opp_artillery_close = lg_is_art(ub.arm) && ub.formation == LA_IN_BATTERY;
    /* above the opponent on a slope: the ground under its front higher than under the opponent's
       (LA-TERRAIN-03) */
    m.above_on_slope = wg__map_table_level_at(g->map, ua.ref) > wg__map_table_level_at(g->map, ub.ref);
    int sum = 0;
    int rc = la_melee_factors(&sum, ap, nap, err, g->tables, &m);
    if (rc != WG_OK)
        return rc;
    /* the figures fighting: those in contact, one more at the end for the wider front (LA-MELEE-02),
       all of them from the second turn (LA-MELEE-03) */
    int figs = la_unit_figures(&ua);
    if (x->melee_turns == 0) {
        /* the opponent's front counted in this unit's figures by the equivalence of the bases
           (LA-SCALE-11..15, LA-MELEE-18; G-08's computed reading of T2/T3) */
        int fa = ua.front, ta = eq_type(&ua), tb = eq_type(&ub);
        if (la_equivalence(fa, ta, tb) <= ub.front) {
            figs = fa; /* the smaller front: all of it in contact (LA-SCALE-12) */
        } else {
            /* the wider: the figures the opponent's front equals, and an overlap figure at each end
               where its strength allows, none against a square (LA-MELEE-02, LA-SCALE-12, -14) */
            figs = la_equivalence(ub.front, tb, ta);
            if (!lg_is_square(ub.formation))
                figs += 2;
            if (figs > fa)
                figs = fa;
        }
    }
    if (figs > 29)
        figs = 29;
    if (figs < 1)
        figs = 1;
    /* the elite rule over those figures: the first turn's in contact, the whole unit's after
       (LA-MELEE-10 .. -12) */
    int value = 0, dp = 0, charge = 0;
    characteristics(g, a, &ua, 1, x->melee_turns == 0 ? figs : 0, &value, &dp, &charge);
    memset(ms, 0, sizeof *ms);
    ms->combat = value;
    ms->charging = x->effective && x->melee_turns == 0;
    ms->charge = ms->charging ? charge : 0;
    ms->factors = sum;
    ms->figures = figs;
    ms->die_plus = dp;
    ms->charisma = contact_charisma(g, a, &ua); /* T29's row (LA-DICEMOD-01, -02) */
    return WG_OK;
}

int lg_push_test(lg_state *s, int unit, int occ, int mod, int from)
{
    if (s->ntest >= LG_MAX_TESTS)
        return WG_OK; /* bounded: a test beyond is not taken (64 in one step cannot happen with 64 units) */
    for (int k = s->nfirst; k < s->ntest; k++)
        if (s->test[k].unit == unit && s->test[k].occ == occ)
            return WG_OK;
    s->test[s->ntest].unit = (int8_t)unit;
    s->test[s->ntest].occ = (int8_t)occ;
    s->test[s->ntest].mod = (int8_t)mod;
    s->test[s->ntest].from = (int8_t)from;
    s->ntest++;
    return WG_OK;
}

static int end_melee(wg_game *g, int a, int b)
{
    lg_state *s = LG_ST(g);
    if (a >= 0 && s->u[a].melee_with == b)
        s->u[a].melee_with = -1;
    if (b >= 0 && s->u[b].melee_with == a)
        s->u[b].melee_with = -1;
    return WG_OK;
}

/* Both dice rolled: the losses each side inflicts (T29, T28), figures removed, the loser falls back
   30/20 paces and tests at the end of the period (LA-MELEE-13, LA-MELEERES-01, LA-MORALE-03). */
int lg_fight(wg_game *g, int a, int b, int die_a, int die_b)
{
    lg_state *s = LG_ST(g);
    la_melee_side sa, sb;
    la_applied ap[LA_MAX_APPLIED];
    int nap = 0;
    int rc = lg_melee_setup(g, a, b, &sa, ap, &nap, g->err);
    if (rc == WG_OK)
        rc = lg_melee_setup(g, b, a, &sb, ap, &nap, g->err);
    if (rc != WG_OK)
        return rc;
    int la = 0, lb = 0; /* losses inflicted by a, by b */
    if ((rc = la_melee_losses(&la, g->err, g->tables, &sa, die_a)) != WG_OK)
        return rc;
    if ((rc = la_melee_losses(&lb, g->err, g->tables, &sb, die_b)) != WG_OK)
        return rc;
    for (int k = 0; k < 2; k++) {
        const la_melee_side *ms = k ? &sb : &sa;
        int d = (k ? die_b : die_a) + (ms->die_plus > 0), random = 0;
        la_cell_int(&random, g->tables[LA_T29], ms->charisma < 0 ? 0 : ms->charisma, (d > 6 ? 6 : d) - 1);
        LG_EV(g, LG_E_MELEE, "LA-MELEE-13", ~0u);
        e_->a[0] = k ? b : a;
        e_->a[1] = k ? a : b;
        e_->a[2] = k ? die_b : die_a;
        e_->a[3] = k ? lb : la;
        e_->a[4] = ms->combat + ms->charge + ms->factors + random; /* the loss table's row */
        e_->a[5] = ms->figures;
        e_->a[6] = ms->charisma;
    }
    lg_unit *x = &s->u[a], *y = &s->u[b];
    x->last_melee_loss = (int16_t)lb;
    y->last_melee_loss = (int16_t)la;
    x->last_melee_inflicted = (int16_t)la;
    y->last_melee_inflicted = (int16_t)lb;
    x->fought = y->fought = 1;
    lg_officers_hit(g, b, la, lg_figures(y), 1); /* LA-OFFLOSS-02 */
    lg_officers_hit(g, a, lb, lg_figures(x), 1);
    if ((rc = lg_take_losses(g, b, la, "LA-MELEE-13")) != WG_OK)
        return rc;
    if ((rc = lg_take_losses(g, a, lb, "LA-MELEE-13")) != WG_OK)
        return rc;
    int lose = la_melee_loser(lb, la); /* 0: a suffered more */
    /* a fatigue point a melee turn (LA-MELEE-08), but for a square that wins its first turn against
       cavalry: it inflicts more losses than it suffers (LA-MELEE-09, G-25) */
    for (int k = 0; k < 2; k++) {
        lg_unit *z = k ? y : x;
        la_unit uz, uo;
        lg_unit_of(&uz, g, k ? b : a);
        lg_unit_of(&uo, g, k ? a : b);
        int won = lose == (k ? 0 : 1);
        if (z->melee_turns == 0 && lg_is_square(uz.formation) && lg_is_cav(uo.arm) && won)
            continue;
        if (z->fatigue < 9)
            z->fatigue++;
    }
    x->melee_turns++;
    y->melee_turns++;
    int loser = lose == 0 ? a : lose == 1 ? b : -1;
    int winner = lose == 0 ? b : lose == 1 ? a : -1;
    int fell = 0;
    const char *rule = "LA-MELEERES-01";
    if (loser >= 0) {
        lg_unit *l = &s->u[loser], *w = &s->u[winner];
        la_unit ul, uw;
        lg_unit_of(&ul, g, loser);
        lg_unit_of(&uw, g, winner);
        w->wins++;
        w->lost_streak = 0;
        l->lost_streak++;
        l->wins = 0;
        int suffered = loser == a ? lb : la, inflicted = loser == a ? la : lb;
        /* special cases (LA-MELEERES-07, -08, -10, -11) */
        if (lg_is_cav(ul.arm) && lg_is_cav(uw.arm) && suffered * 2 >= inflicted * 3 && l->cohesion < LA_WITHOUT_FORMATION) {
            l->cohesion = LA_WITHOUT_FORMATION;
            rule = "LA-MELEERES-10";
        } else if (lg_is_foot(ul.arm) && (lg_is_square(ul.formation) || ul.formation == LA_MASS) && lg_is_cav(uw.arm) &&
                   suffered >= 2 * inflicted) {
            /* a massed unit breaks like a square: in disorder when it suffers twice what it inflicts
               on cavalry (LA-FORM-04, LA-FORM-17, G-59) */
            l->cohesion = LA_DISORDER;
            rule = ul.formation == LA_MASS ? "LA-FORM-04" : "LA-MELEERES-11";
        } else if (lg_is_cav(uw.arm) && lg_is_foot(ul.arm) && (ul.formation == LA_LINE || ul.formation == LA_SKIRMISH ||
                                                           (ul.formation >= LA_MARCH && ul.formation < LA_MASS))) {
            l->cohesion = LA_DISORDER;
            rule = "LA-MELEERES-08";
        } else if (lg_is_foot(uw.arm) && lg_is_foot(ul.arm) && ul.formation == LA_LINE && uw.formation >= LA_MARCH &&
                   uw.formation <= LA_MASS && suffered >= 2 * inflicted && l->cohesion < LA_WITHOUT_FORMATION) {
            l->cohesion = LA_WITHOUT_FORMATION;
            rule = "LA-MELEERES-07";
        }
        /* the loser falls back 30/20 paces, except squares and batteries; elite and guard, or a unit
           that cannot, stand without formation (LA-MELEERES-01, -09) */
        int status = la_unit_status(&ul);
        if (!lg_is_square(ul.formation) && !lg_is_art(ul.arm) && status > LA_ELITE && !l->off) {
            la_unit to = ul;
            to.cohesion = l->cohesion; /* with the special result of the melee */
            wg_pt d = lg_along(-ul.facing.x, -ul.facing.y, lg_paces(g, 30, 20));
            to.ref.x += d.x;
            to.ref.y += d.y;
            wg_pt from = ul.ref;
            int part = lg_slide(g, loser, &ul, &to, 0, 1, NULL);
            if (part > 0) {
                lg_set_pos(l, &to);
                fell = lg_paces(g, 30, 20) / WG_TABLE_UNIT;
                end_melee(g, a, b);
                if ((rc = lg_ev_moved(g, loser, LG_MV_FALLBACK, from, "LA-MELEERES-01")) != WG_OK)
                    return rc;
                /* the winner follows (LA-MELEERES-05): an Attack order must, Support, Cover and Defend
                   follow one that merely falls back (G-36), Hold does not; the combat goes on unless
                   the loser's test makes it leave (LA-MELEERES-02) */
                int ord = s->u[winner].order;
                if (ord != LA_ORD_HOLD && !lg_is_art(uw.arm) && lg_controlled(s, winner) && !w->off) {
                    la_unit uw2, wt;
                    lg_unit_of(&uw2, g, winner);
                    wt = uw2;
                    wt.ref.x += d.x;
                    wt.ref.y += d.y;
                    wg_pt wf = uw2.ref;
                    lg_slide(g, winner, &uw2, &wt, 0, 0, NULL);
                    lg_set_pos(w, &wt);
                    if ((rc = lg_ev_moved(g, winner, LG_MV_ADVANCE_ON, wf, "LA-MELEERES-05")) != WG_OK)
                        return rc;
                    if (lg_gap(g, winner, loser) <= WG_TABLE_UNIT && !l->off) {
                        l->melee_with = (int8_t)winner;
                        w->melee_with = (int8_t)loser;
                    }
                }
            } else if (l->cohesion < LA_WITHOUT_FORMATION) {
                l->cohesion = LA_WITHOUT_FORMATION;
                rule = "LA-MELEERES-09";
            }
        } else if (status <= LA_ELITE && !lg_is_square(ul.formation) && !lg_is_art(ul.arm) && l->cohesion < LA_WITHOUT_FORMATION) {
            l->cohesion = LA_WITHOUT_FORMATION;
            rule = "LA-MELEERES-09";
        }
        if (!l->off)
            lg_push_test(s, loser, LG_OCC_MELEE, 0, winner);
    }
    LG_EV(g, LG_E_MELEEEND, rule, ~0u);
    e_->a[0] = winner;
    e_->a[1] = loser;
    e_->a[2] = fell;
    return WG_OK;
}

/* ---------------------------------------------------------------- morale tests */

/* The best charisma an officer of the unit's side brings to it (LA-OFFICER-02, -03, -04: one only). */
int lg_charisma_of(const wg_game *g, int unit)
{
    const lg_rdata *rd = LG_RD(g);
    la_unit u;
    lg_unit_of(&u, g, unit);
    int best = 0;
    for (int o = 0; o < rd->battle.nofficer; o++) {
        la_officer of;
        lg_officer_of(&of, g, o);
        if (LG_ST(g)->o[o].off || of.side != lg_side(g, unit))
            continue;
        int v = 0, direct = 0;
        if (la_charisma(&v, &direct, &of, &u, g->tables, lg_scale_of(g)) == WG_OK && v > best)
            best = v;
    }
    return best;
}

static int count_near(const wg_game *g, int i, int32_t radius, int side_of_i_same)
{
    const lg_state *s = LG_ST(g);
    int n = 0;
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_active(s, j) || (lg_side(g, j) == lg_side(g, i)) != side_of_i_same)
            continue;
        const lg_unit *y = &s->u[j];
        /* units that count (note (1), G-34): not retreating, routing or fleeing, not without formation or
           in disorder; an enemy in a melee counts, a friend only in the testing unit's own melee */
        if (y->morale == LA_RETREAT || y->morale == LA_ROUT || y->morale == LA_FLIGHT || y->cohesion >= LA_WITHOUT_FORMATION)
            continue;
        if (side_of_i_same && y->melee_with >= 0 && y->melee_with != s->u[i].melee_with)
            continue;
        if (lg_gap(g, i, j) <= radius && lg_sees(g, i, j))
            n++;
    }
    return n;
}

/* The base of a test: the morale value of its troops and the factors of T20-T26 and G-58; the die
   and the charisma come after. */
int lg_test_value(const wg_game *g, int unit, int occ, int mod, int from, int *base, la_applied *ap, int *nap,
                  char *err)
{
    const lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    const lg_unit *x = &s->u[unit];
    la_unit u;
    lg_unit_of(&u, g, unit);
    la_morale_situation m;
    memset(&m, 0, sizeof m);
    m.unit = &u;
    uint32_t fl = 0;
    int area = lg_area_flags_at(g, lg_centre_of(g, unit), &fl);
    m.cover = (fl & rd->hard_flag) ? LA_COVER_HARD : (fl & rd->light_flag) ? LA_COVER_LIGHT : LA_COVER_NONE;
    if (area >= 0) {
        int terr = -1;
        const char *tn = NULL;
        wg_map_terrain(&terr, g->map, area);
        wg_map_terrain_name(&tn, g->map, terr);
        m.construction = tn && (strcmp(tn, "village") == 0 || strcmp(tn, "redoubt") == 0);
    }
    if (from >= 0 && from < s->nunit) {
        la_unit f;
        lg_unit_of(&f, g, from);
        m.against_cavalry = lg_is_cav(f.arm);
        m.against_square = lg_is_cav(u.arm) && lg_is_square(f.formation);
    }
    m.retreating = x->morale == LA_RETREAT;
    m.has_routed = x->has_routed;
    m.charging = occ == LG_OCC_CHARGE;
    int32_t r300 = lg_paces(g, 300, 200);
    m.friends = count_near(g, unit, r300, 1);
    m.enemies = count_near(g, unit, r300, 0);
    /* routs in sight within 300/200 paces, enemy and friendly (T22) */
    for (int j = 0; j < s->nunit; j++) {
        const lg_unit *y = &s->u[j];
        if (j == unit || !lg_active(s, j) || (y->morale != LA_ROUT && y->morale != LA_FLIGHT))
            continue;
        if (lg_gap(g, unit, j) <= r300 && lg_sees(g, unit, j)) {
            if (lg_side(g, j) == lg_side(g, unit))
                m.friend_routs++;
            else
                m.enemy_routs++;
        }
    }
    /* an enemy fighting it on a flank or in the rear (T22) */
    if (x->melee_with >= 0) {
        if (x->face == WG__FACE_REAR)
            m.enemy_rear = 1;
        else if (x->face == WG__FACE_LEFT || x->face == WG__FACE_RIGHT)
            m.enemy_flanks = 1;
    }
    if (occ == LG_OCC_MELEE && x->last_melee_loss > x->last_melee_inflicted)
        m.loss_difference = x->last_melee_loss - x->last_melee_inflicted; /* T24 */
    m.heavy_firers = x->heavy_fire; /* T25 */
    /* a general of its side killed, and none replaces him (T23; officers are not replaced) */
    for (int k = 0; k < s->noff; k++)
        if (s->o[k].off == 2 && LG_RD(g)->battle.officer[k].side == lg_side(g, unit) && !LG_RD(g)->battle.officer[k].adc)
            m.general_killed = 1;
    m.won_melee = x->wins > 0;
    m.lost_streak = x->lost_streak;
    m.losses_this_turn = x->losses_turn;
    m.initial_figures = x->initial;
    m.hold_still = x->order == LA_ORD_HOLD && !x->moved && !x->changed;
    m.attack_charging = x->order == LA_ORD_ATTACK && occ == LG_OCC_CHARGE;
    int sum = 0;
    int rc = la_morale_factors(&sum, ap, nap, err, g->tables, &m);
    if (rc != WG_OK)
        return rc;
    /* the base morale: that of the base troops (the morale the most figures have, the lower one on a
       tie), +1 when troops of a superior morale number a quarter of them or more (LA-MORALE-17) */
    int figs[16] = {0}, vals[16] = {0}, nv = 0;
    for (int c = 0; c < u.ncomp; c++) {
        int k = 0;
        while (k < nv && vals[k] != u.comp[c].morale)
            k++;
        if (k == nv && nv < 16)
            vals[nv++] = u.comp[c].morale;
        if (k < 16)
            figs[k] += u.comp[c].figures;
    }
    int b = 0;
    for (int k = 1; k < nv; k++)
        if (figs[k] > figs[b] || (figs[k] == figs[b] && vals[k] < vals[b]))
            b = k;
    int superior = 0;
    for (int k = 0; k < nv; k++)
        if (vals[k] > vals[b])
            superior += figs[k];
    *base = vals[b] + (figs[b] > 0 && superior * 4 >= figs[b] ? 1 : 0) + sum + mod;
    return WG_OK;
}

/* The die of a test as it counts: raw (G-14, default) or through T30. */
int lg_test_die(wg_game *g, int die, int *out)
{
    if (!LG_RD(g)->opt[LG_O_MORALEDIE]) {
        *out = die;
        return WG_OK;
    }
    int rc = la_cell_int(out, g->tables[LA_T30], 0, die - 1);
    if (rc != WG_OK)
        return wg__seterr(g->err, rc, "%s", wg_table_errmsg(g->tables[LA_T30]));
    return WG_OK;
}

static int better_than_halt(int r) { return r == LA_OBEY || r == LA_UNCONTROLLED; }

/* Occasion 5: friends of equal or higher status that see a rout within 300/200 paces (LA-MORALE-05). */
static int rout_seen(wg_game *g, int i)
{
    lg_state *s = LG_ST(g);
    la_unit u;
    lg_unit_of(&u, g, i);
    int min = lg_is_cav(u.arm) ? 3 : 5;
    if (la_unit_figures(&u) < min)
        return WG_OK;
    int st = la_unit_status(&u);
    for (int j = 0; j < s->nunit; j++) {
        if (j == i || !lg_controlled(s, j) || lg_side(g, j) != lg_side(g, i))
            continue;
        la_unit f;
        lg_unit_of(&f, g, j);
        /* the routing unit of equal or higher status than the friend that sees it */
        if (st <= la_unit_status(&f) && lg_gap(g, i, j) <= lg_paces(g, 300, 200) && lg_sees(g, j, i))
            lg_push_test(s, j, LG_OCC_ROUT_SEEN, 0, i);
    }
    return WG_OK;
}

/* Applies a morale result (LA-MORALERES, LA-ROUT, LA-FLIGHT). */
static int apply_result(wg_game *g, int i, int occ, int res, int from)
{
    lg_state *s = LG_ST(g);
    lg_unit *x = &s->u[i];
    const char *rule = "LA-MORALERES-02";
    int rc;
    if (occ == LG_OCC_RALLY && x->morale == LA_ROUT) {
        if (better_than_halt(res)) { /* the rout stops; a period to form (LA-ROUT-06, -08) */
            x->morale = LA_OBEY;
            x->cohesion = LA_WITHOUT_FORMATION;
            return lg_ev_state(g, i, "LA-ROUT-06");
        }
        if (res == LA_FLIGHT) {
            x->morale = LA_FLIGHT;
            return lg_ev_state(g, i, "LA-ROUT-07");
        }
        return WG_OK;
    }
    if (occ == LG_OCC_RETREAT3 && x->morale == LA_RETREAT) {
        if (better_than_halt(res)) {
            x->morale = LA_OBEY;
            x->retreat_periods = 0;
            return lg_ev_state(g, i, "LA-MORALE-20");
        }
    }
    switch (res) {
    case LA_UNCONTROLLED:
        if (lg_is_art(LG_RD(g)->battle.unit[i].u.arm))
            return WG_OK;
        x->morale = LA_UNCONTROLLED;
        /* the rest of this period, or the following one for a test at the end of the period
           (LA-MORALERES-03) */
        x->ua_periods = LG_ST(g)->ret == LG_S_ORDERS ? 2 : 1;
        rule = "LA-MORALERES-03";
        break;
    case LA_OBEY:
        return WG_OK;
    case LA_HALT:
        if (x->morale == LA_OBEY || x->morale == LA_UNCONTROLLED) {
            x->morale = LA_HALT;
            x->halted = LG_ST(g)->ret == LG_S_ORDERS ? 2 : 1; /* this period, or the next (LA-MORALERES-07) */
        }
        rule = "LA-MORALERES-07";
        break;
    case LA_RETREAT:
        if (x->morale == LA_ROUT || x->morale == LA_FLIGHT)
            return WG_OK;
        x->morale = LA_RETREAT;
        if (x->cohesion < LA_DISORGANISED)
            x->cohesion = LA_DISORGANISED;
        rule = "LA-MORALERES-08";
        break;
    case LA_ROUT:
    case LA_FLIGHT:
        if (x->morale == LA_FLIGHT)
            return WG_OK;
        x->morale = (int8_t)res;
        x->cohesion = LA_DISORDER;
        x->has_routed = 1;
        rule = res == LA_ROUT ? "LA-ROUT-02" : "LA-FLIGHT-01";
        break;
    default: return WG_OK;
    }
    x->fall_from = (int8_t)from;
    if ((rc = lg_ev_state(g, i, rule)) != WG_OK)
        return rc;
    if (res == LA_RETREAT || res == LA_ROUT || res == LA_FLIGHT) {
        int o = x->melee_with;
        if (o >= 0)
            end_melee(g, i, o);
        /* a charge it had declared ends (LA-MORALE-14 for the charged, the charger's own test) */
        if (x->marker == LG_M_CHARGE)
            x->charge_target = -1;
        if (occ == LG_OCC_MELEE && res != LA_RETREAT && x->last_melee_loss > 0) {
            /* the melee losses once more (LA-MELEERES-03) */
            if ((rc = lg_take_losses(g, i, x->last_melee_loss, "LA-MELEERES-03")) != WG_OK)
                return rc;
        }
        if (res != LA_RETREAT)
            return rout_seen(g, i);
    }
    if (res == LA_HALT && occ == LG_OCC_CHARGE && x->marker == LG_M_CHARGE && x->charge_target >= 0) {
        /* a charger that halts does not charge */
        LG_EV(g, LG_E_ABANDON, "LA-MORALE-01", ~0u);
        e_->a[0] = i;
        e_->a[1] = x->charge_target;
        x->charge_target = -1;
    }
    return WG_OK;
}

/* Whether the pending test k is still to be taken. */
int lg_test_due(const wg_game *g, int k)
{
    const lg_state *s = LG_ST(g);
    const lg_test *t = &s->test[k];
    const lg_unit *x = &s->u[t->unit];
    if (!lg_active(s, t->unit) || x->morale == LA_FLIGHT)
        return 0; /* LA-FLIGHT-03 */
    int arm = LG_RD(g)->battle.unit[t->unit].u.arm;
    if (lg_is_art(arm) && t->occ != LG_OCC_CHARGED && t->occ != LG_OCC_MELEE && t->occ != LG_OCC_ROUT_SEEN)
        return 0; /* LA-MORALE-15 */
    if (t->occ == LG_OCC_CHARGE) {
        /* the charged unit tested first: a result of halt in place or worse exempts the charger
           (LA-MORALE-14, G-32) */
        if (x->charge_target < 0)
            return 0;
        const lg_unit *y = &s->u[x->charge_target];
        if (y->morale == LA_HALT || y->morale == LA_RETREAT || y->morale == LA_ROUT || y->morale == LA_FLIGHT ||
            y->off)
            return 0;
    }
    if (t->occ == LG_OCC_ROUT_SEEN && !lg_controlled(s, t->unit))
        return 0;
    if (t->occ == LG_OCC_RALLY && x->morale != LA_ROUT)
        return 0;
    return 1;
}

int lg_finish_test(wg_game *g, int die, int charisma)
{
    lg_state *s = LG_ST(g);
    lg_test *t = &s->test[s->nfirst];
    int base = 0, nap = 0;
    la_applied ap[LA_MAX_APPLIED];
    int rc = lg_test_value(g, t->unit, t->occ, t->mod, t->from, &base, ap, &nap, g->err);
    if (rc != WG_OK)
        return rc;
    int d = 0;
    if ((rc = lg_test_die(g, die, &d)) != WG_OK)
        return rc;
    int total = base + d + charisma;
    la_unit u;
    lg_unit_of(&u, g, t->unit);
    int res = LA_OBEY;
    if ((rc = la_morale_result(&res, g->err, g->tables, la_unit_status(&u), total, 1)) != WG_OK)
        return rc;
    {
        LG_EV(g, LG_E_TEST, "LA-MORALE-16", ~0u);
        e_->a[0] = t->unit;
        e_->a[1] = t->occ;
        e_->a[2] = die;
        e_->a[3] = total;
        e_->a[4] = res;
        e_->a[5] = charisma;
    }
    int unit = t->unit, occ = t->occ, from = t->from;
    s->nfirst++;
    return apply_result(g, unit, occ, res, from);
}

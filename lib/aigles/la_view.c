/* Les Aigles: what players read — option labels, the decision, events as each viewer may read them,
   the picture of the table, pieces and their attributes, the result, and the exact odds of a fire
   or a melee.  A unit's marker and its committed move are its side's until they are turned over or
   carried out. */
#include "aigles.h"

#include <stdio.h>
#include <string.h>

const char *const lg_move_name[LG_NMV] = {
    "halt", "advance", "advance half", "oblique left", "oblique right", "wheel left", "wheel right", "back",
    "change formation", "move to a point", "wheel to a facing", "charge", "dodge", "fall back", "advance on the enemy", "advance by bricole", "withdraw by prolonge", "pivot", "forced march", "rally, facing the enemy",
    "rally, back to the enemy", "halve the front for the road",
    "quarter-turn left", "quarter-turn right", "half-turn",
    "change formation by a quarter-turn left", "change formation by a quarter-turn right", "widen the front",
    "narrow the front", "abandon the guns", "return to the guns", "column by company", "column by squadron",
    "advance into column by company", "advance into column by squadron", "dismount"};
const char *const lg_state_name[LA_PRISONER + 1] = {"obeys", "halted", "retreating", "routing",
                                                    "fleeing", "in uncontrolled advance", "prisoner"};
const char *const lg_cohesion_name[4] = {"formed", "disorganised", "without formation", "in disorder"};
static const char *const react_name[LG_NREACT] = {"stands", "counter-charges", "dodges", "abandons its guns"};
static const char *const occ_name[15] = {"", "before charging", "to receive a charge", "for a melee lost",
                                         "below 60% of its strength", "at the sight of a rout", "voluntarily, an officer arriving",
                                         "at the sight of an enemy hidden until then", "under fire for the first time",
                                         "for heavy fire", "to stop its rout", "before an action its orders did not provide for",
                                         "at its third period of retreat",
                                         "for its general killed", "as it leaves the table"};
static const char *const fire_name[3] = {"light arms", "canister", "round shot"};

static const char *side_name(const wg_game *g, int p)
{
    return p >= 0 && p < 2 ? LG_RD(g)->battle.side[p] : "nobody";
}

static long pc(int32_t v) { return (long)(v / WG_TABLE_UNIT); }

int lg_option_label(const wg_game *g, uint64_t a, wg_sb *sb)
{
    const lg_state *s = LG_ST(g);
    int arg = LG_AA(a);
    switch (LG_AK(a)) {
    case LG_A_MARK: wg__sb_printf(sb, "%s: %s marker", lg_name(g, s->cur), lg_marker_name[arg]); break;
    case LG_A_TARGET:
        if (arg == 0xff)
            wg__sb_printf(sb, "%s: no charge", lg_name(g, s->cur));
        else if ((arg & LG_TWO_PERIODS) && !lg_may_measure(g, s->cur))
            wg__sb_printf(sb, "%s: a two-period charge on %s", lg_name(g, s->cur), lg_name(g, arg & 0xff));
        else if (arg & LG_TWO_PERIODS)
            wg__sb_printf(sb, "%s: a two-period charge on %s (%ld paces)", lg_name(g, s->cur), lg_name(g, arg & 0xff),
                          pc(lg_gap(g, s->cur, arg & 0xff)));
        else if (!lg_may_measure(g, s->cur)) /* premeasure=no (LA-SCALE-07) */
            wg__sb_printf(sb, "%s charges %s", lg_name(g, s->cur), lg_name(g, arg));
        else
            wg__sb_printf(sb, "%s charges %s (%ld paces)", lg_name(g, s->cur), lg_name(g, arg), pc(lg_gap(g, s->cur, arg)));
        break;
    case LG_A_REACT: wg__sb_printf(sb, "%s %s", lg_name(g, s->cur), react_name[arg % LG_NREACT]); break;
    case LG_A_MOVE: {
        int k = arg & 0xff, f = (arg >> 8) - 1;
        if (k == LG_MV_FORM)
            wg__sb_printf(sb, "%s: change formation to %s", lg_name(g, s->cur), la_formation_name[f]);
        else if (k == LG_MV_FORM_QLEFT || k == LG_MV_FORM_QRIGHT)
            wg__sb_printf(sb, "%s: change formation to %s by a quarter-turn %s", lg_name(g, s->cur),
                          la_formation_name[f], k == LG_MV_FORM_QLEFT ? "left" : "right");
        else
            wg__sb_printf(sb, "%s: %s", lg_name(g, s->cur), lg_move_name[k]);
        break;
    }
    case LG_A_FIRE:
        if (arg == 0xff)
            wg__sb_printf(sb, "%s holds its fire", lg_name(g, s->cur));
        else if ((arg & LG_FIRE_PARK) && !lg_may_measure(g, s->cur)) /* LA-UNIT-22 */
            wg__sb_printf(sb, "%s fires at the horse park of %s", lg_name(g, s->cur), lg_name(g, arg & 0xff));
        else if (arg & LG_FIRE_PARK)
            wg__sb_printf(sb, "%s fires at the horse park of %s (%ld paces)", lg_name(g, s->cur), lg_name(g, arg & 0xff),
                          pc(lg_park_gap(g, s->cur, arg & 0xff)));
        else if (!lg_may_measure(g, s->cur)) /* premeasure=no (LA-ARTFIRE-07) */
            wg__sb_printf(sb, "%s fires at %s", lg_name(g, s->cur), lg_name(g, arg));
        else
            wg__sb_printf(sb, "%s fires at %s (%ld paces)", lg_name(g, s->cur), lg_name(g, arg),
                          pc(lg_fire_gap(g, s->cur, arg)));
        break;
    case LG_A_DIE: wg__sb_printf(sb, "die %d", arg); break;
    case LG_A_PIVOT: {
        static const char *const pv[5] = {"no pivot", "pivots 22.5 degrees left", "pivots 22.5 degrees right",
                                          "pivots 45 degrees left", "pivots 45 degrees right"};
        wg__sb_printf(sb, "%s: %s", lg_name(g, s->cur), pv[arg % 5]);
        break;
    }
    case LG_A_WORK:
        if (arg & LG_W_FIRE)
            wg__sb_printf(sb, "%s tries to set '%s' on fire", lg_name(g, s->cur), lg_work_name(g, arg & 0xff));
        else
            wg__sb_printf(sb, "%s %s '%s'", lg_name(g, s->cur),
                          lg_is_art(LG_RD(g)->battle.unit[s->cur].u.arm) ? "demolishes" : "rebuilds", lg_work_name(g, arg));
        break;
    case LG_A_OFFMOVE: {
        const char *on = LG_RD(g)->battle.officer[s->cur - s->nunit].name;
        if (arg == 0)
            wg__sb_printf(sb, "%s stays", on);
        else if (arg == LG_OFF_POINT)
            wg__sb_printf(sb, "%s: move to a point", on);
        else if (arg & LG_OFF_TEST)
            wg__sb_printf(sb, "%s joins %s: a voluntary test", on, lg_name(g, (arg & 0xff) - 1));
        else
            wg__sb_printf(sb, "%s joins %s", on, lg_name(g, arg - 1));
        break;
    }
    case LG_A_ORDER:
        if (arg == 0xffff)
            wg__sb_printf(sb, "%s: no more orders", LG_RD(g)->battle.officer[s->cur % LG_MAX_OFF].name);
        else if ((arg >> 8) == LG_REPLACE)
            wg__sb_printf(sb, "%s replaces %s", LG_RD(g)->battle.officer[s->cur % LG_MAX_OFF].name,
                          LG_RD(g)->battle.officer[arg & 0xff].name);
        else if ((arg >> 8) == LG_EXPLAIN)
            wg__sb_printf(sb, "%s explains an order to %s", LG_RD(g)->battle.officer[s->cur % LG_MAX_OFF].name,
                          lg_name(g, arg & 0xff));
        else
            wg__sb_printf(sb, "%s orders %s: %s", LG_RD(g)->battle.officer[s->cur % LG_MAX_OFF].name,
                          lg_name(g, arg & 0xff), la_order_name[arg >> 8]);
        break;
    case LG_A_CHARISMA: wg__sb_printf(sb, "charisma %+d", arg); break;
    default: return WG_EINVAL;
    }
    return WG_OK;
}

void lg_decision_text(const wg_game *g, wg_sb *sb)
{
    const lg_state *s = LG_ST(g);
    wg__sb_printf(sb, "period %d, ", s->period);
    switch (s->stage) {
    case LG_S_MARK: wg__sb_printf(sb, "phase 1: %s places the marker of %s", side_name(g, s->side), lg_name(g, s->cur)); break;
    case LG_S_CHARGE: wg__sb_printf(sb, "phase 2: the target of %s's charge", lg_name(g, s->cur)); break;
    case LG_S_PIVOT: wg__sb_printf(sb, "phase 2: the pivot of %s", lg_name(g, s->cur)); break;
    case LG_S_SCREEN:
        wg__sb_printf(sb, "phase 2: %s stands before %s's charge on %s: dodge, or be charged", lg_name(g, s->cur),
                      lg_name(g, s->u[s->cur].screen_by), lg_name(g, s->u[s->u[s->cur].screen_by].charge_target));
        break;
    case LG_S_REACT:
        if (s->u[s->cur].charged_by < 0)
            wg__sb_printf(sb, "phase 2: %s covers against the charge of %s: its reaction", lg_name(g, s->cur),
                          lg_name(g, s->u[s->cur].cover_by));
        else
            wg__sb_printf(sb, "phase 2: %s is charged by %s: its reaction", lg_name(g, s->cur),
                          lg_name(g, s->u[s->cur].charged_by));
        break;
    case LG_S_COMMIT:
        wg__sb_printf(sb, "phase 3, half-period %d: %s commits the move of %s", s->half + 1, side_name(g, s->side),
                      s->cur < s->nunit ? lg_name(g, s->cur) : LG_RD(g)->battle.officer[s->cur - s->nunit].name);
        break;
    case LG_S_ORDERS:
        wg__sb_printf(sb, "phase 6: the order changes of %s", LG_RD(g)->battle.officer[s->cur % LG_MAX_OFF].name);
        break;
    case LG_S_OFFROLL:
        wg__sb_printf(sb, "the die of %s's fate (LA-OFFLOSS)", LG_RD(g)->battle.officer[lg_next_fate(g)].name);
        break;
    case LG_S_REACTROLL:
        wg__sb_printf(sb, "phase 6: the die of %s's reaction to the order %s", lg_name(g, s->order_unit),
                      la_order_name[s->order_kind]);
        break;
    case LG_S_FIRE: wg__sb_printf(sb, "phase 4: the target of %s's fire", lg_name(g, s->cur)); break;
    case LG_S_FLAGROLL:
        wg__sb_printf(sb, "phase 5: the die of %s's test for the flag of %s", lg_name(g, s->flag_w), lg_name(g, s->flag_l));
        break;
    case LG_S_FIREROLL:
        if (s->fire_target <= -2)
            wg__sb_printf(sb, "phase 4: the die of %s's attempt to set '%s' on fire", lg_name(g, s->cur),
                          lg_work_name(g, -2 - s->fire_target));
        else
            wg__sb_printf(sb, "phase 4: the die of %s's fire at %s", lg_name(g, s->cur), lg_name(g, s->fire_target));
        break;
    case LG_S_MELEEROLL:
        wg__sb_printf(sb, "phase 5: the die of %s in its melee with %s",
                      lg_name(g, s->melee_die_a ? s->melee_b : s->melee_a),
                      lg_name(g, s->melee_die_a ? s->melee_a : s->melee_b));
        break;
    case LG_S_TEST: {
        const lg_test *t = &s->test[s->nfirst];
        wg__sb_printf(sb, "the die of %s's morale test %s", lg_name(g, t->unit), occ_name[t->occ]);
        break;
    }
    case LG_S_CHARISMA:
        wg__sb_printf(sb, "%s rolled %d: the general's charisma modifier (up to %d)", lg_name(g, s->test[s->nfirst].unit),
                      s->test_die, lg_charisma_of(g, s->test[s->nfirst].unit));
        break;
    default: wg__sb_printf(sb, "the battle is over"); break;
    }
}

/* Whether viewer reads event e fully: the marker and the committed move are their side's only. */
static int shows(const wg_event *e, int viewer)
{
    return viewer < 0 || (e->visible >> viewer) & 1u;
}

const char *lg_event_rule(const wg_game *g, const wg_event *e, int viewer)
{
    (void)g;
    if (!shows(e, viewer))
        return e->kind == LG_E_MARK     ? "LA-MARKERS-01"
               : e->kind == LG_E_COMMIT ? (e->a[4] ? "LA-OFFICER-10" : "LA-MOVE-01")
                                        : "LA-LOS-09"; /* a hidden unit's doings */
    return e->rule;
}

void lg_event_text(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb)
{
    const int32_t *a = e->a;
    if (!shows(e, viewer) && e->kind != LG_E_MARK && e->kind != LG_E_COMMIT) {
        wg__sb_printf(sb, "%s: unseen", lg_name(g, a[0])); /* a hidden unit's doings (LA-LOS-09) */
        return;
    }
    switch (e->kind) {
    case LG_E_MARK:
        if (shows(e, viewer))
            wg__sb_printf(sb, "%s: %s marker placed", lg_name(g, a[0]), lg_marker_name[a[1]]);
        else
            wg__sb_printf(sb, "%s: a marker placed face down", lg_name(g, a[0]));
        break;
    case LG_E_REVEAL: wg__sb_printf(sb, "%s's marker turned over: %s", lg_name(g, a[0]), lg_marker_name[a[1]]); break;
    case LG_E_CHARGE:
        if (a[1] < 0)
            wg__sb_printf(sb, "%s declares no charge", lg_name(g, a[0]));
        else if (a[2] == 1)
            wg__sb_printf(sb, "%s declares a two-period charge on %s", lg_name(g, a[0]), lg_name(g, a[1]));
        else if (a[2] == 2)
            wg__sb_printf(sb, "%s completes its charge on %s", lg_name(g, a[0]), lg_name(g, a[1]));
        else if (a[2] == 3)
            wg__sb_printf(sb, "%s's charge falls on %s, who do not dodge", lg_name(g, a[0]), lg_name(g, a[1]));
        else
            wg__sb_printf(sb, "%s declares a charge on %s", lg_name(g, a[0]), lg_name(g, a[1]));
        break;
    case LG_E_REACT:
        wg__sb_printf(sb, "%s %s (%s %s)", lg_name(g, a[0]), react_name[a[1] % LG_NREACT],
                      a[3] == 2 ? "screening against" : a[3] ? "covering against" : "charged by", lg_name(g, a[2]));
        break;
    case LG_E_COMMIT:
        if (a[4]) { /* an officer */
            const char *on = LG_RD(g)->battle.officer[a[0]].name;
            if (!shows(e, viewer))
                wg__sb_printf(sb, "%s: a move committed, sealed", on);
            else if (a[1] == 0)
                wg__sb_printf(sb, "%s: committed: stays", on);
            else if (a[1] == LG_OFF_POINT)
                wg__sb_printf(sb, "%s: committed: a move to a point", on);
            else if (a[1] & LG_OFF_TEST)
                wg__sb_printf(sb, "%s: committed: joins %s, a voluntary test", on, lg_name(g, (a[1] & 0xff) - 1));
            else
                wg__sb_printf(sb, "%s: committed: joins %s", on, lg_name(g, a[1] - 1));
        } else if (!shows(e, viewer))
            wg__sb_printf(sb, "%s: a move committed, sealed", lg_name(g, a[0]));
        else if (a[1] == LG_MV_FORM)
            wg__sb_printf(sb, "%s: committed: change formation to %s", lg_name(g, a[0]), la_formation_name[a[2]]);
        else if (a[1] == LG_MV_FORM_QLEFT || a[1] == LG_MV_FORM_QRIGHT)
            wg__sb_printf(sb, "%s: committed: change formation to %s by a quarter-turn %s", lg_name(g, a[0]),
                          la_formation_name[a[2]], a[1] == LG_MV_FORM_QLEFT ? "left" : "right");
        else
            wg__sb_printf(sb, "%s: committed: %s", lg_name(g, a[0]), lg_move_name[a[1]]);
        break;
    case LG_E_MOVED:
        if (a[1] == LG_MV_PIVOT) {
            wg__sb_printf(sb, "%s pivots in battery at (%d, %d)", lg_name(g, a[0]), a[4], a[5]);
            break;
        }
        wg__sb_printf(sb, "%s: %s from (%d, %d) to (%d, %d), %s", lg_name(g, a[0]), lg_move_name[a[1]], a[2], a[3], a[4],
                      a[5], lg_cohesion_name[a[6] & 3]);
        break;
    case LG_E_BLOCKED:
        if (a[1] >= 0)
            wg__sb_printf(sb, "%s stops short of %s", lg_name(g, a[0]), lg_name(g, a[1]));
        else
            wg__sb_printf(sb, "%s has no room on the table", lg_name(g, a[0]));
        break;
    case LG_E_CONTACT:
        if (a[5] > 0) { /* a line supporting a friend's melee (LA-MELEE-07) */
            wg__sb_printf(sb, "%s enters the melee with %s from the rear of %s", lg_name(g, a[0]), lg_name(g, a[1]),
                          lg_name(g, a[5] - 1));
            break;
        }
        wg__sb_printf(sb, "%s contacts %s on its %s%s%s", lg_name(g, a[0]), lg_name(g, a[1]),
                      a[3] == 0 ? "front" : a[3] == 2 ? "rear" : "flank", a[2] ? ": an effective charge" : "",
                      a[4] ? (a[2] ? ", into an established melee" : ": an established melee") : "");
        break;
    case LG_E_FORMATION: {
        /* a[4]: the turn the change makes (LG_TURN_*), a[5]: 1 when it is a turn only */
        static const char *const turn_name[4] = {"", "a quarter-turn left", "a quarter-turn right", "a half-turn"};
        int t = a[4] >= 0 && a[4] <= LG_TURN_ABOUT ? a[4] : 0;
        if (a[7] && a[3] && a[7] == 1) /* a cavalry column by company: the larger company leads (LA-FORM-22) */
            wg__sb_printf(sb, "%s stands in column by company: a leading company of %d figures, %d behind it",
                          lg_name(g, a[0]), (a[6] + 1) / 2, a[6] / 2);
        else if (a[7] && a[3])
            wg__sb_printf(sb, "%s stands in column by squadron: a front of %d figures", lg_name(g, a[0]), a[6]);
        else if (a[7])
            wg__sb_printf(sb, "%s begins to form column by %s (%d half-period%s)", lg_name(g, a[0]),
                          a[7] == 1 ? "company" : "squadron", a[2], a[2] == 1 ? "" : "s");
        else if (a[3] && t && a[5])
            wg__sb_printf(sb, "%s has made %s", lg_name(g, a[0]), turn_name[t]);
        else if (a[3])
            wg__sb_printf(sb, "%s stands in %s", lg_name(g, a[0]), la_formation_name[a[1]]);
        else if (a[6])
            wg__sb_printf(sb, "%s halves its front for the road: %s of %d figures (%d half-period%s)", lg_name(g, a[0]),
                          la_formation_name[a[1]], a[6], a[2], a[2] == 1 ? "" : "s");
        else if (t && a[5])
            wg__sb_printf(sb, "%s begins %s (%d half-period%s)", lg_name(g, a[0]), turn_name[t], a[2],
                          a[2] == 1 ? "" : "s");
        else
            wg__sb_printf(sb, "%s begins to form %s%s%s (%d half-period%s)", lg_name(g, a[0]), la_formation_name[a[1]],
                          t ? " by " : "", turn_name[t], a[2], a[2] == 1 ? "" : "s");
        break;
    }
    case LG_E_FIRE:
        if (a[1] < 0)
            wg__sb_printf(sb, "%s holds its fire", lg_name(g, a[0]));
        else
            wg__sb_printf(sb, "%s fires %s at %s: %d figures, factors %+d", lg_name(g, a[0]), fire_name[a[4] % 3],
                          lg_name(g, a[1]), a[2], a[3]);
        break;
    case LG_E_FIRELOSS:
        wg__sb_printf(sb, "%s's fire (die %d, row %d): %d losses to %s%s", lg_name(g, a[0]), a[2], a[4], a[3], lg_name(g, a[1]),
                      a[5] == 1 ? " (the round shot's rebound)" : a[5] == 2 ? " (canister through the screen)" : "");
        break;
    case LG_E_REMOVED:
        wg__sb_printf(sb, "%s loses %d figure%s (remainder %d): %d left", lg_name(g, a[0]), a[1], a[1] == 1 ? "" : "s",
                      a[2], a[3]);
        break;
    case LG_E_MELEE:
        wg__sb_printf(sb, "%s fights %s: die %d, row %d, %d figures: %d losses", lg_name(g, a[0]), lg_name(g, a[1]), a[2],
                      a[4], a[5], a[3]);
        break;
    case LG_E_MELEEEND:
        if (a[0] < 0)
            wg__sb_printf(sb, "the melee is a tie: both fight on");
        else
            wg__sb_printf(sb, "%s wins the melee; %s %s", lg_name(g, a[0]), lg_name(g, a[1]),
                          a[2] ? "falls back" : "stands");
        break;
    case LG_E_TEST:
        wg__sb_printf(sb, "%s tests %s: die %d%s, total %d: %s", lg_name(g, a[0]), occ_name[a[1] % 15], a[2],
                      a[5] ? (a[5] > 0 ? " with the general" : " held back by the general") : "", a[3],
                      a[4] == LA_OBEY ? "obeys" : lg_state_name[a[4]]);
        break;
    case LG_E_STATE:
        wg__sb_printf(sb, "%s %s, %s", lg_name(g, a[0]), lg_state_name[a[1]], lg_cohesion_name[a[2] & 3]);
        if (a[3] >= 1 && a[3] <= 3) { /* infantry spared by the presence of cavalry in its melee (LA-DISORG-05) */
            static const char *const spared[3] = {"attacking from another side than", "fewer than four figures to each of",
                                                  "three cavalry bases or more from"};
            wg__sb_printf(sb, ": %s %s", spared[a[3] - 1], lg_name(g, a[4]));
        }
        break;
    case LG_E_LEFT:
        wg__sb_printf(sb, "%s %s", lg_name(g, a[0]),
                      a[1] == 1   ? "leaves the table"
                      : a[1] == 2 ? "is destroyed"
                      : a[1] == 3 ? "is taken prisoner"
                                  : "loses all its gunners: its guns stay in place, out of action");
        break;
    case LG_E_PERIOD: wg__sb_printf(sb, "period %d begins", a[0]); break;
    case LG_E_REST: wg__sb_printf(sb, "%s rests: fatigue %d", lg_name(g, a[0]), a[1]); break;
    case LG_E_END: {
        static const char *const band[4] = {"a draw", "a minor victory", "a victory", "a major victory"};
        if (a[1])
            wg__sb_printf(sb, "the battle ends: %s breaks; %s wins (losses %+d%% of the budget)", side_name(g, 1 - a[0]),
                          side_name(g, a[0]), a[2]);
        else if (a[0] < 0)
            wg__sb_printf(sb, "the battle ends: a draw (losses %+d%% of the budget)", a[2]);
        else
            wg__sb_printf(sb, "the battle ends: %s for %s (losses %+d%% of the budget)", band[a[3] & 3],
                          side_name(g, a[0]), a[2]);
        break;
    }
    case LG_E_ABANDON: wg__sb_printf(sb, "%s halts: no charge on %s", lg_name(g, a[0]), lg_name(g, a[1])); break;
    case LG_E_OFFMOVED:
        if (a[1] >= 0)
            wg__sb_printf(sb, "%s: from (%d, %d) to %s, at (%d, %d)", LG_RD(g)->battle.officer[a[0]].name, a[2], a[3],
                          lg_name(g, a[1]), a[4], a[5]);
        else
            wg__sb_printf(sb, "%s: from (%d, %d) to (%d, %d)", LG_RD(g)->battle.officer[a[0]].name, a[2], a[3], a[4],
                          a[5]);
        break;
    case LG_E_ORDER:
        wg__sb_printf(sb, "%s orders %s: %s; reaction die %d, below %d %s", LG_RD(g)->battle.officer[a[0]].name,
                      lg_name(g, a[1]), la_order_name[a[2]], a[3], a[4],
                      a[5] ? "needed: accepted, from the next period" : "needed: refused");
        if (a[6] > 0)
            wg__sb_printf(sb, "; +%d command for %d period%s of explanation", a[6], a[6], a[6] > 1 ? "s" : "");
        if (a[7] > 0)
            wg__sb_printf(sb, "; +%d reaction for %d periods of failed tests", a[7], 2 * a[7]);
        break;
    case LG_E_EXPLAIN:
        wg__sb_printf(sb, "%s explains an order to %s (%d period%s: +%d command at his next order to it)",
                      LG_RD(g)->battle.officer[a[0]].name, lg_name(g, a[1]), a[2], a[2] > 1 ? "s" : "", a[2]);
        break;
    case LG_E_DISMOUNT:
        wg__sb_printf(sb, "%s dismounts: %d figures hold the horse park, %d on foot deploy in %s", lg_name(g, a[0]), a[1],
                      a[2], la_formation_name[a[3]]);
        break;
    case LG_E_PARK:
        wg__sb_printf(sb, "%s %s the horse park of %s: its %d figures are eliminated with the horses", lg_name(g, a[1]),
                      a[3] == 2 ? "fires on" : "contacts", lg_name(g, a[0]), a[2]);
        break;
    case LG_E_ALTORDER:
        if (a[2] == LA_ALT_ARRIVES)
            wg__sb_printf(sb, "%s takes its alternative order %s: %s has arrived", lg_name(g, a[0]), la_order_name[a[1]],
                          lg_name(g, a[3]));
        else
            wg__sb_printf(sb, "%s takes its alternative order %s after %d period%s", lg_name(g, a[0]),
                          la_order_name[a[1]], a[3], a[3] > 1 ? "s" : "");
        break;
    case LG_E_REPLACE:
        wg__sb_printf(sb, "%s replaces %s and commands as a general", LG_RD(g)->battle.officer[a[0]].name,
                      LG_RD(g)->battle.officer[a[1]].name);
        break;
    case LG_E_OFFSHOT:
        wg__sb_printf(sb, "%s, alone under the fire of %s, %d losses: %s", LG_RD(g)->battle.officer[a[0]].name,
                      lg_name(g, a[1]), a[2], a[3] ? "killed" : "unharmed (40 needed)");
        break;
    case LG_E_FREED:
        wg__sb_printf(sb, "%s is freed: %s won the melee against %s, who held him", LG_RD(g)->battle.officer[a[0]].name,
                      lg_name(g, a[1]), lg_name(g, a[2]));
        break;
    case LG_E_ORDERNOW: wg__sb_printf(sb, "%s now follows the order %s", lg_name(g, a[0]), la_order_name[a[1]]); break;
    case LG_E_GUNS:
        if (a[1] == LG_G_SPIKED)
            wg__sb_printf(sb, "%s spikes the guns of %s: their sections are removed", lg_name(g, a[2]), lg_name(g, a[0]));
        else
            wg__sb_printf(sb, "the guns of %s are %s", lg_name(g, a[0]), a[1] == LG_G_CREW ? "manned" : "abandoned");
        break;
    case LG_E_OFFFATE: {
        static const char *const fate[3] = {"unharmed", "wounded: he leaves the battle", "killed"};
        wg__sb_printf(sb, "%s, with %d losses over %d figures, die %d: %s", LG_RD(g)->battle.officer[a[0]].name, a[3],
                      a[4], a[2], fate[a[1] % 3]);
        break;
    }
    case LG_E_FLAG: {
        static const char *const row[12] = {"other unit in contact", "first melee won", "second melee won",
                                            "third melee won", "opponent without formation", "opponent in rout",
                                            "opponent in disorder", "opponent in flight", "15 losses inflicted",
                                            "15 losses suffered", "charged", "charging"};
        wg__sb_printf(sb, "%s tests for the flag of %s: die %d", lg_name(g, a[0]), lg_name(g, a[1]), a[2]);
        for (int r = 0; r < 12; r++) {
            if (!(a[6] & (1 << r)))
                continue;
            int n = r == 0 ? (a[7] & 15) : r == 8 ? (a[7] >> 4 & 15) : r == 9 ? (a[7] >> 8 & 15) : 1, v = 0;
            la_cell_int(&v, g->tables[LA_T32], r, 0);
            if (n > 1)
                wg__sb_printf(sb, ", %d x %+d %s", n, v, row[r]);
            else
                wg__sb_printf(sb, ", %+d %s", v, row[r]);
        }
        wg__sb_printf(sb, ": total %d, %s", a[4], a[5] ? "the flag is taken" : "the flag is kept");
        break;
    }
    case LG_E_DISCOVER: {
        static const char *const how[4] = {"gives itself away by firing", "is discovered by %s",
                                           "leaves its cover", "gives itself away by charging"};
        wg__sb_printf(sb, "%s, hidden until now, ", lg_name(g, a[0]));
        if (a[1] == LG_DISC_NEAR)
            wg__sb_printf(sb, how[1], a[2] >= 0 ? lg_name(g, a[2]) : "an enemy");
        else
            wg__sb_printf(sb, "%s", how[a[1] & 3]);
        wg__sb_printf(sb, " at (%d, %d)", a[3], a[4]);
        break;
    }
    case LG_E_COUNTERMET:
        wg__sb_printf(sb, "%s meets the counter-charge of %s: %s", lg_name(g, a[0]), lg_name(g, a[1]),
                      a[2] ? "both charging" : "only the attacker charging");
        break;
    case LG_E_CAPTURED:
        wg__sb_printf(sb, "%s is captured by %s", LG_RD(g)->battle.officer[a[0]].name, lg_name(g, a[1]));
        break;
    case LG_E_BURN:
        if (a[0] < 0)
            wg__sb_printf(sb, "%s burns with %s in it", lg_work_name(g, a[1]), lg_name(g, a[2]));
        else
            wg__sb_printf(sb, "%s tries to set '%s' on fire: die %d, %s", lg_name(g, a[0]), lg_work_name(g, a[1]), a[2],
                          a[3] ? "the village burns" : "it does not catch");
        break;
    case LG_E_WORK: {
        static const char *const lvl[4] = {"nothing", "light cover", "hard cover", "a construction"};
        wg__sb_printf(sb, "%s %s %d paces of '%s': %s%s", lg_name(g, a[0]), a[2] == 1 ? "demolishes" : "rebuilds", a[3],
                      lg_work_name(g, a[1]), a[5] == a[4] ? "still " : "now ", lvl[a[5] & 3]);
        break;
    }
    default: wg__sb_printf(sb, "event %d", e->kind); break;
    }
}

/* Whether viewer may know the unit's marker: his own side's, the referee, or once turned over. */
static int marker_known(const wg_game *g, int viewer, int i)
{
    const lg_state *s = LG_ST(g);
    if (viewer < 0 || lg_side(g, i) == viewer)
        return 1;
    return s->stage != LG_S_MARK;
}

/* Whether viewer may know the unit's committed move. */
static int move_known(const wg_game *g, int viewer, int i)
{
    return viewer < 0 || lg_side(g, i) == viewer;
}

void lg_describe(const wg_game *g, int viewer, wg_sb *sb)
{
    const lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    wg__sb_printf(sb, "%s\nperiod %d of %d; table %ld x %ld paces\n", rd->battle.title, s->period, rd->battle.periods,
                  pc(rd->width), pc(rd->depth));
    for (int p = 0; p < 2; p++) {
        wg__sb_printf(sb, "%s:\n", side_name(g, p));
        for (int i = 0; i < s->nunit; i++) {
            if (lg_side(g, i) != p)
                continue;
            const lg_unit *x = &s->u[i];
            if (!x->off && lg_hidden_from(g, i, viewer)) {
                wg__sb_printf(sb, "  %-24s unseen\n", lg_name(g, i)); /* LA-LOS-09 */
                continue;
            }
            if (x->off) {
                wg__sb_printf(sb, "  %-24s %s\n", lg_name(g, i),
                              x->off == 1   ? "off the table"
                              : x->off == 2 ? "destroyed"
                              : x->off == 3 ? "prisoner"
                              : x->guns == LG_G_SPIKED ? "guns spiked" : "guns abandoned");
                continue;
            }
            wg__sb_printf(sb, "  %-24s %2d/%-2d fig  %-20s at (%4ld,%4ld) facing (%ld,%ld)  %s, %s", lg_name(g, i),
                          lg_figures(x), x->initial, la_formation_name[x->formation], pc(x->x), pc(x->y), (long)x->fx,
                          (long)x->fy, lg_state_name[x->morale], lg_cohesion_name[x->cohesion & 3]);
            if (x->marker >= 0 && marker_known(g, viewer, i))
                wg__sb_printf(sb, "  [%s]", lg_marker_name[x->marker]);
            if (x->charge_target >= 0)
                wg__sb_printf(sb, " charging %s", lg_name(g, x->charge_target));
            if (x->melee_with >= 0)
                wg__sb_printf(sb, " in melee with %s", lg_name(g, x->melee_with));
            if (x->fatigue)
                wg__sb_printf(sb, " fatigue %d", x->fatigue);
            if (x->hidden)
                wg__sb_printf(sb, " hidden");
            if (x->pend_kind >= 0 && move_known(g, viewer, i))
                wg__sb_printf(sb, " (committed: %s)", lg_move_name[x->pend_kind]);
            wg__sb_printf(sb, "  order %s\n", la_order_name[x->order]);
        }
        for (int k = 0; k < s->noff; k++) {
            const lg_off *o = &s->o[k];
            if (rd->battle.officer[k].side != p)
                continue;
            wg__sb_printf(sb, "  %-24s %s", rd->battle.officer[k].name,
                          o->off == 1 ? "wounded" : o->off == 2 ? "killed" : o->off == 3 ? "captured" : "");
            if (o->off == 3 && o->attached >= 0)
                wg__sb_printf(sb, ", held by %s at (%4ld,%4ld)", lg_name(g, o->attached), pc(o->x), pc(o->y));
            if (!o->off)
                wg__sb_printf(sb, "at (%4ld,%4ld)%s%s", pc(o->x), pc(o->y), o->attached >= 0 ? " with " : "",
                              o->attached >= 0 ? lg_name(g, o->attached) : "");
            wg__sb_printf(sb, "\n");
        }
    }
}

void lg_result_text(const wg_game *g, wg_sb *sb)
{
    const lg_state *s = LG_ST(g);
    if (s->stage != LG_S_OVER) {
        wg__sb_printf(sb, "the battle goes on (period %d)", s->period);
        return;
    }
    int64_t sc = g->ops->score(g);
    if (s->winner < 0)
        wg__sb_printf(sb, "a draw: losses differ by %lld%% of the budget", (long long)sc);
    else
        wg__sb_printf(sb, "%s wins%s: losses differ by %lld%% of the budget", side_name(g, s->winner),
                      s->decisive ? " (the enemy broke)" : "", (long long)sc);
}

/* Pieces: the units on the table (in the battle's order; a unit that left the table, was destroyed
   or taken prisoner is no longer one), then the officers.  Sets *unit (or -1) and *officer (or -1)
   for piece i, and returns the number of pieces. */
static size_t piece_of(const wg_game *g, int viewer, size_t i, int *unit, int *officer)
{
    const lg_state *s = LG_ST(g);
    size_t n = 0;
    *unit = *officer = -1;
    for (int u = 0; u < s->nunit; u++)
        if ((!s->u[u].off || s->u[u].guns != LG_G_CREW) && !lg_hidden_from(g, u, viewer)) { /* abandoned guns stay on the table; a hidden unit is no piece for the other side */
            if (n == i)
                *unit = u;
            n++;
        }
    for (int k = 0; k < s->noff; k++)
        if (!s->o[k].off) {
            if (n == i)
                *officer = k;
            n++;
        }
    return n;
}

int lg_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label)
{
    const lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    int u = -1, o = -1;
    *count = piece_of(g, viewer, i, &u, &o);
    if (u >= 0) {
        const lg_unit *x = &s->u[u];
        *side = lg_side(g, u);
        wg_pt p = {x->off ? x->gx : x->x, x->off ? x->gy : x->y};
        *space = wg__map_table_area_at(g->map, p);
        if (label)
            wg__sb_printf(label, "%s (%d fig, %s)", lg_name(g, u), lg_figures(x), la_formation_name[x->formation]);
        return WG_OK;
    }
    if (o < 0)
        return WG_ERANGE;
    la_officer of;
    lg_officer_of(&of, g, o);
    *side = of.side;
    *space = wg__map_table_area_at(g->map, of.at);
    if (label)
        wg__sb_printf(label, "%s (charisma %d, command %d)", of.name, of.charisma, of.command);
    (void)rd;
    return WG_OK;
}

enum { PK_ID, PK_NAME, PK_KIND, PK_ARM, PK_X, PK_Y, PK_FX, PK_FY, PK_FIGURES, PK_INITIAL, PK_FRONT, PK_FORMATION,
       PK_COHESION, PK_MORALE, PK_MARKER, PK_STATUS, PK_FATIGUE, PK_MELEE, PK_WIDTH, PK_DEPTH, PK_CHARGE,
       PK_COMMITTED, PK_CHARISMA, PK_COMMAND, PK_ORDER, PK_ATTACHED, PK_FLAG, PK_ELITE,
       PK_SECTIONS, PK_GUNS, PK_GUNS_X, PK_GUNS_Y, PK_HIDDEN, PK_OFF_TABLE, PK_POINTS, PK_BUDGET,
       PK_COLUMN, PK_LEAD_COMPANY, PK_REAR_COMPANY, PK_PARK, PK_PARK_X, PK_PARK_Y };
const wg_attr_key lg_piece_keys[] = {
    {"id", WG_ATTR_INT},        {"name", WG_ATTR_TEXT},     {"kind", WG_ATTR_TEXT},      {"arm", WG_ATTR_TEXT},
    {"x", WG_ATTR_INT},         {"y", WG_ATTR_INT},         {"facing_x", WG_ATTR_INT},   {"facing_y", WG_ATTR_INT},
    {"figures", WG_ATTR_INT},   {"initial", WG_ATTR_INT},   {"front", WG_ATTR_INT},      {"formation", WG_ATTR_TEXT},
    {"cohesion", WG_ATTR_TEXT}, {"morale", WG_ATTR_TEXT},   {"marker", WG_ATTR_TEXT},    {"status", WG_ATTR_TEXT},
    {"fatigue", WG_ATTR_INT},   {"melee_with", WG_ATTR_INT}, {"width", WG_ATTR_INT},
    {"depth", WG_ATTR_INT},     {"charging", WG_ATTR_INT},  {"committed", WG_ATTR_TEXT}, {"charisma", WG_ATTR_INT},
    {"command", WG_ATTR_INT},   {"order", WG_ATTR_TEXT},    {"attached", WG_ATTR_INT},   {"flag", WG_ATTR_TEXT},
    {"elite", WG_ATTR_INT},
    {"sections", WG_ATTR_INT},   {"guns", WG_ATTR_TEXT},     {"guns_x", WG_ATTR_INT},    {"guns_y", WG_ATTR_INT},
    {"hidden", WG_ATTR_INT},
    {"off_table", WG_ATTR_INT},
    {"points", WG_ATTR_INT},     {"budget", WG_ATTR_INT},
    {"column", WG_ATTR_TEXT},    {"lead_company", WG_ATTR_INT}, {"rear_company", WG_ATTR_INT},
    {"park", WG_ATTR_INT},       {"park_x", WG_ATTR_INT},    {"park_y", WG_ATTR_INT},
    {NULL, 0}};

enum { SK_LEVEL, SK_COVER };
const wg_attr_key lg_space_keys[] = {{"level", WG_ATTR_INT}, {"cover", WG_ATTR_TEXT}, {NULL, 0}};

enum { OK_KIND, OK_UNIT, OK_MARKER, OK_TARGET, OK_MOVE, OK_FORMATION, OK_DIE, OK_VALUE };
const wg_attr_key lg_option_keys[] = {{"kind", WG_ATTR_TEXT},   {"unit", WG_ATTR_INT},      {"marker", WG_ATTR_TEXT},
                                      {"target", WG_ATTR_INT},  {"move", WG_ATTR_TEXT},     {"formation", WG_ATTR_TEXT},
                                      {"die", WG_ATTR_INT},     {"value", WG_ATTR_INT},     {NULL, 0}};

#define SET_INT(v) (*iv = (v), WG_OK)

int lg_attr(const wg_game *g, int viewer, int of, size_t i, int key, int64_t *iv, wg_sb *sb)
{
    const lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    static const char *const arm[LA_NARMS] = {"infantry", "cavalry", "irregular cavalry", "foot artillery",
                                              "horse artillery", "engineers", "mounted general", "foot general"};
    if (of == WG_ATTR_PIECE) {
        int u = -1, o = -1;
        piece_of(g, viewer, i, &u, &o);
        if (u < 0) {
            if (o < 0)
                return WG_ERANGE;
            la_officer off;
            lg_officer_of(&off, g, o);
            const la_officer *of2 = &off;
            switch (key) {
            case PK_ID: return SET_INT((int64_t)s->nunit + o + 1);
            case PK_NAME: wg__sb_printf(sb, "%s", of2->name); return WG_OK;
            case PK_KIND: wg__sb_printf(sb, "%s", of2->adc ? "aide-de-camp" : "general"); return WG_OK;
            case PK_X: return SET_INT(of2->at.x / WG_TABLE_UNIT);
            case PK_Y: return SET_INT(of2->at.y / WG_TABLE_UNIT);
            case PK_FX: return SET_INT(of2->facing.x);
            case PK_FY: return SET_INT(of2->facing.y);
            case PK_CHARISMA: return SET_INT(of2->charisma);
            case PK_COMMAND: return SET_INT(of2->command);
            case PK_ATTACHED: return s->o[o].attached >= 0 ? SET_INT(s->o[o].attached + 1) : WG_ENOTFOUND;
            case PK_BUDGET: return SET_INT(rd->points[rd->battle.officer[o].side]); /* LA-SCALE-08 */
            default: return WG_ENOTFOUND;
            }
        }
        const lg_unit *x = &s->u[u];
        la_unit lu;
        lg_unit_of(&lu, g, u);
        switch (key) {
        case PK_ID: return SET_INT(u + 1);
        case PK_NAME: wg__sb_printf(sb, "%s", lg_name(g, u)); return WG_OK;
        case PK_KIND: wg__sb_printf(sb, "unit"); return WG_OK;
        case PK_ARM: wg__sb_printf(sb, "%s", arm[lu.arm]); return WG_OK;
        case PK_X: return SET_INT((x->off ? x->gx : x->x) / WG_TABLE_UNIT); /* gone: its guns */
        case PK_Y: return SET_INT((x->off ? x->gy : x->y) / WG_TABLE_UNIT);
        case PK_FX: return SET_INT(x->off ? x->gfx : x->fx);
        case PK_FY: return SET_INT(x->off ? x->gfy : x->fy);
        case PK_FIGURES: return SET_INT(x->off ? 0 : lg_figures(x));
        case PK_OFF_TABLE: return lu.removed > 0 ? SET_INT(lu.removed) : WG_ENOTFOUND;
        case PK_INITIAL: return SET_INT(x->initial);
        case PK_COLUMN: /* a cavalry column of march, by squadron or by company (LA-FORM-22) */
            if (!lg_is_cav(lu.arm) || lu.irregular || x->formation != LA_MARCH)
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", x->by_company > 0 ? "by company" : "by squadron");
            return WG_OK;
        case PK_LEAD_COMPANY: /* by company: the squadron's larger company leads (LA-FORM-22) */
        case PK_REAR_COMPANY:
            if (!lg_is_cav(lu.arm) || x->formation != LA_MARCH || x->by_company <= 0)
                return WG_ENOTFOUND;
            return SET_INT(key == PK_LEAD_COMPANY ? (x->by_company + 1) / 2 : x->by_company / 2);
        case PK_FRONT: return SET_INT(x->front);
        case PK_FORMATION: wg__sb_printf(sb, "%s", la_formation_name[x->formation]); return WG_OK;
        case PK_COHESION: wg__sb_printf(sb, "%s", lg_cohesion_name[x->cohesion & 3]); return WG_OK;
        case PK_MORALE: wg__sb_printf(sb, "%s", lg_state_name[x->morale]); return WG_OK;
        case PK_MARKER:
            if (x->marker < 0 || !marker_known(g, viewer, u))
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", lg_marker_name[x->marker]);
            return WG_OK;
        case PK_STATUS: wg__sb_printf(sb, "%s", la_status_name[la_unit_status(&lu)]); return WG_OK;
        case PK_FATIGUE: return SET_INT(x->fatigue);
        case PK_ELITE: {
            int n = 0;
            for (int c = 0; c < lu.ncomp; c++)
                if (lu.comp[c].elite)
                    n += x->fig[c];
            return SET_INT(n);
        }
        case PK_MELEE: return x->melee_with >= 0 ? SET_INT(x->melee_with + 1) : WG_ENOTFOUND;
        case PK_WIDTH:
        case PK_DEPTH: {
            int32_t bf = 0, bd = 0;
            if (la_base_size(&bf, &bd, g->tables, lu.arm, lu.formation, rd->battle.scale) != WG_OK)
                return WG_ENOTFOUND;
            return key == PK_WIDTH ? SET_INT((int64_t)bf * lu.front / WG_TABLE_UNIT)
                                   : SET_INT((int64_t)bd * la_unit_ranks(&lu) / WG_TABLE_UNIT);
        }
        case PK_CHARGE: return x->charge_target >= 0 ? SET_INT(x->charge_target + 1) : WG_ENOTFOUND;
        case PK_COMMITTED:
            if (x->pend_kind < 0 || !move_known(g, viewer, u))
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", lg_move_name[x->pend_kind]);
            return WG_OK;
        case PK_ORDER: wg__sb_printf(sb, "%s", la_order_name[x->order]); return WG_OK;
        case PK_FLAG: /* option flags: an infantry battalion's or a cavalry regiment's (LA-FLAGS-01) */
            if (!rd->opt[LG_O_FLAGS] || (lu.arm != LA_INFANTRY && !lg_is_cav(lu.arm)))
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", x->flag_lost ? "lost" : "carried");
            return WG_OK;
        case PK_SECTIONS: return lg_is_art(lu.arm) ? SET_INT(lg_sections(g, u)) : WG_ENOTFOUND;
        case PK_GUNS: {
            static const char *const gs[3] = {"manned", "abandoned", "spiked"};
            if (!lg_is_art(lu.arm))
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", gs[x->guns % 3]);
            return WG_OK;
        }
        /* dismounted cavalry: its horse park (LA-UNIT-21, -22) */
        case PK_PARK: return x->dismounted ? SET_INT(x->park) : WG_ENOTFOUND;
        case PK_PARK_X: return lg_has_park(g, u) ? SET_INT(x->px / WG_TABLE_UNIT) : WG_ENOTFOUND;
        case PK_PARK_Y: return lg_has_park(g, u) ? SET_INT(x->py / WG_TABLE_UNIT) : WG_ENOTFOUND;
        case PK_GUNS_X: return lg_is_art(lu.arm) && x->guns ? SET_INT(x->gx / WG_TABLE_UNIT) : WG_ENOTFOUND;
        case PK_GUNS_Y: return lg_is_art(lu.arm) && x->guns ? SET_INT(x->gy / WG_TABLE_UNIT) : WG_ENOTFOUND;
        case PK_HIDDEN: return x->hidden ? SET_INT(1) : WG_ENOTFOUND;
        case PK_POINTS: { /* its value at the start: figures x points per figure (G-38) */
            const la_bunit *b = &rd->battle.unit[u];
            int64_t pts = 0;
            for (int c = 0; c < b->u.ncomp; c++)
                pts += (int64_t)b->u.comp[c].figures * rd->army.type[b->type[c]].points;
            return SET_INT(pts);
        }
        case PK_BUDGET: return SET_INT(rd->points[rd->battle.unit[u].side]); /* LA-SCALE-08 */
        default: return WG_ENOTFOUND;
        }
    }
    if (of == WG_ATTR_OPTION) {
        uint64_t a = g->opts[i].action;
        int arg = LG_AA(a);
        static const char *const kinds[] = {"",     "marker", "charge",   "pivot",        "reaction", "move",
                                            "fire", "die",    "charisma", "officer move", "order", "work"};
        switch (key) {
        case OK_KIND: wg__sb_printf(sb, "%s", LG_AK(a) >= 0 && LG_AK(a) <= LG_A_WORK ? kinds[LG_AK(a)] : ""); return WG_OK;
        case OK_UNIT:
            if (LG_AK(a) == LG_A_ORDER)
                return arg == 0xffff || (arg >> 8) == LG_REPLACE ? WG_ENOTFOUND : SET_INT((arg & 0xff) + 1);
            if (LG_AK(a) == LG_A_DIE || LG_AK(a) == LG_A_CHARISMA || LG_AK(a) == LG_A_OFFMOVE)
                return WG_ENOTFOUND;
            return SET_INT(s->cur + 1);
        case OK_MARKER:
            if (LG_AK(a) != LG_A_MARK)
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", lg_marker_name[arg]);
            return WG_OK;
        case OK_TARGET:
            if ((LG_AK(a) != LG_A_TARGET && LG_AK(a) != LG_A_FIRE) || arg == 0xff)
                return WG_ENOTFOUND;
            if (arg & (LG_TWO_PERIODS | LG_FIRE_PARK)) /* a fire at a horse park: its unit's id */
                return SET_INT((arg & 0xff) + 1);
            if (arg >= LG_MAX) /* an officer: his piece id */
                return SET_INT((int64_t)s->nunit + (arg - LG_MAX) + 1);
            return SET_INT(arg + 1);
        case OK_MOVE:
            if (LG_AK(a) != LG_A_MOVE)
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", lg_move_name[arg & 0xff]);
            return WG_OK;
        case OK_FORMATION:
            if (LG_AK(a) != LG_A_MOVE || (arg >> 8) == 0)
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", la_formation_name[(arg >> 8) - 1]);
            return WG_OK;
        case OK_DIE: return LG_AK(a) == LG_A_DIE ? SET_INT(arg) : WG_ENOTFOUND;
        case OK_VALUE: return LG_AK(a) == LG_A_CHARISMA ? SET_INT(arg) : WG_ENOTFOUND;
        default: return WG_ENOTFOUND;
        }
    }
    if (of == WG_ATTR_SPACE) {
        if (i >= (size_t)g->map->nspace)
            return WG_ERANGE;
        if (key == SK_LEVEL)
            return SET_INT(g->map->areas[i].level);
        if (key == SK_COVER) {
            uint32_t fl = g->map->flags[i];
            wg__sb_printf(sb, "%s", (fl & rd->hard_flag) ? "hard" : (fl & rd->light_flag) ? "light" : "none");
            return WG_OK;
        }
    }
    return WG_ENOTFOUND;
}

/* ---------------------------------------------------------------- odds */

static int unit_arg(wg_game *g, int viewer, wg_odds_req *r, const char *key, int *out)
{
    int64_t id = 0;
    int rc = wg__odds_int(g, r, key, 1, LG_ST(g)->nunit, &id);
    if (rc)
        return rc;
    *out = (int)id - 1;
    if (!lg_active(LG_ST(g), *out) || lg_hidden_from(g, *out, viewer))
        return wg__seterr(g->err, WG_ESTATE, "odds: unit %lld is not on the table in sight of %s", (long long)id,
                          viewer >= 0 ? LG_RD(g)->battle.side[viewer] : "the referee");
    return WG_OK;
}

static int add_mods(wg_odds_out *o, const la_applied *ap, int n, wg_table *const *tabs)
{
    for (int k = 0; k < n; k++) {
        const char *row = NULL;
        const char *tn = ap[k].table >= 0 ? tabs[ap[k].table]->name : "orders";
        if (ap[k].table >= 0)
            wg_table_row_label(&row, tabs[ap[k].table], ap[k].row);
        else /* the order bonuses outside the tables (G-58) */
            row = ap[k].row == 0 ? "hold, neither moved nor changed formation (LA-ORDERS-07)"
                                 : "attack, charging (LA-ORDERS-04)";
        if (wg__odds_modifier(o, tn, ap[k].value, tn, "%s", row ? row : "") != WG_OK)
            return WG_ENOMEM;
    }
    return WG_OK;
}

/* "morale unit=ID [occasion=N] [from=ID]": the results of a morale test of the unit now, over the
   die, before any charisma (LA-MORALE-16); occasion 1..12 as numbered by the rulebook (3, a melee lost,
   by default), `from` the unit that causes it. */
static int morale_odds(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o)
{
    int u = -1, from = -1, rc;
    int64_t occ = 3;
    if ((rc = unit_arg(g, viewer, r, "unit", &u)))
        return rc;
    if (wg__odds_arg(r, "occasion") && (rc = wg__odds_int(g, r, "occasion", 1, 12, &occ)))
        return rc;
    if (wg__odds_arg(r, "from") && (rc = unit_arg(g, viewer, r, "from", &from)))
        return rc;
    la_applied ap[LA_MAX_APPLIED];
    int nap = 0, base = 0;
    if ((rc = lg_test_value(g, u, (int)occ, 0, from, &base, ap, &nap, g->err)) != WG_OK)
        return rc;
    la_unit lu;
    lg_unit_of(&lu, g, u);
    int count[LA_PRISONER + 1] = {0};
    for (int d = 1; d <= 6; d++) {
        int v = 0, res = LA_OBEY;
        if ((rc = lg_test_die(g, d, &v)) != WG_OK)
            return rc;
        if ((rc = la_morale_result(&res, g->err, g->tables, la_unit_status(&lu), base + v, 1)) != WG_OK)
            return rc;
        count[res]++;
    }
    static const int order[] = {LA_UNCONTROLLED, LA_OBEY, LA_HALT, LA_RETREAT, LA_ROUT, LA_FLIGHT};
    for (size_t k = 0; k < sizeof order / sizeof *order; k++)
        if (count[order[k]] &&
            (rc = wg__odds_outcome(o, (uint64_t)count[order[k]], "%s", order[k] == LA_OBEY ? "obeys" : lg_state_name[order[k]])) !=
                WG_OK)
            return rc;
    int morale = base;
    for (int k = 0; k < nap; k++)
        morale -= ap[k].value;
    if (wg__odds_modifier(o, "morale", morale, "LA-MORALE-16", "the troops' morale value"))
        return WG_ENOMEM;
    return add_mods(o, ap, nap, g->tables);
}

/* "fire from=ID at=ID": the losses over the die (LA-FIRE, T28, T30); "melee from=ID at=ID": the losses
   each side inflicts over both dice and who loses (LA-MELEE-13, T29, G-30). */
int lg_odds(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o)
{
    int a, b, rc; /* positions and strengths are public, but for the hidden units (LA-LOS-09) */
    int fire = strcmp(r->verb, "fire") == 0, melee = strcmp(r->verb, "melee") == 0;
    if (strcmp(r->verb, "morale") == 0)
        return morale_odds(g, viewer, r, o);
    if (!fire && !melee)
        return wg__seterr(g->err, WG_EINVAL,
                          "aigles odds: unknown verb '%.40s' (fire from=ID at=ID, melee from=ID at=ID, morale unit=ID "
                          "[occasion=N] [from=ID])",
                          r->verb);
    if ((rc = unit_arg(g, viewer, r, "from", &a)))
        return rc;
    if (fire) { /* the target may be an isolated officer: his piece id after the units' */
        int64_t id = 0;
        if ((rc = wg__odds_int(g, r, "at", 1, (int64_t)LG_ST(g)->nunit + LG_ST(g)->noff, &id)))
            return rc;
        b = id > LG_ST(g)->nunit ? LG_MAX + (int)(id - LG_ST(g)->nunit - 1) : (int)id - 1;
    } else if ((rc = unit_arg(g, viewer, r, "at", &b)))
        return rc;
    if (b < LG_MAX && lg_side(g, a) == lg_side(g, b))
        return wg__seterr(g->err, WG_ESTATE, "odds: %s and %s are on the same side", lg_name(g, a), lg_name(g, b));
    la_applied ap[LA_MAX_APPLIED];
    int nap = 0;
    if (fire && LG_RD(g)->opt[LG_O_PREMEASURE] &&
        !(LG_ST(g)->stage == LG_S_FIREROLL && LG_ST(g)->cur == a && LG_ST(g)->fire_target == b))
        return wg__seterr(g->err, WG_ESTATE,
                          "odds: no measuring before the fire is declared (option premeasure=no, LA-SCALE-07, "
                          "LA-ARTFIRE-07): %s has not declared its fire at %s",
                          lg_name(g, a), lg_name(g, b));
    if (fire) {
        int t[LG_NTARGETS];
        int n = lg_fire_reachable(g, a, t, LG_NTARGETS), ok = 0;
        for (int k = 0; k < n; k++)
            ok |= t[k] == b;
        if (!ok)
            return wg__seterr(g->err, WG_ESTATE, "odds: %s cannot fire at %s (sight, range, arc or melee, LA-FIRE-01; a battery's friends in the way, "
                              "LA-ARTFIRE-05, -06)",
                              lg_name(g, a), lg_name(g, b));
        la_fire f;
        int kind = 0;
        if ((rc = lg_fire_setup(g, a, b, &f, &kind, ap, &nap, g->err)) != WG_OK)
            return rc;
        int vals[6], faces[6], nv = 0;
        if ((rc = la_fire_dist(vals, faces, &nv, g->err, g->tables, &f)) != WG_OK)
            return rc;
        for (int k = 0; k < nv; k++)
            if ((rc = wg__odds_outcome(o, (uint64_t)faces[k], "%d losses", vals[k])) != WG_OK)
                return rc;
        if (wg__odds_modifier(o, "value", f.value, "LA-FIRE-19", "fire value") ||
            wg__odds_modifier(o, "figures", f.figures, "LA-FIRE-15", "figures firing") ||
            (f.half && wg__odds_modifier(o, "half", 1, "G-15", "the unit moved: half effect")))
            return WG_ENOMEM;
        return add_mods(o, ap, nap, g->tables);
    }
    if (LG_ST(g)->u[a].melee_with != b)
        return wg__seterr(g->err, WG_ESTATE, "odds: %s is not in a melee with %s", lg_name(g, a), lg_name(g, b));
    la_melee_side sa, sb;
    int nap2 = 0;
    la_applied ap2[LA_MAX_APPLIED];
    if ((rc = lg_melee_setup(g, a, b, &sa, ap, &nap, g->err)) || (rc = lg_melee_setup(g, b, a, &sb, ap2, &nap2, g->err)))
        return rc;
    int inflicted[6], suffered[6];
    for (int d = 1; d <= 6; d++) {
        if ((rc = la_melee_losses(&inflicted[d - 1], g->err, g->tables, &sa, d)) ||
            (rc = la_melee_losses(&suffered[d - 1], g->err, g->tables, &sb, d)))
            return rc;
    }
    /* the 36 pairs of faces, equal results gathered */
    int px[36], py[36], pw[36], np = 0;
    for (int da = 0; da < 6; da++)
        for (int db = 0; db < 6; db++) {
            int x = inflicted[da], y = suffered[db], k = 0;
            while (k < np && (px[k] != x || py[k] != y))
                k++;
            if (k == np) {
                px[k] = x;
                py[k] = y;
                pw[k] = 0;
                np++;
            }
            pw[k]++;
        }
    for (int k = 0; k < np; k++)
        if ((rc = wg__odds_outcome(o, (uint64_t)pw[k], "%d inflicted, %d suffered: %s", px[k], py[k],
                                   px[k] < py[k] ? "lost" : px[k] > py[k] ? "won" : "a tie")) != WG_OK)
            return rc;
    if (wg__odds_modifier(o, "combat", sa.combat, "LA-MELEE-01", "combat value") ||
        wg__odds_modifier(o, "charge", sa.charge, "LA-CHARGE-10", "charge bonus") ||
        wg__odds_modifier(o, "figures", sa.figures, "LA-MELEE-02", "figures fighting") ||
        (sa.die_plus && wg__odds_modifier(o, "elite", 1, "LA-MELEE-10", "enough elites: +1 on the die")) ||
        (sa.silent && wg__odds_modifier(o, "silent", 1, "LA-MELEE-17", "taken in the rear: no reply")))
        return WG_ENOMEM;
    return add_mods(o, ap, nap, g->tables);
}

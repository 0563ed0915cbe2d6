/* Les Maréchaux: texts for a viewer.  A side sees its own counters and held events; of the enemy
 * it sees only the affiliation and the number of counters in each zone (decoys included), unless
 * the counters are turned over (combat, Argenton).  Nothing here reads the dice generators. */
#include "marechaux.h"

#include <string.h>

static const char *const kind_name[] = {"infantry", "cavalry", "artillery", "baggage", "commander",
                                        "garrison", "decoy", "fleet"};

const char *mr_side_name(int side)
{
    return side == MR_AA ? "Anglo-Allied" : side == MR_FR ? "French" : "?";
}

static const char *zname(const wg_game *g, int z)
{
    const char *n = "";
    if (z < 0)
        return z == MR_Z_EXIT ? "off map" : "-";
    wg_map_name(&n, g->map, z);
    return n;
}

/* May the viewer see unit u's identity? */
int mr_sees(const wg_game *g, int viewer, int u)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    if (viewer == WG_VIEW_REFEREE || rd->unit[u].side == viewer)
        return 1;
    if (rd->unit[u].kind == MR_K_FLEET)
        return 1; /* the fleet marks the AA line of communication */
    if (s->u[u].flags & MR_UF_REVEAL)
        return rd->unit[u].kind != MR_K_DECOY;
    if (viewer == MR_AA && s->u[u].zone >= 0 && s->reveal_aa[s->u[u].zone])
        return 1;
    return 0;
}

static void unit_text(const wg_game *g, int u, wg_sb *sb)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    const mr_unitdef *d = &rd->unit[u];
    wg__sb_printf(sb, "%s (%s", d->name, kind_name[d->kind]);
    if (d->kind == MR_K_INF)
        wg__sb_printf(sb, " %d/%d", s->u[u].steps, d->nbox);
    if (d->kind == MR_K_CDR)
        wg__sb_printf(sb, " SV %d%s", d->sv, d->cic ? " CiC" : "");
    if (s->u[u].flags & MR_UF_ACT)
        wg__sb_printf(sb, ", activated");
    if (s->u[u].flags & MR_UF_DEMOR)
        wg__sb_printf(sb, ", demoralized");
    if (s->u[u].flags & MR_UF_RIVER)
        wg__sb_printf(sb, ", dos a la riviere");
    if (s->u[u].acomb)
        wg__sb_printf(sb, ", a combattu x%d", s->u[u].acomb);
    wg__sb_printf(sb, ")");
}

/* The markers a hidden counter shows on its front (LM-COMP-03, LM-COMP-07, §1.1.1): a key that orders
   them, and their words. */
static unsigned front_key(const mr_state *s, int u)
{
    return (s->u[u].flags & (MR_UF_ACT | MR_UF_DEMOR | MR_UF_RIVER)) | (unsigned)s->u[u].acomb << 8;
}

static void front_text(unsigned key, wg_sb *sb)
{
    const char *sep = "";
    if (key & MR_UF_ACT) {
        wg__sb_printf(sb, "activated");
        sep = ", ";
    }
    if (key & MR_UF_DEMOR) {
        wg__sb_printf(sb, "%sdemoralized", sep);
        sep = ", ";
    }
    if (key & MR_UF_RIVER) {
        wg__sb_printf(sb, "%sdos a la riviere", sep);
        sep = ", ";
    }
    if (key >> 8)
        wg__sb_printf(sb, "%sa combattu x%u", sep, key >> 8);
}

/* Is unit u on the map for the viewer?  During the 1809 free placement the French see none of the
   counters placed so far: where each went would tell the order of placement (LM-FOG-01). */
static int shown(const wg_game *g, int viewer, int u)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    return !(s->stage == MR_S_PLACE && rd->unit[u].freeplace && viewer != WG_VIEW_REFEREE && viewer != rd->unit[u].side);
}

static const char *stage_name(int st)
{
    switch (st) {
    case MR_S_PLACE:
        return "set-up";
    case MR_S_INIT:
        return "A initiative";
    case MR_S_EVDRAW:
    case MR_S_EVKEEP:
        return "B events";
    case MR_S_RECUP:
        return "D administrative";
    case MR_S_OVER:
        return "game over";
    default:
        return "C operations";
    }
}

void mr_describe(const wg_game *g, int viewer, wg_sb *sb)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    wg__sb_printf(sb, "Les Marechaux %s, turn %d of %d (%s %d), phase %s\n", rd->scen ? "1809" : "1808", s->turn,
                  rd->turns, rd->date0, rd->day0 + s->turn - 1, stage_name(s->stage));
    wg__sb_printf(sb, "VP: Anglo-Allied %d, French %d\n", s->vp[0], s->vp[1]);
    if (s->stage >= MR_S_OPS && s->stage < MR_S_RECUP)
        wg__sb_printf(sb, "operation: %s, consecutive passes %d\n", mr_side_name(s->phasing), s->passes);
    for (int z = 0; z < rd->nzone; z++) {
        int n[2] = {0, 0};
        for (int u = 0; u < rd->nunit; u++)
            if (s->u[u].zone == z && shown(g, viewer, u))
                n[rd->unit[u].side]++;
        if (!n[0] && !n[1])
            continue;
        wg__sb_printf(sb, "%s:", zname(g, z));
        for (int side = 0; side < 2; side++) {
            if (!n[side])
                continue;
            int hidden = 0, shownn = 0;
            for (int u = 0; u < rd->nunit; u++)
                shownn += s->u[u].zone == z && rd->unit[u].side == side && shown(g, viewer, u);
            if (!shownn)
                continue;
            wg__sb_printf(sb, " [%s:", mr_side_name(side));
            for (int u = 0; u < rd->nunit; u++) {
                if (s->u[u].zone != z || rd->unit[u].side != side || !shown(g, viewer, u))
                    continue;
                if (mr_sees(g, viewer, u)) {
                    wg__sb_printf(sb, " ");
                    unit_text(g, u, sb);
                } else {
                    hidden++;
                }
            }
            if (hidden) {
                wg__sb_printf(sb, " %d hidden counter%s", hidden, hidden > 1 ? "s" : "");
                /* their fronts' markers, by kind of front (LM-COMP-03) */
                const char *sep = " (";
                for (unsigned key = 1, next; key != 0u; key = next) {
                    int cnt = 0;
                    next = 0;
                    for (int u = 0; u < rd->nunit; u++) {
                        if (s->u[u].zone != z || rd->unit[u].side != side || !shown(g, viewer, u) ||
                            mr_sees(g, viewer, u))
                            continue;
                        unsigned k = front_key(s, u);
                        if (k == key)
                            cnt++;
                        else if (k > key && (next == 0 || k < next))
                            next = k;
                    }
                    if (cnt) {
                        wg__sb_printf(sb, "%s%d ", sep, cnt);
                        front_text(key, sb);
                        sep = "; ";
                    }
                }
                if (sep[0] == ';')
                    wg__sb_printf(sb, ")");
            }
            if (s->axis[z][side] >= 0)
                wg__sb_printf(sb, "; retraite toward %s", zname(g, mr_other_zone(rd, s->axis[z][side], z)));
            wg__sb_printf(sb, "]");
        }
        wg__sb_printf(sb, "\n");
    }
    for (int side = 0; side < 2; side++) {
        wg__sb_printf(sb, "%s events: %u in the container", mr_side_name(side), wg__pool_count(&s->container[side]));
        int nh = 0;
        for (int e = 0; e < rd->nevt; e++)
            nh += s->hand[side][e];
#ifdef WG_INJECT_LEAK
        /* the leak harness's self-test: a library that shows every side's held events to everyone */
        if (1) {
#else
        if (viewer == side || viewer == WG_VIEW_REFEREE) {
#endif
            wg__sb_printf(sb, ", held:");
            for (int e = 0; e < rd->nevt; e++)
                if (s->hand[side][e] > 0)
                    wg__sb_printf(sb, " %s x%d", rd->evt[e].name, s->hand[side][e]);
        } else {
            wg__sb_printf(sb, ", %d held", nh);
        }
        wg__sb_printf(sb, "\n");
    }
    wg__sb_printf(sb, "fatigue markers in the container: %u\n", wg__pool_count(&s->fatigue));
    if (s->cb.zone >= 0) /* LM-COMP-06: the "Bataille" marker */
        wg__sb_printf(sb, "bataille: %s attacks in %s\n", mr_side_name(s->cb.att), zname(g, s->cb.zone));
    if ((viewer == s->phasing || viewer == WG_VIEW_REFEREE) && s->stage >= MR_S_MOVE && s->stage <= MR_S_FORCE) {
        int spent = 0; /* LM-COMP-06: the "PM" marker, MP spent by the moving stack */
        for (int u = 0; u < rd->nunit; u++)
            if ((s->u[u].flags & MR_UF_SEL) && s->u[u].zone == s->mv.zone && rd->unit[u].side == s->phasing) {
                int mp = s->mv.half ? mr_half_up(rd->unit[u].mp) : rd->unit[u].mp;
                if (mp - s->u[u].mp > spent)
                    spent = mp - s->u[u].mp;
            }
        wg__sb_printf(sb, "moving stack: PM %d MP spent in %s\n", spent, zname(g, s->mv.zone));
        wg__sb_printf(sb, "moving stack fatigue: %d\n", s->mv.fatigue);
    }
    if (viewer == WG_VIEW_REFEREE) {
        wg__sb_printf(sb, "eliminated or off map:");
        for (int u = 0; u < rd->nunit; u++)
            if (s->u[u].zone == MR_Z_ELIM || s->u[u].zone == MR_Z_EXIT)
                wg__sb_printf(sb, " %s(%s)", rd->unit[u].name, s->u[u].zone == MR_Z_EXIT ? "exited" : "eliminated");
        wg__sb_printf(sb, "\n");
    }
}

static void uname(const wg_game *g, int viewer, int u, wg_sb *sb)
{
    const mr_rdata *rd = MR_RD(g);
    if (u < 0 || u >= rd->nunit) {
        wg__sb_printf(sb, "-");
        return;
    }
    if (viewer == WG_VIEW_REFEREE || viewer == rd->unit[u].side)
        wg__sb_printf(sb, "%s", rd->unit[u].name);
    else
        wg__sb_printf(sb, "%s %s counter", rd->unit[u].side == MR_AA ? "an" : "a", mr_side_name(rd->unit[u].side));
}

const char *mr_event_rule(const wg_game *g, const wg_event *e, int viewer)
{
    (void)g;
    int full = viewer == WG_VIEW_REFEREE || (viewer >= 0 && viewer < 32 && (e->visible & (1u << viewer)));
    if (full)
        return e->rule;
    switch (e->kind) {
    case MR_EV_FRETURN: /* whether baggage or a commander gave the return is the owner's to know */
        return "LM-FATIGUE-07/08";
    default:
        return e->rule;
    }
}

void mr_event_text(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb)
{
    const mr_rdata *rd = MR_RD(g);
    const int32_t *a = e->a;
    int full = viewer == WG_VIEW_REFEREE || (viewer >= 0 && viewer < 32 && (e->visible & (1u << viewer)));
    wg__sb_printf(sb, "[%s] ", mr_event_rule(g, e, viewer));
    switch (e->kind) {
    case MR_EV_TURN:
        wg__sb_printf(sb, "turn %d begins", a[0]);
        break;
    case MR_EV_INIT:
        wg__sb_printf(sb, "%s wins the initiative", mr_side_name(a[0]));
        if (a[3] >= 0) /* the winner's total first */
            wg__sb_printf(sb, " (%d against %d)", a[0] == MR_AA ? a[1] : a[2], a[0] == MR_AA ? a[2] : a[1]);
        break;
    case MR_EV_EVDRAW:
        if (a[1] < 0)
            wg__sb_printf(sb, "%s's container is empty: no event", mr_side_name(a[0]));
        else if (full)
            wg__sb_printf(sb, "%s draws the event %s", mr_side_name(a[0]), rd->evt[a[1]].name);
        else
            wg__sb_printf(sb, "%s draws an event", mr_side_name(a[0]));
        break;
    case MR_EV_EVKEEP:
        wg__sb_printf(sb, "%s keeps %s", mr_side_name(a[0]), full ? rd->evt[a[1]].name : "the event secretly");
        break;
    case MR_EV_EVTEMPT:
        wg__sb_printf(sb, "%s returns %s to the container (tempting fate)", mr_side_name(a[0]),
                      full ? rd->evt[a[1]].name : "the event");
        break;
    case MR_EV_EVPLAY:
        wg__sb_printf(sb, "%s plays %s", mr_side_name(a[0]), rd->evt[a[1]].name);
        break;
    case MR_EV_PASS:
        wg__sb_printf(sb, "%s passes", mr_side_name(a[0]));
        break;
    case MR_EV_PHASE_END:
        wg__sb_printf(sb, "both players passed: the operations phase ends");
        break;
    case MR_EV_CMD:
        if (a[1] < 0)
            wg__sb_printf(sb, "%s stack activated without a command test", mr_side_name(a[0]));
        else if (full)
            wg__sb_printf(sb, "%s command test: die %d, total %d: %s", mr_side_name(a[0]), a[1], a[3],
                          a[2] == 2 ? "all MP" : a[2] == 1 ? "half MP" : "activated, does nothing");
        else /* the total would tell the commander's SV (LM-FOG-01): the die and the outcome show */
            wg__sb_printf(sb, "%s command test: die %d: %s", mr_side_name(a[0]), a[1],
                          a[2] == 2 ? "all MP" : a[2] == 1 ? "half MP" : "activated, does nothing");
        break;
    case MR_EV_DISENG:
        if (full)
            wg__sb_printf(sb, "%s disengagement: die %d, total %d: %s", mr_side_name(a[0]), a[1], a[3],
                          a[2] ? "success" : "failure");
        else /* the total would tell the cavalry a side did not declare (LM-DISENG-07) */
            wg__sb_printf(sb, "%s disengagement: die %d: %s", mr_side_name(a[0]), a[1], a[2] ? "success" : "failure");
        break;
    case MR_EV_ACTIVATE:
        wg__sb_printf(sb, "%s activates a stack in %s", mr_side_name(a[0]), zname(g, a[1]));
        break;
    case MR_EV_CONN:
        wg__sb_printf(sb, "%s stack moves %s -> %s", mr_side_name(a[0]), zname(g, a[1]), zname(g, a[2]));
        break;
    case MR_EV_FDRAW:
        if (a[1] == -2)
            wg__sb_printf(sb, "%s stack must draw %d fatigue marker%s", mr_side_name(a[0]), a[2],
                          a[2] > 1 ? "s" : "");
        else if (a[1] == -1)
            wg__sb_printf(sb, "the fatigue container is empty: %d draw(s) skipped", a[2]);
        else if (full)
            wg__sb_printf(sb, "%s draws a fatigue marker of %d (fatigue %d)", mr_side_name(a[0]), a[1], a[2]);
        else
            wg__sb_printf(sb, "%s draws a fatigue marker", mr_side_name(a[0]));
        break;
    case MR_EV_FRETURN:
        if (full)
            wg__sb_printf(sb, "%s returns a fatigue marker of %d (fatigue %d)", mr_side_name(a[0]), a[1], a[2]);
        else
            wg__sb_printf(sb, "%s returns a fatigue marker", mr_side_name(a[0]));
        break;
    case MR_EV_FLOSS:
        if (full)
            wg__sb_printf(sb, "%s stops: fatigue %d exceeds morale %d%s", rd->unit[a[0]].name, a[1], a[2],
                          a[3] ? ", loses 1 step" : "");
        else
            wg__sb_printf(sb, "%s %s counter stops", rd->unit[a[0]].side == MR_AA ? "an" : "a", mr_side_name(rd->unit[a[0]].side));
        break;
    case MR_EV_AXIS:
        if (a[2] < 0)
            wg__sb_printf(sb, "%s has no axis of retreat in %s", mr_side_name(a[0]), zname(g, a[1]));
        else
            wg__sb_printf(sb, "%s places its Retraite marker in %s toward %s", mr_side_name(a[0]), zname(g, a[1]),
                          zname(g, mr_other_zone(rd, a[2], a[1])));
        break;
    case MR_EV_AXIS_GONE:
        wg__sb_printf(sb, "the Retraite markers in %s are removed: one side is left", zname(g, a[0]));
        break;
    case MR_EV_AXIS_LOST:
        wg__sb_printf(sb, "%s loses its axis of retreat in %s", mr_side_name(a[0]), zname(g, a[1]));
        break;
    case MR_EV_COMBAT:
        wg__sb_printf(sb, "%s %s in %s", mr_side_name(a[0]), a[2] ? "forces the passage" : "attacks",
                      zname(g, a[1]));
        break;
    case MR_EV_REVEAL:
        if (a[1] == -1)
            wg__sb_printf(sb, "head unit: %s", rd->unit[a[0]].name);
        else
            wg__sb_printf(sb, "turned over: %s, %d step(s)", rd->unit[a[0]].name, a[1]);
        break;
    case MR_EV_DECOY_GONE:
        wg__sb_printf(sb, "%s %s decoy is removed", rd->unit[a[0]].side == MR_AA ? "an" : "a", mr_side_name(rd->unit[a[0]].side));
        break;
    case MR_EV_WITHDRAW:
        wg__sb_printf(sb, "%s cavalry withdrawal: die %d, total %d: %s", mr_side_name(a[0]), a[1], a[3],
                      a[2] ? "withdraws" : "fails");
        break;
    case MR_EV_ART:
        wg__sb_printf(sb, "%s artillery: %d success(es)", mr_side_name(a[0]), a[1]);
        break;
    case MR_EV_CP:
        wg__sb_printf(sb, "%s CP %d (ratio %d, head morale %d)", mr_side_name(a[0]), a[1], a[2], a[3]);
        break;
    case MR_EV_MELEE:
        if (a[0] == -1 && e->kind == MR_EV_MELEE && strcmp(e->rule, "LM-COMBAT-10") == 0)
            wg__sb_printf(sb, "amplitude %d", a[1]);
        else if (a[0] < 0)
            wg__sb_printf(sb, "melee: CP difference 0, amplitude %d: both lose (AA %d, F %d)", a[1], a[3] / 16,
                          a[3] % 16);
        else
            wg__sb_printf(sb, "melee: %s wins by %d, amplitude %d: losses AA %d, F %d", mr_side_name(a[0]), a[2],
                          a[1], a[3] / 16, a[3] % 16);
        break;
    case MR_EV_LOSS:
        wg__sb_printf(sb, "loss: %s", rd->unit[a[0]].name);
        break;
    case MR_EV_RETREAT:
        if (a[3] == -1)
            wg__sb_printf(sb, "%s cannot retreat from %s: one more loss", mr_side_name(a[0]), zname(g, a[1]));
        else if (a[3] == -2)
            wg__sb_printf(sb, "%s retreats over a bridge: one more loss", mr_side_name(a[0]));
        else
            wg__sb_printf(sb, "%s retreats %s -> %s", mr_side_name(a[0]), zname(g, a[1]), zname(g, a[2]));
        break;
    case MR_EV_DEMOR:
        wg__sb_printf(sb, "%s demoralization test: die %d + %d: %s", mr_side_name(a[0]), a[1], a[2],
                      a[3] ? "demoralized" : "holds");
        break;
    case MR_EV_PURSUIT:
        wg__sb_printf(sb, "pursuit of %s: loser 2d6 %d, winner 1d6 %d: %d loss(es)", mr_side_name(a[0]), a[1], a[2],
                      a[3]);
        break;
    case MR_EV_ADMIN:
        wg__sb_printf(sb, "administrative phase: Anglo-Allied rolls for %d counter%s, French for %d", a[0],
                      a[0] == 1 ? "" : "s", a[1]);
        break;
    case MR_EV_NOFIGHT:
        wg__sb_printf(sb, "no combat in %s: the %s counters there hold no unit that fights", zname(g, a[1]),
                      mr_side_name(a[0]));
        break;
    case MR_EV_LONECDR:
        if (a[2] == 2)
            wg__sb_printf(sb, "the %s counters in %s are a lone commander beside the enemy", mr_side_name(a[0]),
                          zname(g, a[1]));
        else if (a[2])
            wg__sb_printf(sb, "the %s counters in %s are a lone commander; the stack entering has no troops: no test",
                          mr_side_name(a[0]), zname(g, a[1]));
        else
            wg__sb_printf(sb, "the %s counters in %s are a lone commander: he tests for elimination",
                          mr_side_name(a[0]), zname(g, a[1]));
        break;
    case MR_EV_CDR: /* the commander is named to his side only (LM-FOG-01) */
        uname(g, viewer, a[0], sb);
        wg__sb_printf(sb, " elimination test: 2d6 %d: %s", a[1], a[2] ? "eliminated" : "survives");
        break;
    case MR_EV_ACOMB:
        wg__sb_printf(sb, "combat in %s ends", zname(g, a[0]));
        break;
    case MR_EV_ELIM: /* named to its side only; a unit turned over in combat was named then */
        uname(g, viewer, a[0], sb);
        wg__sb_printf(sb, " eliminated");
        break;
    case MR_EV_RECUP:
    case MR_EV_RALLY:
        wg__sb_printf(sb, "%s ", e->kind == MR_EV_RECUP ? "recuperation of" : "rally of");
        uname(g, viewer, a[0], sb);
        if (full)
            wg__sb_printf(sb, ": die %d, %s", a[1], a[2] ? "success" : "failure");
        break;
    case MR_EV_VP:
        wg__sb_printf(sb, "%s scores %d VP", mr_side_name(a[0]), a[1]);
        break;
    case MR_EV_END:
        wg__sb_printf(sb, "game over: Anglo-Allied %d VP, French %d VP", a[0], a[1]);
        break;
    case MR_EV_PLACE:
        wg__sb_printf(sb, "set-up: ");
        uname(g, viewer, a[0], sb);
        if (full) /* the zone would tell the order of placement (LM-FOG-01) */
            wg__sb_printf(sb, " placed in %s", zname(g, a[1]));
        else
            wg__sb_printf(sb, " placed");
        break;
    case MR_EV_FLEET:
        wg__sb_printf(sb, "the British fleet sails to %s", zname(g, a[0]));
        break;
    case MR_EV_LANDING:
        wg__sb_printf(sb, "Debarquement: %s lands at %s", rd->unit[a[0]].name, zname(g, a[1]));
        break;
    case MR_EV_DECOY:
        wg__sb_printf(sb, "%s counter %s %s", mr_side_name(a[0]), a[2] ? "added in" : "removed from", zname(g, a[1]));
        if (full)
            wg__sb_printf(sb, " (decoy)");
        break;
    case MR_EV_STOP:
        if (a[2] < 0) {
            wg__sb_printf(sb, "%s drops ", mr_side_name(a[0]));
            uname(g, viewer, a[3], sb);
            wg__sb_printf(sb, " in %s", zname(g, a[1]));
        } else {
            wg__sb_printf(sb, "%s stack ends its movement in %s", mr_side_name(a[0]), zname(g, a[1]));
        }
        break;
    case MR_EV_GARRISON:
        if (full)
            wg__sb_printf(sb, "%s %s a garrison in %s", rd->unit[a[0]].name, a[2] ? "creates" : "recovers",
                          zname(g, a[3]));
        else
            wg__sb_printf(sb, "%s garrison counter %s %s", mr_side_name(rd->unit[a[0]].side),
                          a[2] ? "placed in" : "removed from", zname(g, a[3]));
        break;
    case MR_EV_ARGENTON:
        wg__sb_printf(sb, "Argenton: the French counters in %s and %s are turned over for the Anglo-Allied player",
                      zname(g, a[0]), zname(g, a[1]));
        break;
    case MR_EV_ARGENTON_UNIT: /* LM-FOG-03: the counter is named to the Anglo-Allied player and the referee only */
        if (full) {
            wg__sb_printf(sb, "Argenton: %s (%s", rd->unit[a[0]].name, kind_name[rd->unit[a[0]].kind]);
            if (rd->unit[a[0]].kind == MR_K_INF)
                wg__sb_printf(sb, " %d/%d", a[2], rd->unit[a[0]].nbox);
            wg__sb_printf(sb, ") in %s is turned over for the Anglo-Allied player", zname(g, a[1]));
        } else {
            wg__sb_printf(sb, "Argenton: a French counter in %s is turned over for the Anglo-Allied player",
                          zname(g, a[1]));
        }
        break;
    case MR_EV_DECLARE:
        if (a[1] < 0)
            wg__sb_printf(sb, "%s does not declare its cavalry", mr_side_name(a[0]));
        else
            wg__sb_printf(sb, "%s declares %d cavalry step(s)", mr_side_name(a[0]), a[1]);
        break;
    case MR_EV_EXIT: /* named to its side only */
        uname(g, viewer, a[0], sb);
        wg__sb_printf(sb, " leaves the map toward Spain");
        break;
    default:
        wg__sb_printf(sb, "event %d", e->kind);
        break;
    }
}

int mr_option_label(const wg_game *g, uint64_t action, wg_sb *sb)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int t = MR_ATYPE(action), x = MR_AARG(action);
    switch (t) {
    case MR_A_ROLL:
        if (s->stage == MR_S_INIT)
            wg__sb_printf(sb, "dice AA %d, F %d", x / 8, x % 8);
        else if (s->stage == MR_S_ARTROLL)
            wg__sb_printf(sb, "%d artillery success(es)", x);
        else
            wg__sb_printf(sb, "roll %d", x);
        break;
    case MR_A_DRAW: /* the slot and what lies in it: a host drawing from a real cup picks a slot of the
                       marker it drew; only the drawing side and the referee see these labels
                       (mr_chance_viewers), the other side sees "option N" */
        if (s->stage == MR_S_EVDRAW) {
            int e = wg__pool_slot_type(&s->container[s->who], (unsigned)x);
            wg__sb_printf(sb, "draw event marker %d of %u: %s", x + 1, wg__pool_count(&s->container[s->who]),
                          e >= 0 ? rd->evt[e].name : "?");
        } else {
            int t2 = wg__pool_slot_type(&s->fatigue, (unsigned)x);
            wg__sb_printf(sb, "draw fatigue marker %d of %u: fatigue %d", x + 1, wg__pool_count(&s->fatigue),
                          t2 >= 0 ? rd->ftval[t2] : -1);
        }
        break;
    case MR_A_PLACE:
        wg__sb_printf(sb, "place in %s", zname(g, x));
        break;
    case MR_A_HISTORIC:
        wg__sb_printf(sb, "historical placement");
        break;
    case MR_A_KEEP:
        wg__sb_printf(sb, "keep or play the event");
        break;
    case MR_A_TEMPT:
        wg__sb_printf(sb, "tempt fate: return it (2 VP to the opponent)");
        break;
    case MR_A_PASS:
        wg__sb_printf(sb, "pass");
        break;
    case MR_A_MOVE:
        wg__sb_printf(sb, "move a stack from %s", zname(g, x));
        break;
    case MR_A_DISENG:
        wg__sb_printf(sb, "disengage a stack from %s", zname(g, x));
        break;
    case MR_A_COMBAT:
        wg__sb_printf(sb, "attack in %s", zname(g, x));
        break;
    case MR_A_FLEET:
        wg__sb_printf(sb, "fleet to %s", zname(g, x));
        break;
    case MR_A_LANDING:
        wg__sb_printf(sb, "play Debarquement");
        break;
    case MR_A_DECOY_ADD:
        wg__sb_printf(sb, "add a decoy in %s", zname(g, x));
        break;
    case MR_A_DECOY_DEL:
        wg__sb_printf(sb, "remove a decoy from %s", zname(g, x));
        break;
    case MR_A_TOGGLE:
        if (rd->unit[x].kind == MR_K_DECOY) /* decoys are alike: none is named */
            wg__sb_printf(sb, "%s", (s->u[x].follow & MR_FOLLOWS) ? "leave a decoy behind" : "take a decoy along");
        else
            wg__sb_printf(sb, "%s %s", (s->u[x].flags & MR_UF_SEL) ? "leave out" : "include", rd->unit[x].name);
        break;
    case MR_A_DONE:
        wg__sb_printf(sb, "stack formed");
        break;
    case MR_A_CONN:
        wg__sb_printf(sb, "go to %s (%d MP)", zname(g, mr_other_zone(rd, x, s->mv.zone)), rd->ccost[x]);
        break;
    case MR_A_STOP:
        wg__sb_printf(sb, "stop");
        break;
    case MR_A_DROP:
        wg__sb_printf(sb, "leave %s here", rd->unit[x].name);
        break;
    case MR_A_FRETURN:
        wg__sb_printf(sb, "return a fatigue marker of %d", rd->ftval[x]);
        break;
    case MR_A_NORETURN:
        wg__sb_printf(sb, "keep the markers");
        break;
    case MR_A_AXIS:
        wg__sb_printf(sb, "Retraite toward %s", zname(g, mr_other_zone(rd, x, s->mv.zone)));
        break;
    case MR_A_FORCE:
        wg__sb_printf(sb, "force the passage");
        break;
    case MR_A_WITHDRAW:
        wg__sb_printf(sb, "withdraw the cavalry");
        break;
    case MR_A_STAY:
        wg__sb_printf(sb, "stay and fight");
        break;
    case MR_A_EVENT:
        wg__sb_printf(sb, "play %s", rd->evt[x].name);
        break;
    case MR_A_NOEVENT:
        wg__sb_printf(sb, "no (more) events");
        break;
    case MR_A_HEAD:
        wg__sb_printf(sb, "head unit %s", rd->unit[x].name);
        break;
    case MR_A_LOSS:
        wg__sb_printf(sb, "loss on %s", rd->unit[x].name);
        break;
    case MR_A_RETREAT: {
        int from = -1;
        for (int u = 0; u < rd->nunit && from < 0; u++)
            if ((s->u[u].flags & MR_UF_SEL) && rd->unit[u].side == s->who && s->u[u].zone >= 0)
                from = s->u[u].zone;
        wg__sb_printf(sb, "retreat toward %s", from >= 0 ? zname(g, mr_other_zone(rd, x, from)) : "?");
        break;
    }
    case MR_A_GARRISON:
        wg__sb_printf(sb, "%s creates a garrison", rd->unit[x].name);
        break;
    case MR_A_RECOVER:
        wg__sb_printf(sb, "%s recovers the garrison", rd->unit[x].name);
        break;
    case MR_A_ARGENTON:
        wg__sb_printf(sb, "play Argenton on %s and %s", zname(g, x / 256), zname(g, x % 256));
        break;
    case MR_A_DECLARE:
        wg__sb_printf(sb, x ? "declare the cavalry steps" : "keep them secret");
        break;
    case MR_A_CDRZONE:
        wg__sb_printf(sb, "commander escapes toward %s", zname(g, mr_other_zone(rd, x, s->u[s->mv.lonecdr].zone)));
        break;
    default:
        wg__sb_printf(sb, "action %d/%d", t, x);
        break;
    }
    return WG_OK;
}

void mr_decision(const wg_game *g, int *player, int *kind)
{
    const mr_state *s = MR_ST(g);
    *player = s->who >= 0 ? s->who : WG_PLAYER_CHANCE;
    switch (s->stage) {
    case MR_S_OVER:
        *player = WG_PLAYER_NONE;
        *kind = WG_DEC_NONE;
        return;
    case MR_S_INIT:
    case MR_S_CMDROLL:
    case MR_S_DISROLL:
    case MR_S_CDRROLL:
    case MR_S_ARTROLL:
    case MR_S_CPROLL:
    case MR_S_DEMROLL:
    case MR_S_PURSUIT:
    case MR_S_RECUP:
        *player = WG_PLAYER_CHANCE;
        *kind = WG_DEC_ROLL;
        return;
    case MR_S_EVDRAW:
    case MR_S_FDRAW:
        *player = WG_PLAYER_CHANCE;
        *kind = WG_DEC_DRAW;
        return;
    case MR_S_PLACE:
        *kind = WG_DEC_PLACE;
        return;
    case MR_S_OPS:
    case MR_S_FORM:
        *kind = WG_DEC_SELECT;
        return;
    case MR_S_MOVE:
    case MR_S_CDRMOVE:
        *kind = WG_DEC_MOVE;
        return;
    case MR_S_EVKEEP:
    case MR_S_CBEVENT:
        *kind = WG_DEC_CARD;
        return;
    case MR_S_LOSS:
        *kind = WG_DEC_LOSS;
        return;
    case MR_S_RETREAT:
        *kind = WG_DEC_RETREAT;
        return;
    case MR_S_FORCE:
    case MR_S_WITHDRAW:
    case MR_S_DECLARE:
        *kind = WG_DEC_YESNO;
        return;
    default:
        *kind = WG_DEC_OTHER;
        return;
    }
}

void mr_decision_text(const wg_game *g, wg_sb *sb)
{
    const mr_state *s = MR_ST(g);
    static const char *const what[] = {"",
                                       "place a unit (set-up)",
                                       "initiative dice",
                                       "event draw",
                                       "keep the event or tempt fate",
                                       "choose an operation",
                                       "form the stack",
                                       "command test die",
                                       "disengagement die",
                                       "move: next connection, drop a unit or stop",
                                       "fatigue marker draw",
                                       "return a fatigue marker?",
                                       "place the Retraite marker",
                                       "stop or force the passage",
                                       "commander elimination dice",
                                       "move the surviving commander",
                                       "withdraw the cavalry?",
                                       "play combat events",
                                       "artillery dice",
                                       "name the head unit",
                                       "CP die",
                                       "allocate a loss",
                                       "choose the next retreat zone",
                                       "demoralization die",
                                       "pursuit dice",
                                       "recuperation or rally die",
                                       "game over",
                                       "declare your cavalry steps for the disengagement?"};
    int st = s->stage;
    if (st < 0 || st > MR_S_DECLARE)
        st = 0;
    if (s->stage == MR_S_OVER)
        wg__sb_printf(sb, "%s", what[st]);
    else
        wg__sb_printf(sb, "%s: %s", s->who >= 0 ? mr_side_name(s->who) : "chance", what[st]);
}

/* Pieces on the map, zone by zone, side by side: the counters the viewer may identify (in order of
   the order of battle), then that side's hidden counters as identical anonymous pieces, so neither
   the order nor the labels tell hidden counters apart. */
int mr_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    size_t k = 0;
    int found = 0;
    for (int z = 0; z < rd->nzone; z++) {
        for (int sd = 0; sd < 2; sd++) {
            for (int u = 0; u < rd->nunit; u++) {
                if (s->u[u].zone != z || rd->unit[u].side != sd || !shown(g, viewer, u) || !mr_sees(g, viewer, u))
                    continue;
                if (k++ == i) {
                    found = 1;
                    *side = sd;
                    *space = z;
                    if (label)
                        unit_text(g, u, label);
                }
            }
            /* the hidden counters, by the markers on their fronts (LM-COMP-03): the order tells
               nothing the fronts do not show */
            for (unsigned key = 0, next;; key = next) {
                next = 0;
                for (int u = 0; u < rd->nunit; u++) {
                    if (s->u[u].zone != z || rd->unit[u].side != sd || !shown(g, viewer, u) || mr_sees(g, viewer, u))
                        continue;
                    unsigned fk = front_key(s, u);
                    if (fk > key && (next == 0 || fk < next))
                        next = fk;
                    if (fk != key)
                        continue;
                    if (k++ == i) {
                        found = 1;
                        *side = sd;
                        *space = z;
                        if (label) {
                            wg__sb_printf(label, "%s hidden counter", mr_side_name(sd));
                            if (fk) {
                                wg__sb_printf(label, ", ");
                                front_text(fk, label);
                            }
                        }
                    }
                }
                if (next == 0)
                    break;
            }
        }
    }
    *count = k;
    return found ? WG_OK : WG_ERANGE;
}

/* Who may read the labels of the current chance decision: a draw from a hidden pool is seen by the
   drawing side only; dice are public. */
uint32_t mr_chance_viewers(const wg_game *g)
{
    const mr_state *s = MR_ST(g);
    int p, k;
    g->ops->decision(g, &p, &k);
    if (k == WG_DEC_DRAW && s->who >= 0 && s->who < 2)
        return 1u << s->who;
    return ~0u;
}

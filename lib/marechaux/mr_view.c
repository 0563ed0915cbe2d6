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
int mr_shown(const wg_game *g, int viewer, int u)
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
            if (s->u[u].zone == z && mr_shown(g, viewer, u))
                n[rd->unit[u].side]++;
        if (!n[0] && !n[1])
            continue;
        wg__sb_printf(sb, "%s:", zname(g, z));
        for (int side = 0; side < 2; side++) {
            if (!n[side])
                continue;
            int hidden = 0, shownn = 0;
            for (int u = 0; u < rd->nunit; u++)
                shownn += s->u[u].zone == z && rd->unit[u].side == side && mr_shown(g, viewer, u);
            if (!shownn)
                continue;
            wg__sb_printf(sb, " [%s:", mr_side_name(side));
            for (int u = 0; u < rd->nunit; u++) {
                if (s->u[u].zone != z || rd->unit[u].side != side || !mr_shown(g, viewer, u))
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
                        if (s->u[u].zone != z || rd->unit[u].side != side || !mr_shown(g, viewer, u) ||
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
   the order of battle), then that side's hidden counters as identical anonymous pieces, by the
   markers on their fronts (LM-COMP-03) and, among alike ones, by their sighting ids: neither the
   order nor the labels nor the ids tell hidden counters apart.  Writes the units in that order into
   list (MR_MAXU entries); returns their number. */
static int piece_list(const wg_game *g, int viewer, int *list)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    /* what the viewer sees of each unit, asked once: 0 nothing, 1 the unit, 2 a hidden counter;
       the units bucketed by (zone, side) in order of the order of battle */
    unsigned char vis[MR_MAXU];
    int start[MR_MAXZ * 2 + 1] = {0}, order[MR_MAXU];
    for (int u = 0; u < rd->nunit; u++) {
        vis[u] = (unsigned char)(!mr_shown(g, viewer, u) ? 0 : mr_sees(g, viewer, u) ? 1 : 2);
        if (vis[u] && s->u[u].zone >= 0 && s->u[u].zone < rd->nzone)
            start[s->u[u].zone * 2 + rd->unit[u].side + 1]++;
        else
            vis[u] = 0;
    }
    for (int b = 0; b < rd->nzone * 2; b++)
        start[b + 1] += start[b];
    int fill[MR_MAXZ * 2];
    memcpy(fill, start, sizeof(int) * (size_t)(rd->nzone * 2));
    for (int u = 0; u < rd->nunit; u++)
        if (vis[u])
            order[fill[s->u[u].zone * 2 + rd->unit[u].side]++] = u;
    int k = 0;
    for (int b = 0; b < rd->nzone * 2; b++) {
        for (int t = start[b]; t < start[b + 1]; t++)
            if (vis[order[t]] == 1)
                list[k++] = order[t];
        int h0 = k;
        for (int t = start[b]; t < start[b + 1]; t++) {
            int u = order[t];
            if (vis[u] != 2)
                continue;
            int j = k++;
            unsigned fu = front_key(s, u);
            for (; j > h0; j--) {
                int v = list[j - 1];
                unsigned fv = front_key(s, v);
                if (fv < fu || (fv == fu && s->sid[v] < s->sid[u]))
                    break;
                list[j] = v;
            }
            list[j] = u;
        }
    }
    return k;
}

int mr_piece_unit(const wg_game *g, int viewer, size_t i, size_t *count)
{
    int list[MR_MAXU];
    int n = piece_list(g, viewer, list);
    if (count)
        *count = (size_t)n;
    return i < (size_t)n ? list[i] : -1;
}

int mr_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int u = mr_piece_unit(g, viewer, i, count);
    if (u < 0)
        return WG_ERANGE;
    *side = rd->unit[u].side;
    *space = s->u[u].zone;
    if (label) {
        if (mr_sees(g, viewer, u)) {
            unit_text(g, u, label);
        } else {
            unsigned fk = front_key(s, u);
            wg__sb_printf(label, "%s hidden counter", mr_side_name(rd->unit[u].side));
            if (fk) {
                wg__sb_printf(label, ", ");
                front_text(fk, label);
            }
        }
    }
    return WG_OK;
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

/* ---------------------------------------------------------------- typed attributes
   (doc/marechaux.md, "Attributes, names and option order") */

enum {
    PK_ID, PK_NAME, PK_TYPE, PK_HIDDEN, PK_STEPS, PK_MAX_STEPS, PK_MORALE, PK_MP, PK_SV, PK_CIC, PK_BRITISH,
    PK_REVEALED, PK_ACTIVATED, PK_DEMORALIZED, PK_RIVER, PK_A_COMBATTU, PK_IN_STACK, PK_MP_LEFT, PK_FATIGUE,
    PK_STOPPED
};
const wg_attr_key mr_piece_keys[] = {
    {"id", WG_ATTR_INT},         {"name", WG_ATTR_TEXT},      {"type", WG_ATTR_TEXT},
    {"hidden", WG_ATTR_INT},     {"steps", WG_ATTR_INT},      {"max_steps", WG_ATTR_INT},
    {"morale", WG_ATTR_INT},     {"mp", WG_ATTR_INT},         {"sv", WG_ATTR_INT},
    {"cic", WG_ATTR_INT},        {"british", WG_ATTR_INT},    {"revealed", WG_ATTR_INT},
    {"activated", WG_ATTR_INT},  {"demoralized", WG_ATTR_INT}, {"river", WG_ATTR_INT},
    {"a_combattu", WG_ATTR_INT}, {"in_stack", WG_ATTR_INT},   {"mp_left", WG_ATTR_INT},
    {"fatigue", WG_ATTR_INT},    {"stopped", WG_ATTR_INT},    {NULL, 0}};

enum {
    OK_KIND, OK_UNIT, OK_UNIT_NAME, OK_FROM, OK_FROM_NAME, OK_TO, OK_TO_NAME, OK_ZONE, OK_ZONE_NAME, OK_ZONE2,
    OK_ZONE2_NAME, OK_CONN, OK_COST_MP, OK_EVENT, OK_FATIGUE, OK_VALUE, OK_DIE_AA, OK_DIE_FR
};
const wg_attr_key mr_option_keys[] = {
    {"kind", WG_ATTR_TEXT},      {"unit", WG_ATTR_INT},       {"unit_name", WG_ATTR_TEXT},
    {"from", WG_ATTR_INT},       {"from_name", WG_ATTR_TEXT}, {"to", WG_ATTR_INT},
    {"to_name", WG_ATTR_TEXT},   {"zone", WG_ATTR_INT},       {"zone_name", WG_ATTR_TEXT},
    {"zone2", WG_ATTR_INT},      {"zone2_name", WG_ATTR_TEXT}, {"conn", WG_ATTR_INT},
    {"cost_mp", WG_ATTR_INT},    {"event", WG_ATTR_TEXT},     {"fatigue", WG_ATTR_INT},
    {"value", WG_ATTR_INT},      {"die_aa", WG_ATTR_INT},     {"die_fr", WG_ATTR_INT},
    {NULL, 0}};

enum {
    SK_TOWN, SK_DEFENSIVE, SK_DEFENSIVE_VALUE, SK_PORT, SK_SOUTH, SK_OFF_MAP, SK_LOC_AA, SK_LOC_FR, SK_OBJECTIVE,
    SK_SETUP_AREA, SK_COUNTERS_AA, SK_COUNTERS_FR, SK_RETRAITE_AA, SK_RETRAITE_FR, SK_BATAILLE
};
const wg_attr_key mr_space_keys[] = {
    {"town", WG_ATTR_INT},        {"defensive", WG_ATTR_INT},   {"defensive_value", WG_ATTR_INT},
    {"port", WG_ATTR_INT},        {"south_of_douro", WG_ATTR_INT}, {"off_map", WG_ATTR_INT},
    {"loc_aa", WG_ATTR_INT},      {"loc_fr", WG_ATTR_INT},      {"objective", WG_ATTR_INT},
    {"setup_area", WG_ATTR_INT},  {"counters_aa", WG_ATTR_INT}, {"counters_fr", WG_ATTR_INT},
    {"retraite_aa", WG_ATTR_INT}, {"retraite_fr", WG_ATTR_INT}, {"bataille", WG_ATTR_INT},
    {NULL, 0}};

#define SET_INT(v) (*iv = (int64_t)(v), WG_OK)

static int in_movement(const mr_state *s)
{
    return s->stage >= MR_S_MOVE && s->stage <= MR_S_FORCE;
}

static int piece_attr(const wg_game *g, int viewer, size_t i, int key, int64_t *iv, wg_sb *sb)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int u = mr_piece_unit(g, viewer, i, NULL);
    if (u < 0)
        return WG_ERANGE;
    const mr_unitdef *d = &rd->unit[u];
    const mr_ustate *us = &s->u[u];
    int known = mr_sees(g, viewer, u);                       /* identified: what the counter is */
    int mine = viewer == WG_VIEW_REFEREE || viewer == d->side; /* its side's bookkeeping */
    switch (key) {
    case PK_ID: return SET_INT(mr_piece_id(g, viewer, u));
    case PK_HIDDEN: return SET_INT(!known);
    /* the markers on the front (LM-COMP-03): every viewer of the piece reads them */
    case PK_ACTIVATED: return SET_INT((us->flags & MR_UF_ACT) != 0);
    case PK_DEMORALIZED: return SET_INT((us->flags & MR_UF_DEMOR) != 0);
    case PK_RIVER: return SET_INT((us->flags & MR_UF_RIVER) != 0);
    case PK_A_COMBATTU: return SET_INT(us->acomb);
    default: break;
    }
    if (!known)
        return WG_ENOTFOUND; /* a hidden counter (a decoy just as a unit): nothing else */
    switch (key) {
    case PK_NAME: wg__sb_printf(sb, "%s", d->name); return WG_OK;
    case PK_TYPE: wg__sb_printf(sb, "%s", kind_name[d->kind]); return WG_OK;
    case PK_STEPS:
        if (d->kind != MR_K_INF)
            return WG_ENOTFOUND;
        return SET_INT(us->steps);
    case PK_MAX_STEPS:
        if (d->kind != MR_K_INF)
            return WG_ENOTFOUND;
        return SET_INT(d->nbox);
    case PK_MORALE: {
        int m = d->kind == MR_K_INF || d->kind == MR_K_CAV || d->kind == MR_K_GAR ? mr_unit_morale(rd, s, u) : -1;
        return m < 0 ? WG_ENOTFOUND : SET_INT(m);
    }
    case PK_MP:
        if (d->kind == MR_K_DECOY || d->kind == MR_K_GAR || d->kind == MR_K_FLEET || d->mp <= 0)
            return WG_ENOTFOUND;
        return SET_INT(d->mp);
    case PK_SV:
        return d->kind == MR_K_CDR ? SET_INT(d->sv) : WG_ENOTFOUND;
    case PK_CIC:
        return d->kind == MR_K_CDR ? SET_INT(d->cic != 0) : WG_ENOTFOUND;
    case PK_BRITISH:
        return d->kind == MR_K_CAV ? SET_INT(d->british != 0) : WG_ENOTFOUND;
    case PK_REVEALED:
        return SET_INT((us->flags & MR_UF_REVEAL) != 0 || (viewer == MR_AA && s->reveal_aa[us->zone]));
    default: break;
    }
    if (!mine)
        return WG_ENOTFOUND;
    int moving = in_movement(s) && d->side == s->phasing && (us->flags & MR_UF_SEL) && us->zone == s->mv.zone;
    switch (key) {
    case PK_IN_STACK: return SET_INT((us->flags & MR_UF_SEL) != 0 || (us->follow & MR_FOLLOWS) != 0);
    case PK_MP_LEFT: return moving ? SET_INT(us->mp) : WG_ENOTFOUND;
    case PK_FATIGUE: return moving ? SET_INT(s->mv.fatigue) : WG_ENOTFOUND;
    case PK_STOPPED: return SET_INT((us->flags & MR_UF_STOP) != 0);
    default: return WG_ENOTFOUND;
    }
}

static const char *action_kind(const mr_state *s, int t)
{
    switch (t) {
    case MR_A_ROLL: return "roll";
    case MR_A_DRAW: return s->stage == MR_S_EVDRAW ? "event_draw" : "fatigue_draw";
    case MR_A_PLACE: return "place";
    case MR_A_HISTORIC: return "historic";
    case MR_A_KEEP: return "keep";
    case MR_A_TEMPT: return "tempt";
    case MR_A_PASS: return "pass";
    case MR_A_MOVE: return "move";
    case MR_A_DISENG: return "disengage";
    case MR_A_COMBAT: return "combat";
    case MR_A_FLEET: return "fleet";
    case MR_A_LANDING: return "landing";
    case MR_A_ARGENTON: return "argenton";
    case MR_A_DECOY_ADD: return "decoy_add";
    case MR_A_DECOY_DEL: return "decoy_remove";
    case MR_A_TOGGLE: return "toggle";
    case MR_A_DONE: return "done";
    case MR_A_CONN: return "go";
    case MR_A_STOP: return "stop";
    case MR_A_DROP: return "drop";
    case MR_A_GARRISON: return "garrison";
    case MR_A_RECOVER: return "recover";
    case MR_A_FRETURN: return "fatigue_return";
    case MR_A_NORETURN: return "fatigue_keep";
    case MR_A_AXIS: return "axis";
    case MR_A_FORCE: return "force";
    case MR_A_WITHDRAW: return "withdraw";
    case MR_A_STAY: return "stay";
    case MR_A_EVENT: return "event";
    case MR_A_NOEVENT: return "no_event";
    case MR_A_HEAD: return "head";
    case MR_A_LOSS: return "loss";
    case MR_A_RETREAT: return "retreat";
    case MR_A_CDRZONE: return "commander_escape";
    case MR_A_DECLARE: return "declare";
    default: return "other";
    }
}

/* The zones of an option: from, to, zone, zone2 (-1 none) and its connection (-1 none). */
static void option_zones(const wg_game *g, int t, int x, int z[4], int *conn)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    z[0] = z[1] = z[2] = z[3] = -1;
    *conn = -1;
    switch (t) {
    case MR_A_PLACE:
    case MR_A_FLEET: z[1] = x; break;
    case MR_A_MOVE:
    case MR_A_DISENG: z[0] = x; break;
    case MR_A_COMBAT:
    case MR_A_DECOY_ADD:
    case MR_A_DECOY_DEL: z[2] = x; break;
    case MR_A_ARGENTON:
        z[2] = x / 256;
        z[3] = x % 256;
        break;
    case MR_A_CONN:
    case MR_A_AXIS:
        if (x >= 0 && x < rd->nconn) {
            *conn = x;
            z[0] = s->mv.zone;
            z[1] = mr_other_zone(rd, x, s->mv.zone);
        }
        break;
    case MR_A_RETREAT:
        if (x >= 0 && x < rd->nconn) {
            for (int u = 0; u < rd->nunit && z[0] < 0; u++)
                if ((s->u[u].flags & MR_UF_SEL) && rd->unit[u].side == s->who && s->u[u].zone >= 0)
                    z[0] = s->u[u].zone;
            *conn = x;
            if (z[0] >= 0)
                z[1] = mr_other_zone(rd, x, z[0]);
        }
        break;
    case MR_A_CDRZONE:
        if (x >= 0 && x < rd->nconn && s->mv.lonecdr >= 0) {
            *conn = x;
            z[0] = s->u[s->mv.lonecdr].zone;
            z[1] = mr_other_zone(rd, x, z[0]);
        }
        break;
    default: break;
    }
    for (int k = 0; k < 4; k++)
        if (z[k] < 0 || z[k] >= rd->nzone)
            z[k] = -1;
}

static int option_attr(const wg_game *g, int viewer, size_t i, int key, int64_t *iv, wg_sb *sb)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    if (i >= g->nopts)
        return WG_ERANGE;
    uint64_t a = g->opts[i].action;
    int t = MR_ATYPE(a), x = MR_AARG(a);
    int unit = t == MR_A_TOGGLE || t == MR_A_DROP || t == MR_A_GARRISON || t == MR_A_RECOVER || t == MR_A_HEAD ||
               t == MR_A_LOSS;
    int z[4], conn;
    option_zones(g, t, x, z, &conn);
    switch (key) {
    case OK_KIND: wg__sb_printf(sb, "%s", action_kind(s, t)); return WG_OK;
    case OK_UNIT:
        if (!unit || x < 0 || x >= rd->nunit)
            return WG_ENOTFOUND;
        return SET_INT(mr_piece_id(g, viewer, x));
    case OK_UNIT_NAME:
        if (!unit || x < 0 || x >= rd->nunit || !mr_sees(g, viewer, x))
            return WG_ENOTFOUND;
        wg__sb_printf(sb, "%s", rd->unit[x].name);
        return WG_OK;
    case OK_FROM:
    case OK_TO:
    case OK_ZONE:
    case OK_ZONE2: {
        int v = z[(key - OK_FROM) / 2];
        return v < 0 ? WG_ENOTFOUND : SET_INT(v);
    }
    case OK_FROM_NAME:
    case OK_TO_NAME:
    case OK_ZONE_NAME:
    case OK_ZONE2_NAME: {
        int v = z[(key - OK_FROM_NAME) / 2];
        if (v < 0)
            return WG_ENOTFOUND;
        wg__sb_printf(sb, "%s", zname(g, v));
        return WG_OK;
    }
    case OK_CONN: return conn < 0 ? WG_ENOTFOUND : SET_INT(conn);
    case OK_COST_MP: return t == MR_A_CONN && conn >= 0 ? SET_INT(rd->ccost[conn]) : WG_ENOTFOUND;
    case OK_EVENT: {
        int e = -1;
        if (t == MR_A_EVENT)
            e = x;
        else if (t == MR_A_DRAW && s->stage == MR_S_EVDRAW && s->who >= 0 && s->who < 2)
            e = wg__pool_slot_type(&s->container[s->who], (unsigned)x);
        if (e < 0 || e >= rd->nevt)
            return WG_ENOTFOUND;
        wg__sb_printf(sb, "%s", rd->evt[e].name);
        return WG_OK;
    }
    case OK_FATIGUE: {
        int f = -1;
        if (t == MR_A_FRETURN)
            f = x;
        else if (t == MR_A_DRAW && s->stage != MR_S_EVDRAW)
            f = wg__pool_slot_type(&s->fatigue, (unsigned)x);
        if (f < 0 || f >= rd->nft)
            return WG_ENOTFOUND;
        return SET_INT(rd->ftval[f]);
    }
    case OK_VALUE:
        if ((t == MR_A_ROLL && s->stage != MR_S_INIT) || t == MR_A_DECLARE)
            return SET_INT(x);
        return WG_ENOTFOUND;
    case OK_DIE_AA:
    case OK_DIE_FR:
        if (t != MR_A_ROLL || s->stage != MR_S_INIT)
            return WG_ENOTFOUND;
        return SET_INT(key == OK_DIE_AA ? x / 8 : x % 8);
    default: return WG_ENOTFOUND;
    }
}

static int space_attr(const wg_game *g, int viewer, size_t i, int key, int64_t *iv)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    if (i >= (size_t)rd->nzone)
        return WG_ERANGE;
    int z = (int)i;
    uint32_t f = rd->zflags[z];
    switch (key) {
    case SK_TOWN: return SET_INT(rd->terrain[z] == MR_T_TOWN);
    case SK_DEFENSIVE: return SET_INT(rd->terrain[z] == MR_T_DEFENSIVE);
    case SK_DEFENSIVE_VALUE: return SET_INT(rd->defval[z]);
    case SK_PORT: return SET_INT((f & MR_ZF_PORT) != 0);
    case SK_SOUTH: return SET_INT((f & MR_ZF_SOUTH) != 0);
    case SK_OFF_MAP: return SET_INT((f & MR_ZF_OFFMAP) != 0);
    case SK_LOC_AA: return SET_INT((f & MR_ZF_LOC_AA) != 0);
    case SK_LOC_FR: return SET_INT((f & MR_ZF_LOC_FR) != 0);
    case SK_OBJECTIVE: return SET_INT((f & MR_ZF_OBJ) != 0);
    case SK_SETUP_AREA: return SET_INT((f & MR_ZF_SETUP) != 0);
    case SK_COUNTERS_AA:
    case SK_COUNTERS_FR: {
        int side = key == SK_COUNTERS_AA ? MR_AA : MR_FR, n = 0;
        for (int u = 0; u < rd->nunit; u++)
            n += s->u[u].zone == z && rd->unit[u].side == side && mr_shown(g, viewer, u);
        return SET_INT(n);
    }
    case SK_RETRAITE_AA:
    case SK_RETRAITE_FR: {
        int c = s->axis[z][key == SK_RETRAITE_AA ? MR_AA : MR_FR];
        return c < 0 ? WG_ENOTFOUND : SET_INT(mr_other_zone(rd, c, z));
    }
    case SK_BATAILLE: return SET_INT(s->cb.zone == z);
    default: return WG_ENOTFOUND;
    }
}

int mr_attr(const wg_game *g, int viewer, int of, size_t i, int key, int64_t *iv, wg_sb *sb)
{
    switch (of) {
    case WG_ATTR_PIECE: return piece_attr(g, viewer, i, key, iv, sb);
    case WG_ATTR_OPTION: return option_attr(g, viewer, i, key, iv, sb);
    case WG_ATTR_SPACE: return space_attr(g, viewer, i, key, iv);
    default: return WG_ENOTFOUND;
    }
}

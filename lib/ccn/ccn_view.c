/* Commands & Colors: Napoleonics: per-viewer texts (labels, events, decision, board), the pieces,
 * typed attributes and hex names.  What a player may not read — the opponent's hands, the decks —
 * never enters a text he reads: he sees the size of the opponent's hands and the discard piles. */
#include "ccn.h"

#include <stdio.h>
#include <string.h>

static const char *const sym_name[CCN_NSYM] = {"infantry", "cavalry", "artillery", "saber", "flag"};

static int sees(int viewer, const wg_event *e)
{
    return viewer == WG_VIEW_REFEREE || (viewer >= 0 && viewer < 32 && (e->visible & (1u << viewer)));
}

static const char *pname(const wg_game *g, int p)
{
    return p >= 0 && p < 2 ? g->ops->player_names[p] : "nobody";
}

void ccn_space_name(const wg_game *g, int space, wg_sb *sb)
{
    (void)g;
    char hn[4];
    ccn_hex_name(space, hn);
    wg__sb_printf(sb, "%s", hn);
}

static void hexname(int hex, wg_sb *sb)
{
    char hn[4];
    ccn_hex_name(hex, hn);
    wg__sb_printf(sb, "%s", hn);
}

void ccn_unit_label(const wg_game *g, int u, wg_sb *sb)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    if (u < 0 || u >= s->nunit) {
        wg__sb_printf(sb, "(no unit)");
        return;
    }
    const ccn_unit *x = &s->u[u];
    if (x->flags & CCN_UF_LEADER)
        wg__sb_printf(sb, "Leader %s #%u", rd->set[x->set].name, x->id);
    else if (x->flags & CCN_UF_GARRISON)
        wg__sb_printf(sb, "%s Garrison #%u [%u]", pname(g, x->side), x->id, x->blocks);
    else {
        const ccn_unitdef *d = &rd->def[x->def];
        wg__sb_printf(sb, "%s-%s #%u [%u/%u]%s", rd->natprefix[d->nat], d->code, x->id, x->blocks, x->maxblocks,
                      x->square ? " in square" : "");
    }
    if (x->hex >= 0) {
        wg__sb_printf(sb, " at ");
        hexname(x->hex, sb);
    }
}

static void roll_text(const uint8_t *roll, wg_sb *sb)
{
    int first = 1;
    for (int i = 0; i < CCN_NSYM; i++)
        if (roll[i]) {
            wg__sb_printf(sb, "%s%u %s%s", first ? "" : ", ", roll[i], sym_name[i], roll[i] > 1 && i >= CCN_F_SABER ? "s" : "");
            first = 0;
        }
    if (first)
        wg__sb_printf(sb, "no dice");
}

int ccn_option_label(const wg_game *g, uint64_t a, wg_sb *sb)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    uint32_t arg = CCN_AA(a);
    switch (CCN_AT(a)) {
    case CCN_A_CARD:
        wg__sb_printf(sb, "play %s", arg < (uint32_t)rd->norder ? rd->order[arg].name : "?");
        return WG_OK;
    case CCN_A_ORDER: {
        static const char *const sec[] = {"left flank", "centre", "right flank"};
        wg__sb_printf(sb, "order ");
        ccn_unit_label(g, (int)(arg & 0xff), sb);
        if ((arg >> 8) < 3)
            wg__sb_printf(sb, " (counted in the %s)", sec[arg >> 8]);
        return WG_OK;
    }
    case CCN_A_DONE:
        wg__sb_printf(sb, "%s", s->stage == CCN_S_ORDER     ? "done ordering"
                                : s->stage == CCN_S_MOVESEL ? "end movement"
                                : s->stage == CCN_S_BATTLE  ? "end combat"
                                : s->stage == CCN_S_REINF   ? "do not place the reinforcement"
                                : s->stage == CCN_S_BONUS   ? "no bonus melee"
                                                            : "pass (no default action)");
        return WG_OK;
    case CCN_A_SELECT:
        wg__sb_printf(sb, "move ");
        ccn_unit_label(g, (int)arg, sb);
        return WG_OK;
    case CCN_A_MOVETO:
        wg__sb_printf(sb, "to ");
        hexname((int)arg, sb);
        if (rd->hname[arg][0])
            wg__sb_printf(sb, " (%s)", rd->hname[arg]);
        wg__sb_printf(sb, " [%s]", rd->ter[rd->hter[arg]].name);
        return WG_OK;
    case CCN_A_STAY:
        wg__sb_printf(sb, "stay");
        return WG_OK;
    case CCN_A_PASS:
        wg__sb_printf(sb, "pass (no Tactician card)");
        return WG_OK;
    case CCN_A_TAC: {
        int k = (int)(arg & 0xff), u = (int)((arg >> 8) & 0xff), j = (int)((arg >> 16) & 0xff);
        const char *name = k < rd->ntac ? rd->tac[k].name : "?";
        if (u != 255) {
            wg__sb_printf(sb, "play %s on ", name);
            ccn_unit_label(g, u, sb);
        } else if (k < rd->ntac && rd->tac[k].code == CCN_C_CAPABLE)
            wg__sb_printf(sb, "play %s: take %s from the Tactician discard pile", name,
                          j < rd->ntac          ? rd->tac[j].name
                          : rd->opt[CCN_O_CAPABLE] ? "nothing (the pile is empty): draw the top card of the deck"
                                                   : "nothing (the pile is empty)");
        else
            wg__sb_printf(sb, "play %s: draw %u more Tactician card%s", name, k < rd->ntac ? rd->tac[k].draw : 0,
                          k < rd->ntac && rd->tac[k].draw == 1 ? "" : "s");
        return WG_OK;
    }
    case CCN_A_ROLLF:
        wg__sb_printf(sb, "roll %u dice (the faces rolled are the parameters)", arg);
        return WG_OK;
    case CCN_A_SKIRMISH:
        wg__sb_printf(sb, arg ? "return to " : "stay at ");
        hexname(arg ? s->u[s->skirmish - 1].from : s->u[s->skirmish - 1].hex, sb);
        return WG_OK;
    case CCN_A_MR: {
        static const char *const what[] = {"infantry", "cavalry", "artillery", "saber", "flag"};
        int u = (int)(arg & 0xff), h = (int)((arg >> 8) & 0xff), act = (int)((arg >> 16) & 0xff), sym = (int)(arg >> 24);
        wg__sb_printf(sb, "%s result: ", sym < CCN_NSYM ? what[sym] : "?");
        if (act == 255)
            wg__sb_printf(sb, "no effect (nothing it can do)");
        else if (act == CCN_F_CAV) {
            wg__sb_printf(sb, "a Cossack unit on ");
            hexname(h, sb);
        } else if (act == CCN_F_SABER) {
            static const char *const dn[6] = {"ne", "e", "se", "sw", "w", "nw"};
            wg__sb_printf(sb, "field works on ");
            hexname(h, sb);
            wg__sb_printf(sb, ", hexsides %s and %s", dn[u % 6], dn[(u + 1) % 6]);
        } else {
            wg__sb_printf(sb, "+1 block to ");
            ccn_unit_label(g, u, sb);
        }
        return WG_OK;
    }
    case CCN_A_BATTERY: {
        int list[8], n = ccn_battery_list(g, list), first = 1;
        wg__sb_printf(sb, "great battery: ");
        for (int i = 0; i < n; i++)
            if ((arg >> (8 + i)) & 1) {
                wg__sb_printf(sb, "%s", first ? "" : " + ");
                ccn_unit_label(g, list[i], sb);
                first = 0;
            }
        wg__sb_printf(sb, " -> ");
        ccn_unit_label(g, (int)(arg & 0xff), sb);
        wg__sb_printf(sb, ", %d dice", ccn_battery_dice(g, (int)(arg >> 8), (int)(arg & 0xff)));
        return WG_OK;
    }
    case CCN_A_GARRISON:
        wg__sb_printf(sb, arg ? "leave a Garrison in " : "leave no Garrison in ");
        hexname(s->ghex, sb);
        return WG_OK;
    case CCN_A_KEEP:
        wg__sb_printf(sb, "keep %s, discard %s", rd->order[s->sdrawn[arg & 1] - 1].name,
                      rd->order[s->sdrawn[1 - (arg & 1)] - 1].name);
        return WG_OK;
    case CCN_A_RETIRE:
        wg__sb_printf(sb, "retire and reform ");
        ccn_unit_label(g, s->cb.def, sb);
        return WG_OK;
    case CCN_A_PLACE:
        wg__sb_printf(sb, "place a French %s on ", arg < (uint32_t)rd->ndef ? rd->def[arg].type : "?");
        hexname(rd->reinforce_hex, sb);
        return WG_OK;
    case CCN_A_EXIT:
        wg__sb_printf(sb, "leave the battlefield from ");
        hexname((int)(arg & 0xff), sb);
        if ((arg >> 8) < (uint32_t)rd->nexit)
            wg__sb_printf(sb, " (%s)", rd->exit[arg >> 8].name);
        return WG_OK;
    case CCN_A_ATTACK: {
        int u = CCN_ATK_U(arg), t = CCN_ATK_T(arg), melee = CCN_ATK_MELEE(arg), ca = CCN_ATK_CA(arg);
        int n = ccn_attack_total(g, arg);
        wg__sb_printf(sb, "%s: ", s->stage == CCN_S_BONUS ? "bonus melee" : melee ? "melee" : "fire");
        ccn_unit_label(g, u, sb);
        if (ca >= 0 && ca < s->nunit) {
            wg__sb_printf(sb, " with ");
            ccn_unit_label(g, ca, sb);
            wg__sb_printf(sb, " (Combined Arms)");
        }
        wg__sb_printf(sb, " -> ");
        ccn_unit_label(g, t, sb);
        wg__sb_printf(sb, ", %d dice", n);
        return WG_OK;
    }
    case CCN_A_REROLLQ: {
        int k = ccn_tcard(s, s->cb.att);
        if (arg)
            wg__sb_printf(sb, "re-roll the %u dice (%s)", s->cb.ndice, k >= 0 ? rd->tac[k].name : "?");
        else
            wg__sb_printf(sb, "keep the roll");
        return WG_OK;
    }
    case CCN_A_SQUARE:
        wg__sb_printf(sb, "form square (a random Order card goes on the Square track)");
        return WG_OK;
    case CCN_A_SQCARD:
        wg__sb_printf(sb, "%s goes on the Square track", arg < (uint32_t)rd->norder ? rd->order[arg].name : "?");
        return WG_OK;
    case CCN_A_ROLL: {
        uint8_t roll[CCN_NSYM];
        ccn_roll_unpack(arg, roll);
        roll_text(roll, sb);
        return WG_OK;
    }
    case CCN_A_IGNORE:
        wg__sb_printf(sb, "ignore %u of %u flag%s", arg, s->cb.flags, s->cb.flags == 1 ? "" : "s");
        return WG_OK;
    case CCN_A_RETREAT:
        wg__sb_printf(sb, "retreat to ");
        hexname((int)arg, sb);
        return WG_OK;
    case CCN_A_ADVANCE:
        wg__sb_printf(sb, arg ? "take ground into " : "stay, do not take ");
        hexname(s->cb.target_hex, sb);
        return WG_OK;
    case CCN_A_DEFAULT:
        wg__sb_printf(sb, "discard %s to move ", (arg & 0xff) < (uint32_t)rd->ntac ? rd->tac[arg & 0xff].name : "?");
        ccn_unit_label(g, (int)(arg >> 8), sb);
        wg__sb_printf(sb, " up to 3 hexes");
        return WG_OK;
    case CCN_A_DRAW: {
        const ccn_card *c = s->stage == CCN_S_TDRAW ? rd->tac : rd->order;
        int n = s->stage == CCN_S_TDRAW ? rd->ntac : rd->norder;
        wg__sb_printf(sb, "draw %s", arg < (uint32_t)n ? c[arg].name : "?");
        return WG_OK;
    }
    default:
        wg__sb_printf(sb, "?");
        return WG_OK;
    }
}

void ccn_decision_text(const wg_game *g, wg_sb *sb)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    const char *who = pname(g, s->active);
    switch (s->stage) {
    case CCN_S_CARD: wg__sb_printf(sb, "%s plays an Order card", who); break;
    case CCN_S_ORDER:
        wg__sb_printf(sb, "%s orders units with %s (%d given)", who, rd->order[s->card].name, s->ordered_n[3]);
        break;
    case CCN_S_MOVESEL: wg__sb_printf(sb, "%s moves an ordered unit or ends movement", who); break;
    case CCN_S_MOVE:
        wg__sb_printf(sb, "%s moves ", who);
        ccn_unit_label(g, s->cur, sb);
        break;
    case CCN_S_BATTLE: wg__sb_printf(sb, "%s battles with an ordered unit or ends combat", who); break;
    case CCN_S_ROLL:
        wg__sb_printf(sb, "roll %u battle dice: ", s->cb.ndice);
        ccn_unit_label(g, s->cb.att, sb);
        wg__sb_printf(sb, " %s ", s->cb.back ? "battles back against" : s->cb.melee ? "melees" : "fires at");
        ccn_unit_label(g, s->cb.def, sb);
        break;
    case CCN_S_IGNORE:
        wg__sb_printf(sb, "%s: how many of the %u flags against ", pname(g, s->u[s->cb.def].side), s->cb.flags);
        ccn_unit_label(g, s->cb.def, sb);
        wg__sb_printf(sb, " to ignore (at most %u)", s->cb.ignmax);
        break;
    case CCN_S_RETREAT:
        wg__sb_printf(sb, "%s retreats ", pname(g, s->u[s->cb.def].side));
        ccn_unit_label(g, s->cb.def, sb);
        wg__sb_printf(sb, " (%u hex%s to go)", s->cb.retreat_left, s->cb.retreat_left == 1 ? "" : "es");
        break;
    case CCN_S_REFORM:
        wg__sb_printf(sb, "the Leader Unit Reform roll: 2 battle dice for ");
        ccn_unit_label(g, s->cb.reform, sb);
        break;
    case CCN_S_REACT:
        wg__sb_printf(sb, "%s may answer the %s against ", pname(g, s->u[s->cb.def].side),
                      s->cb.melee ? "melee" : "ranged combat");
        ccn_unit_label(g, s->cb.def, sb);
        wg__sb_printf(sb, " with a Tactician card");
        break;
    case CCN_S_MRROLL:
        wg__sb_printf(sb, "the Mother Russia pre-battle roll: %u dice for %s", s->cb.ndice, pname(g, s->drawer));
        break;
    case CCN_S_SKIRMISH:
        wg__sb_printf(sb, "%s: the skirmisher ", who);
        ccn_unit_label(g, s->skirmish - 1, sb);
        wg__sb_printf(sb, " returns to the hex it left or stays");
        break;
    case CCN_S_MRPLACE: wg__sb_printf(sb, "%s allocates a Mother Russia result", pname(g, s->drawer)); break;
    case CCN_S_GARRISON:
        wg__sb_printf(sb, "%s may leave a Garrison in ", who);
        hexname(s->ghex, sb);
        break;
    case CCN_S_KEEP: wg__sb_printf(sb, "%s keeps one of the two cards drawn with the Scout card", pname(g, s->drawer)); break;
    case CCN_S_ENDTURN: wg__sb_printf(sb, "%s may play a Tactician card at the end of the turn", who); break;
    case CCN_S_LINDENAU:
        wg__sb_printf(sb, "the Lindenau reinforcement roll: 3 battle dice for %s", who);
        break;
    case CCN_S_REINF: wg__sb_printf(sb, "%s may place the reinforcement on the bridge", who); break;
    case CCN_S_REROLL:
        wg__sb_printf(sb, "re-roll the %u flag dice of ", s->cb.ndice);
        ccn_unit_label(g, s->cb.att, sb);
        wg__sb_printf(sb, " (the Lancer's re-roll)");
        break;
    case CCN_S_LCAS:
        wg__sb_printf(sb, "roll %u die for the casualty check of ", s->cb.ndice);
        ccn_unit_label(g, s->cb.lead, sb);
        break;
    case CCN_S_LRETREAT:
        wg__sb_printf(sb, "%s retreats the lone ", pname(g, s->u[s->cb.lr].side));
        ccn_unit_label(g, s->cb.lr, sb);
        wg__sb_printf(sb, " 1 to 3 hexes");
        break;
    case CCN_S_ADVANCE: wg__sb_printf(sb, "%s may take ground", pname(g, s->u[s->cb.att].side)); break;
    case CCN_S_BREAK:
        wg__sb_printf(sb, "%s: ", who);
        ccn_unit_label(g, s->bonus - 1, sb);
        wg__sb_printf(sb, " breaks through: one hex more, or stay");
        break;
    case CCN_S_BONUS:
        wg__sb_printf(sb, "%s: ", who);
        ccn_unit_label(g, s->bonus - 1, sb);
        wg__sb_printf(sb, " may make a bonus melee");
        break;
    case CCN_S_REROLLQ:
        wg__sb_printf(sb, "%s: keep the roll of ", who);
        ccn_unit_label(g, s->cb.att, sb);
        wg__sb_printf(sb, " or re-roll its %u dice", s->cb.ndice);
        break;
    case CCN_S_SQCARD:
        wg__sb_printf(sb, "a card of %s's Order hand, at random, goes on the Square track", pname(g, s->u[s->cb.def].side));
        break;
    case CCN_S_DEFAULT: wg__sb_printf(sb, "%s may discard a Tactician card to move a Leader", who); break;
    case CCN_S_DEFMOVE:
        wg__sb_printf(sb, "%s moves ", who);
        ccn_unit_label(g, s->cur, sb);
        wg__sb_printf(sb, " up to 3 hexes");
        break;
    case CCN_S_DRAW: wg__sb_printf(sb, "%s draws an Order card", pname(g, s->drawer)); break;
    case CCN_S_TDRAW: wg__sb_printf(sb, "%s draws a Tactician card", pname(g, ccn_tdraw_player(s))); break;
    default: wg__sb_printf(sb, "the game is over"); break;
    }
}

void ccn_event_text(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb)
{
    const ccn_rdata *rd = CCN_RD(g);
    const int32_t *a = e->a;
    switch (e->kind) {
    case CCN_E_TURN: wg__sb_printf(sb, "turn %d: %s", a[1], pname(g, a[0])); break;
    case CCN_E_CARD: wg__sb_printf(sb, "%s plays %s", pname(g, a[0]), rd->order[a[1]].name); break;
    case CCN_E_ORDER:
        wg__sb_printf(sb, "ordered: ");
        ccn_unit_label(g, a[0], sb);
        break;
    case CCN_E_MOVE:
    case CCN_E_RETREAT:
    case CCN_E_ADVANCE: {
        const ccn_unit *x = &CCN_ST(g)->u[a[0]];
        wg__sb_printf(sb, "%s ", e->kind == CCN_E_MOVE   ? (a[1] < 0 ? "reinforcement" : "moved")
                                 : e->kind == CCN_E_RETREAT ? "retreated"
                                                            : "took ground");
        if (x->flags & CCN_UF_LEADER)
            wg__sb_printf(sb, "Leader %s", rd->set[x->set].name);
        else
            wg__sb_printf(sb, "%s-%s #%u", rd->natprefix[rd->def[x->def].nat], rd->def[x->def].code, x->id);
        if (a[1] >= 0) {
            wg__sb_printf(sb, " from ");
            hexname(a[1], sb);
        }
        wg__sb_printf(sb, " to ");
        hexname(a[2], sb);
        break;
    }
    case CCN_E_ATTACK:
        wg__sb_printf(sb, "%s with %d dice: #%u -> #%u", a[4] ? "battle back" : a[2] ? "melee" : "ranged combat", a[3],
                      CCN_ST(g)->u[a[0]].id, CCN_ST(g)->u[a[1]].id);
        if (a[5] >= 0 && a[5] < CCN_ST(g)->nunit)
            wg__sb_printf(sb, " (Combined Arms with #%u)", CCN_ST(g)->u[a[5]].id);
        break;
    case CCN_E_ROLL: {
        uint8_t r[CCN_NSYM];
        for (int i = 0; i < CCN_NSYM; i++)
            r[i] = (uint8_t)a[i];
        wg__sb_printf(sb, "%s ", a[7] ? "re-rolled the flags:" : "rolled");
        roll_text(r, sb);
        wg__sb_printf(sb, ": %d hit%s, %d flag%s", a[5], a[5] == 1 ? "" : "s", a[6], a[6] == 1 ? "" : "s");
        break;
    }
    case CCN_E_HITS:
        wg__sb_printf(sb, "#%u loses %d block%s (%d left)", CCN_ST(g)->u[a[0]].id, a[1], a[1] == 1 ? "" : "s", a[2]);
        break;
    case CCN_E_ELIM:
        wg__sb_printf(sb, "#%u eliminated at ", CCN_ST(g)->u[a[0]].id);
        hexname(a[2], sb);
        break;
    case CCN_E_IGNORE: wg__sb_printf(sb, "#%u ignores %d of %d flags", CCN_ST(g)->u[a[0]].id, a[1], a[2]); break;
    case CCN_E_BLOCKED:
        wg__sb_printf(sb, "#%u cannot retreat further from ", CCN_ST(g)->u[a[0]].id);
        hexname(a[1], sb);
        wg__sb_printf(sb, ": a block lost");
        break;
    case CCN_E_FLAG:
        wg__sb_printf(sb, "%s %s %d Victory Flag%s", pname(g, a[0]), a[2] >= 0 ? "wins" : "loses", a[2] >= 0 ? a[2] : -a[2],
                      (a[2] == 1 || a[2] == -1) ? "" : "s");
        if (a[1] >= 0)
            wg__sb_printf(sb, " (%s)", rd->obj[a[1]].name);
        else
            wg__sb_printf(sb, " (%s)", a[1] == -2 ? "exit" : a[1] == -3 ? "enemy blocks eliminated" : "elimination");
        wg__sb_printf(sb, ": %d held", a[3]);
        break;
    case CCN_E_DRAW:
        if (sees(viewer, e))
            wg__sb_printf(sb, "%s draws %s", pname(g, a[0]), a[1] ? rd->tac[a[2]].name : rd->order[a[2]].name);
        else
            wg__sb_printf(sb, "%s draws %s", pname(g, a[0]), a[1] ? "a Tactician card" : "an Order card");
        break;
    case CCN_E_DEFAULT:
        wg__sb_printf(sb, "%s discards %s: Leader %s moves from ", pname(g, a[0]), rd->tac[a[1]].name,
                      rd->set[CCN_ST(g)->u[a[2]].set].name);
        hexname(a[3], sb);
        wg__sb_printf(sb, " to ");
        hexname(a[4], sb);
        break;
    case CCN_E_RESHUFFLE: wg__sb_printf(sb, "both decks are reshuffled with their discard piles"); break;
    case CCN_E_LEADERHIT: wg__sb_printf(sb, "the lone Leader #%u is hit", CCN_ST(g)->u[a[0]].id); break;
    case CCN_E_LCAS: {
        uint8_t r[CCN_NSYM];
        for (int i = 0; i < CCN_NSYM; i++)
            r[i] = (uint8_t)a[i];
        wg__sb_printf(sb, "casualty check of Leader %s: ", rd->set[CCN_ST(g)->u[a[5]].set].name);
        roll_text(r, sb);
        wg__sb_printf(sb, a[6] ? ": he falls" : ": unhurt");
        break;
    }
    case CCN_E_EXIT:
        wg__sb_printf(sb, "#%u leaves the battlefield from ", CCN_ST(g)->u[a[0]].id);
        hexname(a[1], sb);
        wg__sb_printf(sb, " (%s): %d Victory Flag%s", rd->exit[a[3]].name, a[2], a[2] == 1 ? "" : "s");
        break;
    case CCN_E_REINF: {
        uint8_t r[CCN_NSYM];
        for (int i = 0; i < CCN_NSYM; i++)
            r[i] = (uint8_t)a[i];
        wg__sb_printf(sb, "Lindenau reinforcement roll: ");
        roll_text(r, sb);
        wg__sb_printf(sb, "%s", a[6] == 0 ? ": no reinforcement" : a[6] == 2 ? ": the bridge is held, none placed" : "");
        break;
    }
    case CCN_E_TAC:
        wg__sb_printf(sb, "%s plays %s", pname(g, a[0]), rd->tac[a[1]].name);
        if (a[2] >= 0) {
            wg__sb_printf(sb, " on ");
            ccn_unit_label(g, a[2], sb);
        }
        if (a[3] >= 0)
            wg__sb_printf(sb, " and takes %s from the discard pile", rd->tac[a[3]].name);
        break;
    case CCN_E_REFORM: {
        uint8_t r[CCN_NSYM];
        for (int i = 0; i < CCN_NSYM; i++)
            r[i] = (uint8_t)a[i];
        wg__sb_printf(sb, "Leader Unit Reform roll: ");
        roll_text(r, sb);
        wg__sb_printf(sb, ": #%u regains %d block%s", CCN_ST(g)->u[a[5]].id, a[6], a[6] == 1 ? "" : "s");
        break;
    }
    case CCN_E_SCOUT:
        if (sees(viewer, e))
            wg__sb_printf(sb, "%s keeps %s and discards %s", pname(g, a[0]), rd->order[a[1]].name, rd->order[a[2]].name);
        else
            wg__sb_printf(sb, "%s keeps a card and discards %s", pname(g, a[0]), rd->order[a[2]].name);
        break;
    case CCN_E_MRROLL: {
        uint8_t r[CCN_NSYM];
        for (int i = 0; i < CCN_NSYM; i++)
            r[i] = (uint8_t)a[1 + i];
        wg__sb_printf(sb, "%s's Mother Russia roll: ", pname(g, a[0]));
        roll_text(r, sb);
        if (a[6])
            wg__sb_printf(sb, " (sabers have no effect)");
        break;
    }
    case CCN_E_MR:
        if (a[1] == 255)
            wg__sb_printf(sb, "Mother Russia: a result with no effect");
        else if (a[1] == CCN_F_CAV) {
            wg__sb_printf(sb, "Mother Russia: a Cossack unit #%u placed on ", CCN_ST(g)->u[a[2]].id);
            hexname(a[3], sb);
        } else if (a[1] == CCN_F_SABER) {
            static const char *const dn[6] = {"ne", "e", "se", "sw", "w", "nw"};
            wg__sb_printf(sb, "Mother Russia: field works on ");
            hexname(a[3], sb);
            wg__sb_printf(sb, ", hexsides %s and %s", dn[a[4] % 6], dn[(a[4] + 1) % 6]);
        } else
            wg__sb_printf(sb, "Mother Russia: #%u gains a block (%u now)", CCN_ST(g)->u[a[2]].id,
                          CCN_ST(g)->u[a[2]].maxblocks);
        break;
    case CCN_E_UNORDER: wg__sb_printf(sb, "#%u has no order: its Leader left it", CCN_ST(g)->u[a[0]].id); break;
    case CCN_E_BATTERY:
        wg__sb_printf(sb, "great battery of");
        for (int k = 2; k < 8 && a[k] >= 0; k++)
            wg__sb_printf(sb, " #%u", CCN_ST(g)->u[a[k]].id);
        wg__sb_printf(sb, " on #%u: %d dice in one roll", CCN_ST(g)->u[a[0]].id, a[1]);
        break;
    case CCN_E_GARRISON:
        wg__sb_printf(sb, a[2] ? "a %s Garrison #%u is placed in " : "the %s Garrison #%u leaves the game: a unit enters ",
                      pname(g, CCN_ST(g)->u[a[0]].side), CCN_ST(g)->u[a[0]].id);
        hexname(a[1], sb);
        break;
    case CCN_E_RETIRE:
        wg__sb_printf(sb, "#%u retires and reforms", CCN_ST(g)->u[a[0]].id);
        break;
    case CCN_E_SQUARE:
        wg__sb_printf(sb, "#%u %s", CCN_ST(g)->u[a[0]].id,
                      a[1] == 1 ? "forms square" : a[1] == 0 ? "leaves square" : "is eliminated in square");
        break;
    case CCN_E_SQTRACK:
        wg__sb_printf(sb, "%s: %s %s", pname(g, a[0]),
                      !sees(viewer, e)                    ? "an Order card"
                      : a[1] >= 0 && a[1] < rd->norder ? rd->order[a[1]].name
                                                        : "?",
                      a[2] == 1 ? "goes on the Square track" : a[2] == 0 ? "returns to the hand from the Square track"
                                                                          : "goes from the Square track to the discard pile");
        break;
    case CCN_E_REROLLED:
        wg__sb_printf(sb, "#%u re-rolls its %d dice", CCN_ST(g)->u[a[0]].id, a[1]);
        break;
    case CCN_E_BREAK: {
        char f[4], t[4];
        ccn_hex_name(a[1], f);
        ccn_hex_name(a[2], t);
        wg__sb_printf(sb, "#%u breaks through %s -> %s", CCN_ST(g)->u[a[0]].id, f, t);
        break;
    }
    case CCN_E_SUDDEN: wg__sb_printf(sb, "sudden death: %s (%s)", pname(g, a[0]), rd->sudden[a[1]].name); break;
    case CCN_E_WIN: wg__sb_printf(sb, "%s wins with %d Victory Flags", pname(g, a[0]), a[1]); break;
    default: wg__sb_printf(sb, "event %d", e->kind); break;
    }
}

static void hand_text(const wg_game *g, const ccn_card *cards, int n, const uint8_t *counts, wg_sb *sb)
{
    (void)g;
    int first = 1;
    for (int k = 0; k < n; k++)
        if (counts[k]) {
            wg__sb_printf(sb, "%s%s", first ? "" : ", ", cards[k].name);
            if (counts[k] > 1)
                wg__sb_printf(sb, " x%u", counts[k]);
            first = 0;
        }
    if (first)
        wg__sb_printf(sb, "none");
}

void ccn_describe(const wg_game *g, int viewer, wg_sb *sb)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    wg__sb_printf(sb, "%s %s (provisional data) - turn %u, %s to play\n", rd->sid, rd->stitle, s->turns,
                  pname(g, s->active));
    for (int p = 0; p < 2; p++)
        wg__sb_printf(sb, "%s (%s, %s, %s edge): %d of %d Victory Flags\n", pname(g, p), rd->side[p].name,
                      rd->side[p].commander, rd->side[p].edge ? "bottom" : "top", s->vflags[p], rd->victory);
    /* the board: one line per row, each hex as name:terrain/sections (w west, c centre, e east, as seen
       from the bottom edge) and its occupant (c Coalition, f French, the unit's code and blocks, L a
       Leader) */
    wg__sb_printf(sb, "board (hex:terrain/sections=occupant; c Coalition, f French, L Leader):\n");
    for (int r = 0; r < CCN_ROWS; r++) {
        wg__sb_printf(sb, "%s", r & 1 ? "   " : "");
        for (int c = 0; c < CCN_COLS; c++) {
            int h = r * CCN_COLS + c;
            if (!ccn_on_board(rd, h))
                continue;
            int u = ccn_unit_at(s, h), l = ccn_leader_at(s, h);
            char t3[4];
            snprintf(t3, sizeof t3, "%.3s", rd->ter[rd->hter[h]].name);
            char occ[16] = "";
            if (u >= 0) {
                const ccn_unit *x = &s->u[u];
                if (x->flags & CCN_UF_GARRISON)
                    snprintf(occ, sizeof occ, "%cGAR%u", x->side ? 'f' : 'c', x->blocks);
                else
                    snprintf(occ, sizeof occ, "%c%s%u", x->side ? 'f' : 'c', rd->def[x->def].code, x->blocks);
            }
            if (l >= 0)
                snprintf(occ + strlen(occ), sizeof occ - strlen(occ), "%s", u >= 0 ? "+L" : (s->u[l].side ? "fL" : "cL"));
            static const char *const sec[8] = {"", "w", "c", "wc", "e", "we", "ce", "wce"};
            wg__sb_printf(sb, "%c%d:%s/%s%s%s ", 'A' + c, r + 1, t3, sec[rd->hsec[h] & 7], occ[0] ? "=" : "", occ);
        }
        wg__sb_printf(sb, "\n");
    }
    for (int o = 0; o < rd->nobj; o++) {
        const ccn_objective *ob = &rd->obj[o];
        wg__sb_printf(sb, "objective %s (%s%s, %s):", ob->name, ob->perm ? "permanent" : "temporary",
                      ob->sot ? ", start of turn" : "",
                      ob->side < 0 ? "either side" : pname(g, ob->side));
        for (int i = 0; i < ob->nhex; i++) {
            wg__sb_printf(sb, " ");
            hexname(ob->hex[i], sb);
        }
        wg__sb_printf(sb, "; held %u - %u\n", s->objheld[o][0], s->objheld[o][1]);
    }
    wg__sb_printf(sb, "units:\n");
    for (int i = 0; i < s->nunit; i++)
        if (s->u[i].hex >= 0) {
            wg__sb_printf(sb, "  %s: ", pname(g, s->u[i].side));
            ccn_unit_label(g, i, sb);
            wg__sb_printf(sb, "\n");
        }
    for (int p = 0; p < 2; p++) {
        int mine = viewer == WG_VIEW_REFEREE || viewer == p;
        wg__sb_printf(sb, "%s: %d Order card%s", pname(g, p), ccn_card_total(s->ohand[p], rd->norder),
                      ccn_card_total(s->ohand[p], rd->norder) == 1 ? "" : "s");
        if (mine) {
            wg__sb_printf(sb, " (");
            hand_text(g, rd->order, rd->norder, s->ohand[p], sb);
            wg__sb_printf(sb, ")");
        }
        wg__sb_printf(sb, ", %d Tactician card%s", ccn_card_total(s->thand[p], rd->ntac),
                      ccn_card_total(s->thand[p], rd->ntac) == 1 ? "" : "s");
        if (mine) {
            wg__sb_printf(sb, " (");
            hand_text(g, rd->tac, rd->ntac, s->thand[p], sb);
            wg__sb_printf(sb, ")");
        }
        int sq = 0;
        for (int u = 0; u < s->nunit; u++)
            if (s->u[u].side == p && s->u[u].square && s->u[u].hex >= 0) {
                wg__sb_printf(sb, sq++ ? ", " : ", Square track: ");
                if (mine)
                    wg__sb_printf(sb, "%s ", rd->order[s->u[u].square - 1].name);
                wg__sb_printf(sb, "(#%u)", s->u[u].id);
            }
        if (rd->side[p].ironwill)
            wg__sb_printf(sb, ", %u Iron Will", s->ironwill[p]);
        wg__sb_printf(sb, "\n");
    }
    wg__sb_printf(sb, "Order deck %d, discards: ", ccn_card_total(s->odeck, rd->norder));
    hand_text(g, rd->order, rd->norder, s->odisc, sb);
    wg__sb_printf(sb, "\nTactician deck %d, discards: ", ccn_card_total(s->tdeck, rd->ntac));
    hand_text(g, rd->tac, rd->ntac, s->tdisc, sb);
    wg__sb_printf(sb, "\n");
}

void ccn_result_text(const wg_game *g, wg_sb *sb)
{
    const ccn_state *s = CCN_ST(g);
    if (s->stage != CCN_S_OVER)
        wg__sb_printf(sb, "in progress: %d - %d Victory Flags", s->vflags[0], s->vflags[1]);
    else
        wg__sb_printf(sb, "%s wins, %d - %d Victory Flags", pname(g, s->winner), s->vflags[0], s->vflags[1]);
}

int ccn_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label)
{
    (void)viewer; /* every piece of the board is public */
    const ccn_state *s = CCN_ST(g);
    size_t n = 0;
    int found = -1;
    for (int u = 0; u < s->nunit; u++)
        if (s->u[u].hex >= 0) {
            if (n == i)
                found = u;
            n++;
        }
    *count = n;
    if (found < 0)
        return WG_ERANGE;
    *side = s->u[found].side;
    *space = s->u[found].hex;
    if (label)
        ccn_unit_label(g, found, label);
    return WG_OK;
}

static int piece_unit(const wg_game *g, size_t i)
{
    const ccn_state *s = CCN_ST(g);
    size_t n = 0;
    for (int u = 0; u < s->nunit; u++)
        if (s->u[u].hex >= 0 && n++ == i)
            return u;
    return -1;
}

enum { PK_ID, PK_NATION, PK_TYPE, PK_CODE, PK_ARM, PK_BLOCKS, PK_MAXB, PK_LEADER, PK_NAME, PK_ATTACHED, PK_ORDERED,
       PK_MOVED, PK_BATTLED, PK_GARRISON, PK_CLASS, PK_SQUARE, PK_SQCARD, PK_COLOUR };
const wg_attr_key ccn_piece_keys[] = {
    {"id", WG_ATTR_INT},         {"nation", WG_ATTR_TEXT},   {"type", WG_ATTR_TEXT},  {"code", WG_ATTR_TEXT},
    {"arm", WG_ATTR_TEXT},       {"blocks", WG_ATTR_INT},    {"max_blocks", WG_ATTR_INT}, {"leader", WG_ATTR_INT},
    {"name", WG_ATTR_TEXT},      {"attached", WG_ATTR_INT},  {"ordered", WG_ATTR_INT}, {"moved", WG_ATTR_INT},
    {"battled", WG_ATTR_INT},    {"garrison", WG_ATTR_INT},  {"class", WG_ATTR_TEXT}, {"square", WG_ATTR_INT},
    {"square_card", WG_ATTR_TEXT}, {"colour", WG_ATTR_TEXT}, {NULL, 0}};

enum { OK_KIND, OK_UNIT, OK_TARGET, OK_TO, OK_TO_NAME, OK_CARD, OK_DICE, OK_COUNT, OK_SUPPORT };
const wg_attr_key ccn_option_keys[] = {{"kind", WG_ATTR_TEXT}, {"unit", WG_ATTR_INT},     {"target", WG_ATTR_INT},
                                       {"to", WG_ATTR_INT},    {"to_name", WG_ATTR_TEXT}, {"card", WG_ATTR_TEXT},
                                       {"dice", WG_ATTR_INT},  {"count", WG_ATTR_INT},    {"support", WG_ATTR_INT},
                                       {NULL, 0}};

enum { SK_WEST, SK_CENTRE, SK_EAST, SK_PLACE, SK_FORT };
const wg_attr_key ccn_space_keys[] = {{"west", WG_ATTR_INT},  {"centre", WG_ATTR_INT}, {"east", WG_ATTR_INT},
                                      {"place", WG_ATTR_TEXT}, {"fortified_sides", WG_ATTR_INT}, {NULL, 0}};

#define SET_INT(v) (*iv = (v), WG_OK)

int ccn_attr(const wg_game *g, int viewer, int of, size_t i, int key, int64_t *iv, wg_sb *sb)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    static const char *const arm_name[] = {"infantry", "cavalry", "artillery", "leader"};
    if (of == WG_ATTR_PIECE) {
        int u = piece_unit(g, i);
        if (u < 0)
            return WG_ERANGE;
        const ccn_unit *x = &s->u[u];
        int leader = (x->flags & CCN_UF_LEADER) != 0;
        const ccn_unitdef *d = leader || (x->flags & CCN_UF_GARRISON) ? NULL : &rd->def[x->def];
        switch (key) {
        case PK_ID: return SET_INT(x->id);
        case PK_NATION:
            wg__sb_printf(sb, "%s", leader ? rd->nat[x->def] : d ? d->nation : "garrison");
            return WG_OK;
        case PK_TYPE:
            if (!d)
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", d->type);
            return WG_OK;
        case PK_CODE:
            if (!d)
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s-%s", rd->natprefix[d->nat], d->code);
            return WG_OK;
        case PK_ARM: wg__sb_printf(sb, "%s", arm_name[ccn_arm(rd, x)]); return WG_OK;
        case PK_BLOCKS: return SET_INT(x->blocks);
        case PK_MAXB: return SET_INT(x->maxblocks);
        case PK_LEADER: return SET_INT(leader);
        case PK_NAME:
            if (!leader)
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", rd->set[x->set].name);
            return WG_OK;
        case PK_ATTACHED: return SET_INT(leader ? ccn_unit_at(s, x->hex) >= 0 : ccn_leader_at(s, x->hex) >= 0);
        case PK_ORDERED: return SET_INT((x->flags & CCN_UF_ORDERED) != 0);
        case PK_MOVED: return SET_INT(x->moved);
        case PK_BATTLED: return SET_INT((x->flags & CCN_UF_BATTLED) != 0);
        case PK_GARRISON: return SET_INT((x->flags & CCN_UF_GARRISON) != 0);
        case PK_SQUARE: return SET_INT(x->square != 0);
        case PK_COLOUR: { /* CCN-UNITS-12: the block colour of its nation */
            int nat = leader ? x->def : rd->def[x->def].nat;
            if (nat < 0 || nat >= rd->nnat || !rd->natcolour[nat][0])
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", rd->natcolour[nat]);
            return WG_OK;
        }
        case PK_SQCARD: /* the card on its Square track: read by its owner only */
            if (!x->square || (viewer != x->side && viewer != WG_VIEW_REFEREE))
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", rd->order[x->square - 1].name);
            return WG_OK;
        case PK_CLASS: {
            /* CCN-UNITS-03..07: the icon class */
            static const char *const cls[CCN_NCLASS] = {"line", "light", "grenadier", "lightcav", "heavycav",
                                                        "footart", "horseart"};
            if (!d)
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", cls[d->cls]);
            return WG_OK;
        }
        default: return WG_ENOTFOUND;
        }
    }
    if (of == WG_ATTR_OPTION) {
        if (i >= g->nopts)
            return WG_ERANGE;
        uint64_t a = g->opts[i].action;
        int t = CCN_AT(a);
        uint32_t arg = CCN_AA(a);
        static const char *const kinds[] = {"",       "card",   "order",   "done",    "select", "move",   "stay",
                                            "attack", "roll",   "ignore",  "retreat", "advance", "default", "draw",
                                            "exit",   "place",  "tactician", "pass", "keep", "retire", "garrison", "battery", "mother_russia", "skirmish", "roll", "square", "square_card", "reroll"};
        switch (key) {
        case OK_KIND: wg__sb_printf(sb, "%s", t > 0 && t <= CCN_A_REROLLQ ? kinds[t] : "?"); return WG_OK;
        case OK_UNIT:
            if (t == CCN_A_ORDER || t == CCN_A_SELECT || t == CCN_A_ATTACK)
                return SET_INT(s->u[arg & 0xff].id);
            if (t == CCN_A_DEFAULT)
                return SET_INT(s->u[arg >> 8].id);
            if (t == CCN_A_TAC && ((arg >> 8) & 0xff) != 255)
                return SET_INT(s->u[(arg >> 8) & 0xff].id);
            if (t == CCN_A_MOVETO && s->cur >= 0)
                return SET_INT(s->u[s->cur].id);
            return WG_ENOTFOUND;
        case OK_TARGET:
            if (t == CCN_A_BATTERY)
                return SET_INT(s->u[arg & 0xff].id);
            if (t != CCN_A_ATTACK)
                return WG_ENOTFOUND;
            return SET_INT(s->u[(arg >> 8) & 0xff].id);
        case OK_TO:
        case OK_TO_NAME:
            if (t != CCN_A_MOVETO && t != CCN_A_RETREAT && t != CCN_A_EXIT)
                return WG_ENOTFOUND;
            if (key == OK_TO)
                return SET_INT(arg & 0xff);
            hexname((int)(arg & 0xff), sb);
            return WG_OK;
        case OK_CARD:
            if (t == CCN_A_CARD)
                wg__sb_printf(sb, "%s", rd->order[arg].name);
            else if (t == CCN_A_DEFAULT || t == CCN_A_TAC)
                wg__sb_printf(sb, "%s", rd->tac[arg & 0xff].name);
            else if (t == CCN_A_DRAW)
                wg__sb_printf(sb, "%s", s->stage == CCN_S_TDRAW ? rd->tac[arg].name : rd->order[arg].name);
            else
                return WG_ENOTFOUND;
            return WG_OK;
        case OK_DICE:
            if (t == CCN_A_BATTERY)
                return SET_INT(ccn_battery_dice(g, (int)(arg >> 8), (int)(arg & 0xff)));
            if (t != CCN_A_ATTACK)
                return WG_ENOTFOUND;
            return SET_INT(ccn_attack_total(g, arg));
        case OK_COUNT:
            if (t != CCN_A_IGNORE)
                return WG_ENOTFOUND;
            return SET_INT(arg);
        case OK_SUPPORT:
            if (t != CCN_A_ATTACK || CCN_ATK_CA(arg) < 0)
                return WG_ENOTFOUND;
            return SET_INT(s->u[CCN_ATK_CA(arg)].id);
        default: return WG_ENOTFOUND;
        }
    }
    if (of == WG_ATTR_SPACE) {
        if (i >= CCN_NHEX)
            return WG_ERANGE;
        if (!ccn_on_board(rd, (int)i))
            return WG_ENOTFOUND;
        switch (key) {
        case SK_WEST: return SET_INT((rd->hsec[i] & 1) != 0);
        case SK_CENTRE: return SET_INT((rd->hsec[i] & 2) != 0);
        case SK_EAST: return SET_INT((rd->hsec[i] & 4) != 0);
        case SK_PLACE:
            if (!rd->hname[i][0])
                return WG_ENOTFOUND;
            wg__sb_printf(sb, "%s", rd->hname[i]);
            return WG_OK;
        case SK_FORT: return SET_INT(ccn_fort_sides(rd, s, (int)i));
        default: return WG_ENOTFOUND;
        }
    }
    return WG_ENOTFOUND;
}

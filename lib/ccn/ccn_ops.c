/* Commands & Colors: Napoleonics: set-up (the documents, the units, the deal), determinization of
 * the hidden hands, and the ops table. */
#include "ccn.h"

#include <stdio.h>
#include <string.h>

static const char *const players[2] = {"Coalition", "French"};

#define SCEN(n, t) {"S" #n, "S" #n " " t " (schematic map, provisional data)"}
static const wg_scenario_info scenarios[18] = {
    SCEN(01, "Sahagun, 21 December 1808"),
    SCEN(02, "Sorauren (French Right), 28 July 1813"),
    SCEN(03, "Sorauren (French Left), 28 July 1813"),
    SCEN(04, "Gohrde, 18 September 1813"),
    SCEN(05, "Wartenburg, 3 October 1813"),
    SCEN(06, "Dohna, 9 October 1813"),
    SCEN(07, "Liebertwolkwitz (Morning), 14 October 1813"),
    SCEN(08, "Liebertwolkwitz (Afternoon), 14 October 1813"),
    SCEN(09, "Lindenau, 16 October 1813"),
    SCEN(10, "Mockern (French Right), 16 October 1813"),
    SCEN(11, "Mockern (French Left), 16 October 1813"),
    SCEN(12, "Gohlis, 17 October 1813"),
    SCEN(13, "Brienne, 29 January 1814"),
    SCEN(14, "Chateau-Thierry, 12 February 1814"),
    SCEN(15, "Vauchamps, 14 February 1814"),
    SCEN(16, "Orthez (French Right), 27 February 1814"),
    SCEN(17, "Orthez (French Left), 27 February 1814"),
    SCEN(18, "Hougoumont, 18 June 1815"),
};

#define EMB(n) {wg__data_ccn_s##n##_map, &wg__data_ccn_s##n##_map_len, wg__data_ccn_s##n, &wg__data_ccn_s##n##_len}
static const struct {
    const unsigned char *map;
    const size_t *maplen;
    const unsigned char *scen;
    const size_t *scenlen;
} bundled[18] = {EMB(01), EMB(02), EMB(03), EMB(04), EMB(05), EMB(06), EMB(07), EMB(08), EMB(09),
                 EMB(10), EMB(11), EMB(12), EMB(13), EMB(14), EMB(15), EMB(16), EMB(17), EMB(18)};

static const char *const data_slots[] = {"base", "orders", "tactician", "map", "scenario", NULL};

static int doc_of(const wg_game *g, const char *slot, const unsigned char *dflt, size_t dlen, const char **buf,
                  size_t *len, uint8_t *bundled_doc)
{
    if (wg__game_data(g, slot, buf, len) == WG_OK) {
        *bundled_doc = 0;
        return 1;
    }
    *buf = (const char *)dflt;
    *len = dlen;
    *bundled_doc = 1;
    return 0;
}

/* The game options (doc/ccn.md, "Options"): KEY=VALUE tokens separated by commas or spaces, each
   key once; the first value of each is the default.  The readings of the checklist's gaps that the
   text leaves open (§5) are here. */
static const wg__optdef optdefs[CCN_NOPT] = {
    {"deck", {"90", "75", NULL}},            /* CCN-GAP-02, -46 */
    {"lancer", {"add", "replace", NULL}},    /* CCN-GAP-11 */
    {"sappers", {"melee", "all", NULL}},     /* CCN-GAP-25 */
    {"components", {"unlimited", "physical", NULL}}, /* CCN-GAP-18 (2), CCN-UNITS-13 */
    {"capable", {"nothing", "draw", NULL}},  /* CCN-GAP-26 */
    {"lindenau", {"choose", "by-count", NULL}}, /* CCN-GAP-35 */
    {"occupation", {"occupier", "opponent", NULL}}, /* CCN-GAP-37 */
};

static int parse_options(wg_game *g, const char *s, uint8_t *opt)
{
    memset(opt, 0, CCN_NOPT);
    return wg__parse_options(g->err, "ccn", "doc/ccn.md", optdefs, CCN_NOPT, s, opt);
}

static int setup(wg_game *g, const char *options)
{
    uint8_t opt[CCN_NOPT];
    int rc0 = parse_options(g, options, opt);
    if (rc0)
        return rc0;
    int deck75 = opt[CCN_O_DECK] == 1;
    if (sizeof(ccn_state) > g->ops->state_size)
        return wg__seterr(g->err, WG_ESTATE, "ccn: state size mismatch");
    ccn_rdata *rd = wg__alloc(g->ctx, sizeof *rd);
    if (!rd)
        return wg__seterr(g->err, WG_ENOMEM, "ccn: out of memory");
    wg__ref_init(&rd->refs);
    rd->ctx = g->ctx;
    const char *b[5];
    size_t n[5];
    uint8_t prov[5];
    doc_of(g, "base", wg__data_ccn_base, wg__data_ccn_base_len, &b[0], &n[0], &prov[0]);
    doc_of(g, "orders", deck75 ? wg__data_ccn_orders75 : wg__data_ccn_orders90,
           deck75 ? wg__data_ccn_orders75_len : wg__data_ccn_orders90_len, &b[1], &n[1], &prov[1]);
    doc_of(g, "tactician", wg__data_ccn_tactician, wg__data_ccn_tactician_len, &b[2], &n[2], &prov[2]);
    doc_of(g, "map", bundled[g->scenario].map, *bundled[g->scenario].maplen, &b[3], &n[3], &prov[3]);
    doc_of(g, "scenario", bundled[g->scenario].scen, *bundled[g->scenario].scenlen, &b[4], &n[4], &prov[4]);
    int rc = ccn_load(rd, g->ctx, b[0], n[0], b[1], n[1], b[2], n[2], b[3], n[3], b[4], n[4], g->err);
    wg_map *map = NULL;
    if (rc == WG_OK && (rc = wg_map_load(&map, g->ctx, b[3], n[3])) != WG_OK)
        wg__seterr(g->err, rc, "ccn map: %s", wg_ctx_errmsg(g->ctx));
    if (rc != WG_OK) {
        wg__free(g->ctx, rd, sizeof *rd);
        return rc;
    }
    rd->prov_base = prov[0];
    rd->prov_orders = prov[1];
    rd->prov_tac = prov[2];
    rd->prov_map = prov[3];
    rd->prov_scen = prov[4];
    rd->deck75 = (uint8_t)deck75;
    memcpy(rd->opt, opt, sizeof rd->opt);
    if (rd->opt[CCN_O_OCCUPATION]) /* CCN-GAP-37, the literal reading: the occupier's opponent wins by it */
        for (int i = 0; i < rd->nsudden; i++)
            if (rd->sudden[i].occupy)
                rd->sudden[i].side = (int8_t)(1 - rd->sudden[i].by);
    g->map = map;
    g->rdata = rd;
    ccn_state *s = CCN_ST(g);
    memset(s, 0, g->ops->state_size);
    s->winner = -1;
    s->cur = -1;
    s->cb.att = s->cb.def = -1;
    s->nunit = rd->nset;
    for (int i = 0; i < rd->nset; i++) {
        const ccn_setunit *su = &rd->set[i];
        ccn_unit *x = &s->u[i];
        x->side = su->side;
        x->hex = (int8_t)su->hex;
        x->def = su->def;
        x->blocks = su->blocks;
        x->maxblocks = su->leader ? 1 : rd->def[su->def].blocks;
        x->flags = su->leader ? CCN_UF_LEADER : 0;
        x->set = (uint8_t)i;
        x->id = (uint16_t)(i + 1);
    }
    s->next_id = (uint16_t)(rd->nset + 1);
    for (int k = 0; k < rd->norder; k++)
        s->odeck[k] = rd->order[k].count;
    for (int k = 0; k < rd->ntac; k++)
        s->tdeck[k] = rd->tac[k].count;
    for (int p = 0; p < 2; p++)
        s->ironwill[p] = rd->side[p].ironwill;
    /* CCN-GAP-33: the flags a side begins with are its objective's, kept while the objective holds */
    for (int o = 0; o < rd->nobj; o++)
        if (rd->obj[o].start)
            s->objheld[o][rd->obj[o].startside] = rd->obj[o].start;
    s->active = (uint8_t)rd->first;
    rc = ccn_refresh_flags(g, -1);
    s->deal = 1;
    if (rc == WG_OK)
        rc = ccn_after_draws(g);
    if (rc == WG_OK)
        wg__game_rebase(g);
    return rc;
}

static void retain(wg_game *g)
{
    if (g->rdata)
        wg__ref_take(&((ccn_rdata *)g->rdata)->refs);
}

static void release(wg_game *g)
{
    ccn_rdata *rd = g->rdata;
    if (rd && wg__ref_drop(&rd->refs))
        wg__free(rd->ctx, rd, sizeof *rd);
    g->rdata = NULL;
}

/* The side that reached its Victory Flags or won by a sudden-death condition. */
static int winner(const wg_game *g)
{
    return CCN_ST(g)->winner;
}

/* The bots' evaluation (doc/bots.md), in player 0's favour: 24 a banner, and 12 x the fraction of
   its blocks each unit on the board has lost (a unit's last block is still worth most of a banner);
   where the banners count blocks (S01) the banners alone; and a unit near an exit of a scenario the
   banners its leaving would win, in part (below). */
static int64_t bot_eval(const wg_game *g)
{
    const ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = g->rdata;
    int64_t e = 24 * ((int64_t)s->vflags[0] - (int64_t)s->vflags[1]);
    for (int i = 0; !rd->scoring_blocks && i < s->nunit; i++) {
        const ccn_unit *u = &s->u[i];
        if (u->hex < 0 || !u->maxblocks || u->blocks >= u->maxblocks || (u->side != 0 && u->side != 1))
            continue;
        int64_t lost = 12 * (int64_t)(u->maxblocks - u->blocks) / u->maxblocks;
        e += u->side == 1 ? lost : -lost;
    }
    /* the exits: a unit that may leave by one, within EXITR - 1 hexes of an exit hex no enemy unit
       stands on, is worth to its side the flags leaving would win x (EXITR - d) / (2 x EXITR) */
    enum { EXITR = 4 };
    if (!rd->nexit)
        return e;
    ccn_occ occ;
    ccn_occ_build(s, &occ);
    for (int x = 0; x < rd->nexit; x++) {
        const ccn_exit *ex = &rd->exit[x];
        int open[CCN_MAXOBJHEX], nopen = 0;
        for (int h = 0; h < ex->nhex; h++) {
            int o = occ.unit[ex->hex[h]];
            if (o < 0 || s->u[o].side == ex->side)
                open[nopen++] = ex->hex[h];
        }
        for (int i = 0; nopen && i < s->nunit; i++) {
            const ccn_unit *u = &s->u[i];
            if (u->hex < 0 || u->side != ex->side || !ccn_may_exit(g, i, x))
                continue;
            int d = EXITR;
            for (int h = 0; h < nopen && d > 0; h++) {
                int dh = ccn_dist(u->hex, open[h]);
                if (dh < d)
                    d = dh;
            }
            /* in quarters of a flag: a block, a unit, half a unit where two make a flag */
            int64_t q = ex->per == 0 ? 4 * (int64_t)u->blocks : ex->per == 1 ? 4 : 2;
            int64_t v = 24 * q * (EXITR - d) / (4 * 2 * EXITR);
            e += u->side == 0 ? v : -v;
        }
    }
    return e;
}

/* The bots' defaults (doc/bots.md): 500 iterations of rollouts of 40 steps, two banners' worth of the
   evaluation (48) three quarters of a win. */
static const wg_bot_defaults bot_defaults = {500, 40, 48};

static int64_t score(const wg_game *g)
{
    const ccn_state *s = CCN_ST(g);
    return (int64_t)s->vflags[0] - (int64_t)s->vflags[1];
}

static int turn(const wg_game *g)
{
    return CCN_ST(g)->turns;
}

/* Draws are seen by nobody: the options would show the deck's mix, which tells what the hands hold;
   the drawer reads his card in the draw's event.  Dice are public. */
static uint32_t chance_viewers(const wg_game *g)
{
    const ccn_state *s = CCN_ST(g);
    int st = s->stage;
    if (st == CCN_S_SQCARD) /* the card the Square track takes from a hand: its owner's eyes only */
        return 1u << s->u[s->cb.def].side;
    return st == CCN_S_DRAW || st == CCN_S_TDRAW ? 0u : 3u;
}

/* Re-deals the hands hidden from viewer (the opponent's Order and Tactician hands) from the cards he
   may not see (the decks and those hands), keeping their sizes; the decks hold no order to re-sample
   (each draw is a chance decision over the cards left). */
static void resample(uint8_t *deck, uint8_t *hand, int n, wg_pcg *rng)
{
    int size = ccn_card_total(hand, n);
    for (int k = 0; k < n; k++)
        deck[k] = (uint8_t)(deck[k] + hand[k]), hand[k] = 0;
    for (int i = 0; i < size; i++) {
        int total = ccn_card_total(deck, n);
        if (total <= 0)
            break;
        uint32_t r = wg__pcg_below(rng, (uint32_t)total);
        for (int k = 0; k < n; k++) {
            if (r < deck[k]) {
                deck[k]--;
                hand[k]++;
                break;
            }
            r -= deck[k];
        }
    }
}

static int determinize(wg_game *g, int viewer, wg_pcg *rng, void *scratch)
{
    (void)scratch; /* determinize_scratch 0 */
    ccn_state *s = CCN_ST(g);
    const ccn_rdata *rd = CCN_RD(g);
    int q = 1 - viewer;
    if (viewer < 0 || viewer > 1)
        return WG_OK;
    /* the Scout's two cards of the opponent, not yet kept, are as hidden as his hand */
    uint8_t tmp[CCN_MAXCARD] = {0};
    int nscout = 0;
    if (s->drawer == q)
        for (int i = 0; i < 2; i++)
            if (s->sdrawn[i]) {
                tmp[s->sdrawn[i] - 1]++;
                nscout++;
            }
    for (int k = 0; k < rd->norder; k++)
        s->odeck[k] = (uint8_t)(s->odeck[k] + tmp[k]);
    for (int i = 0; i < nscout; i++) {
        int total = ccn_card_total(s->odeck, rd->norder);
        uint32_t r = wg__pcg_below(rng, (uint32_t)total);
        for (int k = 0; k < rd->norder; k++) {
            if (r < s->odeck[k]) {
                s->odeck[k]--;
                s->sdrawn[i] = (uint8_t)(k + 1);
                break;
            }
            r -= s->odeck[k];
        }
    }
    /* the cards on the opponent's Square track are as hidden as his hand: dealt again with it */
    int nsq = 0;
    for (int u = 0; u < s->nunit; u++)
        if (s->u[u].side == q && s->u[u].square) {
            s->ohand[q][s->u[u].square - 1]++;
            nsq++;
        }
    resample(s->odeck, s->ohand[q], rd->norder, rng);
    for (int u = 0; u < s->nunit && nsq; u++)
        if (s->u[u].side == q && s->u[u].square) {
            int total = ccn_card_total(s->ohand[q], rd->norder);
            uint32_t r = wg__pcg_below(rng, (uint32_t)total);
            for (int k = 0; k < rd->norder; k++) {
                if (r < s->ohand[q][k]) {
                    s->ohand[q][k]--;
                    s->u[u].square = (uint8_t)(k + 1);
                    break;
                }
                r -= s->ohand[q][k];
            }
        }
    resample(s->tdeck, s->thand[q], rd->ntac, rng);
    return WG_OK;
}

static int event_reveals(const wg_game *g, const wg_event *e, int viewer)
{
    (void)g;
    switch (e->kind) {
    case CCN_E_DRAW: return e->a[0] == viewer; /* his own card */
    case CCN_E_SCOUT: return e->a[0] != viewer; /* the discarded card */
    case CCN_E_CARD:
    case CCN_E_DEFAULT: return e->a[0] != viewer; /* a card of the opponent's hand, face up */
    case CCN_E_SQTRACK: return e->a[2] == 2 && e->a[0] != viewer; /* a Square track's card discarded */
    default: return 0;
    }
}

/* What each document of the game is and where it comes from (wg_game_provenance, doc/ccn.md). */
static void provenance(const wg_game *g, wg_sb *sb, int *provisional)
{
    const ccn_rdata *rd = CCN_RD(g);
    int n = g->scenario + 1;
    *provisional = rd->prov_base || rd->prov_orders || rd->prov_tac || rd->prov_map || rd->prov_scen;
    wg__sb_printf(sb, "rules: the expansion's rulebook and the base system, as code; rule\n");
    if (rd->prov_base)
        wg__sb_printf(sb, "base: bundled data/ccn/base.wgd; provisional (the battle die, unit reference and terrain "
                          "chart of the base game, not printed in the rulebook: reference site, designer, fan and our "
                          "values, each row with its source)\n");
    else
        wg__sb_printf(sb, "base: host document; as supplied\n");
    if (rd->prov_orders && rd->deck75)
        wg__sb_printf(sb, "orders: bundled data/ccn/orders-75.wgd; the printed 75-card deck, %d cards as printed "
                          "(CCN-GAP-46); card effects provisional\n",
                      rd->order_total);
    else if (rd->prov_orders)
        wg__sb_printf(sb, "orders: bundled data/ccn/orders-90.wgd; provisional (the 90-card Order deck is not printed, "
                          "CCN-GAP-02): %d cards\n",
                      rd->order_total);
    else
        wg__sb_printf(sb, "orders: host document; as supplied (%d cards)\n", rd->order_total);
    if (rd->prov_tac)
        wg__sb_printf(sb, "tactician: bundled data/ccn/tactician.wgd; provisional (the Tactician deck is not printed, "
                          "CCN-GAP-03): %d cards\n",
                      rd->tac_total);
    else
        wg__sb_printf(sb, "tactician: host document; as supplied (%d cards)\n", rd->tac_total);
    if (rd->prov_map)
        wg__sb_printf(sb, "map: bundled data/ccn/s%02d-map.wgd; provisional (a schematic map: the printed maps are "
                          "published as images only)\n",
                      n);
    else
        wg__sb_printf(sb, "map: host document; as supplied\n");
    if (rd->prov_scen)
        wg__sb_printf(sb, "scenario: bundled data/ccn/s%02d.wgd; battle notes and special rules as printed (rule), "
                          "unit placement provisional (schematic)\n",
                      n);
    else
        wg__sb_printf(sb, "scenario: host document; as supplied\n");
}

static void decision_text(const wg_game *g, wg_sb *sb)
{
    ccn_decision_text(g, sb);
}

const wg_ruleset_ops wg__ccn_ops = {
    .id = "ccn",
    .name = "Commands & Colors: Napoleonics - Generals, Marshals & Tacticians",
    .nplayers = 2,
    .player_names = players,
    .scenarios = scenarios,
    .nscenarios = 18,
    .state_size = sizeof(ccn_state),
    .setup = setup,
    .retain = retain,
    .release = release,
    .decision = ccn_decision,
    .options = ccn_options,
    .apply = ccn_apply,
    .option_params = ccn_option_params,
    .check_params = ccn_check_params,
    .apply_params = ccn_apply_params,
    .odds = ccn_odds,
    .option_label = ccn_option_label,
    .why_not = ccn_why_not,
    .decision_text = decision_text,
    .event_text = ccn_event_text,
    .describe = ccn_describe,
    .result_text = ccn_result_text,
    .score = score,
    .winner = winner,
    .bot_eval = bot_eval,
    .bot_defaults = &bot_defaults,
    .turn = turn,
    .data_slots = data_slots,
    .piece = ccn_piece,
    .chance_viewers = chance_viewers,
    .scratch_size = 0,
    .determinize = determinize,
    .event_reveals = event_reveals,
    .rules_revision = 1,
    .attr_keys = {ccn_piece_keys, ccn_option_keys, ccn_space_keys},
    .attr = ccn_attr,
    .space_name = ccn_space_name,
    .provenance = provenance,
};

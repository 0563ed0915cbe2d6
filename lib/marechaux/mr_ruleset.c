/* Les Maréchaux: the ruleset's ops table (set-up, dispatch by stage, results). */
#include "marechaux.h"
#include "mr_uniform.h"

#include <string.h>

static const char *const players[2] = {"Anglo-Allied", "French"};
static const wg_scenario_info scenarios[2] = {
    {"1808", "Junot - Portugal 1808 (schematic map, provisional data)"},
    {"1809", "Soult - Portugal 1809 (schematic map, provisional data)"},
};

/* Documents a host may supply instead of the bundled ones: the zone graph and the data pack. */
static const char *const data_slots[] = {"map", "pack", NULL};

static int setup(wg_game *g, const char *options)
{
    mr_rdata *rd = NULL;
    wg_map *map = NULL;
    wg_table *t = NULL;
    int rc;
    if (options && options[0])
        return wg__seterr(g->err, WG_EINVAL, "marechaux: unknown options '%.60s' (none are defined)", options);
    if (sizeof(mr_state) > g->ops->state_size)
        return wg__seterr(g->err, WG_ESTATE, "marechaux: state size mismatch");
    const unsigned char *buf = g->scenario == 0 ? wg__data_marechaux_1808 : wg__data_marechaux_1809;
    size_t len = g->scenario == 0 ? wg__data_marechaux_1808_len : wg__data_marechaux_1809_len;
    const unsigned char *mbuf = g->scenario == 0 ? wg__data_marechaux_1808_map : wg__data_marechaux_1809_map;
    size_t mlen = g->scenario == 0 ? wg__data_marechaux_1808_map_len : wg__data_marechaux_1809_map_len;
    /* Host-supplied documents replace the bundled ones (wg_setup_add_data). */
    const char *sbuf = NULL, *smbuf = NULL;
    size_t slen = 0, smlen = 0;
    int have_pack = wg__game_data(g, "pack", &sbuf, &slen) == WG_OK;
    int have_map = wg__game_data(g, "map", &smbuf, &smlen) == WG_OK;
    /* A host pack that holds its own zone graph (`zone` and `conn` records) and comes without a map
       document needs none: the bundled map is not read. */
    int own_graph = 0;
    if (have_pack && !have_map)
        for (size_t i = 0; i + 5 <= slen && !own_graph; i++)
            own_graph = (i == 0 || sbuf[i - 1] == '\n') && memcmp(sbuf + i, "zone ", 5) == 0;
    const char *use_map = have_map ? smbuf : own_graph ? NULL : (const char *)mbuf;
    size_t use_maplen = have_map ? smlen : own_graph ? 0 : mlen;
    rc = mr_data_load(&rd, &map, g->ctx, use_map, use_maplen, have_pack ? sbuf : (const char *)buf,
                      have_pack ? slen : len, g->err);
    if (rc != WG_OK) {
        if (have_map || have_pack) {
            char msg[WG_ERRMSG_CAP];
            memcpy(msg, g->err, sizeof msg);
            wg__seterr(g->err, rc, "marechaux (host-supplied %s%s%s): %.180s", have_map ? "map" : "",
                       have_map && have_pack ? " and " : "", have_pack ? "pack" : "", msg);
        }
        return rc;
    }
    rc = mr_melee_table_new(&t, g->ctx);
    for (int r = 0; r < MR_MELEE_ROWS && rc == WG_OK; r++) /* the pack's supplied rows (GAP-05) */
        for (int c = 0; c < 7 && rc == WG_OK; c++) {
            int code;
            if (!rd->melee[r][c][0])
                continue;
            rc = wg_table_code(&code, t, rd->melee[r][c]);
            if (rc == WG_OK)
                rc = wg_table_set(t, r, c, code);
        }
    if (rc != WG_OK) {
        wg_table_free(t);
        wg_map_free(map);
        mr_data_free(g->ctx, rd);
        return wg__seterr(g->err, rc, "marechaux: cannot build the melee table");
    }
    rc = wg__game_add_table(g, t); /* takes the table, even on failure */
    if (rc != WG_OK) {
        wg_map_free(map);
        mr_data_free(g->ctx, rd);
        return wg__seterr(g->err, rc, "marechaux: out of memory");
    }
    g->map = map;
    g->rdata = rd;

    mr_state *s = MR_ST(g);
    memset(s, 0, g->ops->state_size);
    s->turn = 1;
    s->cb.zone = -1;
    s->cur = -1;
    memset(s->axis, -1, sizeof s->axis);
    mr_know_init(g);
    int any_free = 0;
    for (int u = 0; u < rd->nunit; u++) {
        const mr_unitdef *d = &rd->unit[u];
        s->u[u].zone = (int8_t)(d->freeplace || d->landing ? MR_Z_POOL : d->setup_zone);
        if (d->kind == MR_K_DECOY)
            s->u[u].zone = MR_Z_POOL;
        s->u[u].steps = (uint8_t)(d->kind == MR_K_INF ? d->nbox : 1);
        any_free |= d->freeplace;
    }
    mr_know_ids(g); /* the enemy's ids of the counters set up on the map */
    wg__pool_init(&s->fatigue, rd->nft);
    for (int i = 0; i < rd->nft; i++)
        wg__pool_add(&s->fatigue, i, (unsigned)rd->ftcount[i]);
    for (int side = 0; side < 2; side++) {
        wg__pool_init(&s->container[side], rd->nevt);
        for (int e = 0; e < rd->nevt; e++) {
            wg__pool_add(&s->container[side], e, (unsigned)rd->container[side][e]);
            s->hand[side][e] = (int8_t)rd->hand[side][e]; /* GAP-58: in hand at set-up */
        }
    }
    if (any_free) {
        s->stage = MR_S_PLACE; /* LM-SCEN1809-02, PD-01 */
        s->who = MR_AA;
        return WG_OK;
    }
    /* LM-SEQ-01, LM-INIT-04: without a set-up placement turn 1 begins now, with the pack's turn-1
       initiative when it names one; the events of the start are kept before the log's first step */
    rc = mr_begin_turn(g);
    if (rc == WG_OK)
        wg__game_rebase(g);
    return rc;
}

static void retain(wg_game *g)
{
    if (g->rdata)
        wg__ref_take(&((mr_rdata *)g->rdata)->refs);
}

static void release(wg_game *g)
{
    mr_rdata *rd = g->rdata;
    if (rd && wg__ref_drop(&rd->refs))
        mr_data_free(rd->ctx, rd);
    g->rdata = NULL;
}

static int is_turn_stage(int st)
{
    return st == MR_S_PLACE || st == MR_S_INIT || st == MR_S_EVDRAW || st == MR_S_EVKEEP || st == MR_S_RECUP;
}

static int is_ops_stage(const mr_state *s)
{
    return s->stage == MR_S_OPS || s->stage == MR_S_FORM || s->stage == MR_S_CMDROLL || s->stage == MR_S_DECLARE ||
           (s->stage == MR_S_DISROLL && s->cb.zone < 0);
}

static int is_move_stage(const mr_state *s)
{
    int st = s->stage;
    if ((st == MR_S_CDRROLL || st == MR_S_CDRMOVE) && s->cb.zone < 0)
        return 1; /* a lone commander met during a movement (LM-CDR-04) */
    return st == MR_S_MOVE || st == MR_S_FDRAW || st == MR_S_FRETURN || st == MR_S_AXIS || st == MR_S_FORCE;
}

static void decision(const wg_game *g, int *player, int *kind)
{
    mr_decision(g, player, kind);
}

static int options(wg_game *g)
{
    mr_state *s = MR_ST(g);
    int rc;
    if (s->stage == MR_S_OVER)
        return WG_OK;
    if (is_turn_stage(s->stage))
        rc = mr_turn_options(g);
    else if (s->stage == MR_S_OPS) /* the operation choice lists Argenton itself */
        return mr_ops_options(g);
    else if (is_ops_stage(s))
        rc = mr_ops_options(g);
    else if (is_move_stage(s))
        rc = mr_move_options(g);
    else
        rc = mr_combat_options(g);
    /* LM-EVENTS-01, GAP-56: also in any other AA decision, in every phase (phase B's keep or tempt fate
       included); dice and draws are chance's */
    if (rc == WG_OK && mr_argenton_window(g))
        rc = mr_argenton_options(g);
    if (rc == WG_OK && MR_ST(g)->stage != MR_S_OPS) /* the operation choice lists them itself */
        rc = mr_decoy_options(g);
    return rc;
}

static int apply_step(wg_game *g, uint64_t a)
{
    mr_state *s = MR_ST(g);
    if (MR_ATYPE(a) == MR_A_ARGENTON && s->stage != MR_S_OPS)
        return mr_argenton_apply(g, MR_AARG(a));
    if ((MR_ATYPE(a) == MR_A_DECOY_ADD || MR_ATYPE(a) == MR_A_DECOY_DEL) && s->stage != MR_S_OPS)
        return mr_decoy_apply(g, mr_decoy_side(g), MR_ATYPE(a), MR_AARG(a));
    if (is_turn_stage(s->stage))
        return mr_turn_apply(g, a);
    if (is_ops_stage(s))
        return mr_ops_apply(g, a);
    if (is_move_stage(s))
        return mr_move_apply(g, a);
    return mr_combat_apply(g, a);
}

static int apply(wg_game *g, uint64_t a)
{
    mr_know_snap k;
    mr_know_before(g, &k);
    int decoy = MR_ATYPE(a) == MR_A_DECOY_ADD || MR_ATYPE(a) == MR_A_DECOY_DEL;
    int rc = apply_step(g, a);
    if (rc != WG_OK)
        return rc;
    if (!decoy)
        MR_ST(g)->decoy_done = 0; /* LM-DECOY-03: adding or removing, within one decision */
    /* LM-RETREATAXIS-07: at once when one side is left (a combat clears them at its end) */
    if (MR_ST(g)->cb.zone < 0 && (rc = mr_axes_clear(g)) != WG_OK)
        return rc;
    if ((rc = mr_decoys_alone(g)) != WG_OK) /* LM-DECOY-02: at once */
        return rc;
    return mr_know_after(g, &k);
}

static int option_label(const wg_game *g, uint64_t action, wg_sb *sb)
{
    return mr_option_label(g, action, sb);
}

static void why_not(const wg_game *g, uint64_t a, char *err)
{
    const mr_state *s = MR_ST(g);
    if (s->stage == MR_S_OVER) {
        wg__seterr(err, WG_ESTATE, "the game is over (LM-SEQ-09)");
        return;
    }
    if (s->stage == MR_S_OPS) {
        mr_ops_why(g, a, err);
        return;
    }
    if (MR_ATYPE(a) == MR_A_ARGENTON) {
        if (mr_argenton_legal(g, MR_AARG(a), err))
            wg__seterr(err, WG_EILLEGAL, "that action is not an option now");
        return;
    }
    if (MR_ATYPE(a) == MR_A_DECOY_ADD || MR_ATYPE(a) == MR_A_DECOY_DEL) {
        int side = mr_decoy_side(g);
        if (side < 0)
            wg__seterr(err, WG_EILLEGAL, "no decoy may be added or removed now: dice, draws and the set-up "
                                         "placement hold none, and one decoy action is taken a decision (LM-DECOY-03)");
        else if (mr_decoy_legal(g, side, MR_ATYPE(a), MR_AARG(a), err))
            wg__seterr(err, WG_EILLEGAL, "that action is not an option now");
        return;
    }
    if (s->stage == MR_S_MOVE) {
        mr_move_why(g, a, err);
        return;
    }
    static const struct {
        int stage;
        const char *why;
    } reasons[] = {
        {MR_S_LOSS, "that unit cannot take this loss: the first loss goes to the head unit (or, after Charge "
                    "Incontrolee, to a British cavalry unit), pursuit losses first to baggage and artillery "
                    "(LM-MELEE-22, LM-EVENTS-06, LM-PURSUIT-06)"},
        {MR_S_AXIS, "the Retraite marker goes on a connection of the zone without the enemy's marker and not toward "
                    "a zone held by an enemy stack (LM-RETREATAXIS-04)"},
        {MR_S_HEAD, "the head unit is an infantry unit, a garrison, or a cavalry unit (in a town or defensive zone "
                    "only when the stack has no infantry) of the combat stack (LM-MELEE-17, LM-MELEE-18, LM-MELEE-19, GAP-43)"},
        {MR_S_CBEVENT, "that event is not held or not playable in this window: CP events after the amplitude, "
                       "Counter Battery after the artillery shots, Charge Incontrolee before the losses (LM-EVT-10, "
                       "LM-EVENTS-06/07)"},
        {MR_S_RETREAT, "a retreat goes on into a zone free of enemy units, not back into the combat zone, over a "
                       "connection every unit may use (LM-RETREAT-02, GAP-45)"},
        {MR_S_FORM, "only your units of that zone can form the stack: available ones to move or disengage, any to "
                    "attack (LM-STACK-03, LM-COMBAT-02)"},
        {MR_S_FORCE, "stop, or force the passage when both stacks have fighting units and the stack did not cross "
                     "by boat or ferry (LM-MOVE-05/06, LM-SCEN1809-14/15)"},
        {MR_S_CDRMOVE, "the commander escapes into an adjacent zone free of enemy stacks (LM-CDR-04)"},
        {MR_S_FRETURN, "only a marker drawn in this movement can be returned, once for a commander and once for "
                       "baggage (LM-FATIGUE-07/08/09, LM-EVENTS-04)"},
        {MR_S_PLACE, "the units are placed in zones A, B and C (LM-SCEN1809-02)"},
        {MR_S_EVKEEP, "keep (or play a starred event) or tempt fate (LM-EVT-05/06)"},
        {MR_S_DECLARE, "declare the cavalry steps or keep them secret (LM-DISENG-07/08)"},
        {MR_S_WITHDRAW, "withdraw the cavalry or stay (LM-COMBAT-07)"},
    };
    for (size_t i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
        if (reasons[i].stage == s->stage) {
            wg__seterr(err, WG_EILLEGAL, "%s", reasons[i].why);
            return;
        }
    wg__seterr(err, WG_EILLEGAL, "not an outcome of this roll or draw, or not an option of the current decision "
                                 "(LM-SEQ-01)");
}

static void decision_text(const wg_game *g, wg_sb *sb)
{
    mr_decision_text(g, sb);
}

static void event_text(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb)
{
    mr_event_text(g, e, viewer, sb);
}

static void describe(const wg_game *g, int viewer, wg_sb *sb)
{
    mr_describe(g, viewer, sb);
}

static void result_text(const wg_game *g, wg_sb *sb)
{
    const mr_state *s = MR_ST(g);
    const char *w = s->vp[0] > s->vp[1] ? "Anglo-Allied victory" : s->vp[0] < s->vp[1] ? "French victory" : "tie";
    wg__sb_printf(sb, "Anglo-Allied %d VP, French %d VP: %s%s (LM-VP-01)", s->vp[0], s->vp[1], w,
                  s->over ? "" : " so far");
}

static int64_t score(const wg_game *g)
{
    const mr_state *s = MR_ST(g);
    return (int64_t)s->vp[0] - (int64_t)s->vp[1];
}

/* More victory points wins (LM-VP-01); equal is a tie. */
static int winner(const wg_game *g)
{
    const mr_state *s = MR_ST(g);
    return s->vp[0] > s->vp[1] ? 0 : s->vp[0] < s->vp[1] ? 1 : -1;
}

/* The bots' evaluation (doc/bots.md), in the Anglo-Allies' favour: the victory points, plus those the
   end of the game would score now (the objective's control, LM-VP-02/03/11; the French path south of
   the Douro, LM-VP-12); in the last turn (the scenario's, or Burrard's, LM-EVENTS-02) 10 more to
   the side ahead by them, so that a side behind does not end the game and a side ahead does.  It
   reads where units are, hidden ones included: a search evaluates it in its determinized worlds
   only (wg_bot's root evaluation is taken in each iteration's world). */
static int64_t bot_eval(const wg_game *g)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int64_t e = (int64_t)s->vp[0] - (int64_t)s->vp[1];
    if (s->over)
        return e;
    for (int z = 0; z < rd->nzone; z++) {
        if (!(rd->zflags[z] & MR_ZF_OBJ))
            continue;
        int c = mr_objective_control(rd, s, z);
        e += c == MR_AA ? rd->obj_vp : c == MR_FR ? -rd->obj_vp : 0;
    }
    if (mr_south_path(rd, s))
        e -= 6;
    if (s->turn >= rd->turns || s->burrard)
        e += e > 0 ? 10 : e < 0 ? -10 : 0;
    return e;
}

/* The bots' defaults (doc/bots.md): 500 iterations, the position evaluated where the tree ends (once
   quiet), 5 victory points worth three quarters of a win. */
static const wg_bot_defaults bot_defaults = {500, 0, 5};

/* The bots' quiet positions (doc/bots.md): none inside a combat, from the forced passage or the
   cavalry's withdrawal to the last pursuit die, so that a search that engages sees the losses. */
static int bot_quiet(const wg_game *g)
{
    switch (MR_ST(g)->stage) {
    case MR_S_CDRROLL:
    case MR_S_CDRMOVE:
    case MR_S_WITHDRAW:
    case MR_S_CBEVENT:
    case MR_S_ARTROLL:
    case MR_S_HEAD:
    case MR_S_CPROLL:
    case MR_S_LOSS:
    case MR_S_RETREAT:
    case MR_S_DEMROLL:
    case MR_S_PURSUIT: return 0;
    default: return 1;
    }
}

static int turn(const wg_game *g)
{
    return MR_ST(g)->turn;
}

/* wg_game_provenance: the bundled packs and zone graphs are provisional and schematic. */
static void provenance(const wg_game *g, wg_sb *sb, int *provisional)
{
    const char *b;
    size_t n;
    int hpack = wg__game_data(g, "pack", &b, &n) == WG_OK, hmap = wg__game_data(g, "map", &b, &n) == WG_OK;
    const char *id = g->ops->scenarios[g->scenario].id;
    *provisional = !hpack || !hmap;
    wg__sb_printf(sb, "rules: the rulebook's rules and printed tables, as code; rule\n");
    if (hpack)
        wg__sb_printf(sb, "pack: host document; as supplied\n");
    else
        wg__sb_printf(sb, "pack: bundled data/marechaux/%s.wgd; provisional (the values the rulebook does not print, "
                          "each marked in the document's header)\n",
                      id);
    if (hmap)
        wg__sb_printf(sb, "map: host document; as supplied\n");
    else
        wg__sb_printf(sb, "map: bundled data/marechaux/%s-map.wgd; provisional (a schematic zone graph, not the "
                          "published map)\n",
                      id);
}

const wg_ruleset_ops wg__marechaux_ops = {
    .id = "marechaux",
    .name = "Les Marechaux: Junot 1808 - Soult 1809",
    .nplayers = 2,
    .player_names = players,
    .scenarios = scenarios,
    .nscenarios = 2,
    .state_size = sizeof(mr_state),
    .setup = setup,
    .retain = retain,
    .release = release,
    .decision = decision,
    .options = options,
    .apply = apply,
    .option_params = mr_option_params,
    .check_params = mr_check_params,
    .apply_params = mr_apply_params,
    .odds = mr_uniform_odds,
    .option_label = option_label,
    .why_not = why_not,
    .decision_text = decision_text,
    .event_text = event_text,
    .describe = describe,
    .result_text = result_text,
    .score = score,
    .winner = winner,
    .bot_eval = bot_eval,
    .bot_defaults = &bot_defaults,
    .bot_quiet = bot_quiet,
    .turn = turn,
    .data_slots = data_slots,
    .piece = mr_piece,
    .chance_viewers = mr_chance_viewers,
    .scratch_size = 0, /* no scratch */
    .event_rule = mr_event_rule,
    .determinize = mr_determinize,
    .determinize_scratch = sizeof(mr_match),
    .event_reveals = mr_event_reveals,
    .rules_revision = 1, /* saves record it */
    .attr_keys = {mr_piece_keys, mr_option_keys, mr_space_keys},
    .attr = mr_attr,
    .provenance = provenance,
};

/* Games: the decision loop, events, undo, clone, hashing and save/load shared by every ruleset. */
#include <string.h>

#include "internal.h"

#define SAVE_MAGIC "WGSV"
/* Format 2: format 1 with the ruleset's rules revision after its id.  Format 1 saves are read as
   rules revision 1 (tests/saves/ keeps one of each). */
#define SAVE_VERSION 2u
#define SAVE_LOG_PARAMS 0x10u /* a log entry's type bit: parameters follow (a save without any reads as before) */

/* The rules revision of a ruleset (0 in its ops means 1). */
static uint32_t rules_revision(const wg_ruleset_ops *ops)
{
    return ops->rules_revision ? ops->rules_revision : 1u;
}

/* ------------------------------------------------------------------ helpers */

/* The message buffer of a game, NULL for a const game: calls on a const handle never write it (the
   header's thread contract), they return the status and leave the last message unchanged. */
#define GEB(g) _Generic((g), wg_game *: (g)->err, default: (char *)NULL)
#define game_fail(g, st, ...) wg__seterr(GEB(g), (st), __VA_ARGS__)

/* ------------------------------------------------------------------ failed calls give memory back */

/* The capacities of a game's growable arrays (option cache, log, events) when a call began.  A call
   that fails puts them back, so that the memory in use is what it was before the call: the log and
   the events are cut back to the counts they have again after the failure, and the option cache,
   which is rebuilt on demand, is dropped when it no longer fits. */
typedef struct game_mark {
    size_t capopts, caplog, capev, caplparam;
} game_mark;

static game_mark mark_of(const wg_game *g)
{
    game_mark m = {g->capopts, g->caplog, g->capev, g->caplparam};
    return m;
}

/* Shrinks an array to the capacity `old` (<= *cap) it had; a shrink the allocator refuses leaves the
   array as it is (the allocator keeps the block). */
static void shrink_back(wg_ctx *ctx, void **arr, size_t *cap, size_t old, size_t elem)
{
    if (*cap <= old)
        return;
    if (old == 0) {
        wg__free(ctx, *arr, *cap * elem);
        *arr = NULL;
        *cap = 0;
        return;
    }
    char msg[WG_ERRMSG_CAP]; /* the context keeps the message of the failure */
    memcpy(msg, ctx->err, sizeof msg);
    void *p = wg__realloc(ctx, *arr, *cap * elem, old * elem);
    memcpy(ctx->err, msg, sizeof msg);
    if (p) {
        *arr = p;
        *cap = old;
    }
}

/* After a failed call: gives back what the call grew. */
static void give_back(wg_game *g, const game_mark *m)
{
    if (g->capopts > m->capopts) {
        if (g->nopts > m->capopts) {
            g->nopts = 0;
            g->opts_valid = false;
        }
        shrink_back(g->ctx, (void **)&g->opts, &g->capopts, m->capopts, sizeof *g->opts);
    }
    if (g->caplog > m->caplog && g->nlog <= m->caplog)
        shrink_back(g->ctx, (void **)&g->log, &g->caplog, m->caplog, sizeof *g->log);
    if (g->capev > m->capev && g->nev <= m->capev)
        shrink_back(g->ctx, (void **)&g->ev, &g->capev, m->capev, sizeof *g->ev);
    if (g->caplparam > m->caplparam && g->nlparam <= m->caplparam)
        shrink_back(g->ctx, (void **)&g->lparam, &g->caplparam, m->caplparam, sizeof *g->lparam);
}

int wg__opt_push(wg_game *g, uint64_t action, uint64_t weight)
{
    if (wg__grow(g->ctx, (void **)&g->opts, &g->capopts, g->nopts + 1, sizeof *g->opts))
        return WG_ENOMEM;
    g->opts[g->nopts].action = action;
    g->opts[g->nopts].weight = weight;
    g->nopts++;
    return WG_OK;
}

wg_event *wg__event(wg_game *g, int32_t kind, const char *rule, uint32_t visible)
{
    if (g->fork)
        g->nev = 0; /* a fork keeps no events: one slot, allocated with the fork, takes each in turn */
    if (wg__grow(g->ctx, (void **)&g->ev, &g->capev, g->nev + 1, sizeof *g->ev))
        return NULL;
    wg_event *e = &g->ev[g->nev++];
    memset(e, 0, sizeof *e);
    e->step = g->nlog;
    e->rule = rule;
    e->kind = kind;
    e->visible = visible;
    return e;
}

int wg__game_add_table(wg_game *g, wg_table *t)
{
    size_t n = (size_t)g->ntables;
    wg_table **arr = wg__realloc(g->ctx, g->tables, n * sizeof *arr, (n + 1) * sizeof *arr);
    if (!arr) {
        wg_table_free(t);
        return WG_ENOMEM;
    }
    arr[n] = t;
    g->tables = arr;
    g->ntables++;
    return WG_OK;
}

/* Recomputes the option cache when needed. */
static int refresh(wg_game *g)
{
    if (g->broken)
        return game_fail(g, WG_ESTATE, "the game was lost by an earlier failure; load a save");
    if (g->opts_valid)
        return WG_OK;
    game_mark m = mark_of(g);
    g->nopts = 0;
    g->ops->decision(g, &g->dec_player, &g->dec_kind);
    if (g->dec_player != WG_PLAYER_NONE) {
        int rc = g->ops->options(g);
        if (rc) {
            g->nopts = 0;
            give_back(g, &m);
            if (rc == WG_ENOMEM)
                return game_fail(g, rc, "out of memory while listing the options");
            return rc;
        }
    }
    uint64_t total = 0;
    for (size_t i = 0; i < g->nopts; i++)
        total += g->opts[i].weight;
    g->opts_total = total;
    g->opts_valid = true;
    return WG_OK;
}

static int replay(wg_game *g, const wg_logent *log, const int64_t *lparam, size_t n, size_t *failed_at);

/* Applies option `idx` and records it in the log with `how`.  A failed step changes nothing: the
   game is rebuilt exactly by replaying its log (failures are rare, and this keeps the common step
   free of any copy of the state). */
static int apply_option(wg_game *g, size_t idx, uint8_t how, const int64_t *pv, size_t np, const wg_pcg *dice_before,
                        const wg_pcg *bot_before)
{
    uint64_t action = g->opts[idx].action;
    int decider = g->dec_player;
    if (!g->fork && (wg__grow(g->ctx, (void **)&g->log, &g->caplog, g->nlog + 1, sizeof *g->log) ||
        (np && wg__grow(g->ctx, (void **)&g->lparam, &g->caplparam, g->nlparam + np, sizeof *g->lparam)))) {
        g->dice = *dice_before;
        g->bot = *bot_before;
        return game_fail(g, WG_ENOMEM, "out of memory while recording the decision");
    }
    size_t nev0 = g->nev;
    int rc = g->ops->apply_params ? g->ops->apply_params(g, action, pv, np) : g->ops->apply(g, action);
    if (g->fork) {
        g->nev = 0;
        g->opts_valid = false;
        if (rc == WG_OK)
            return WG_OK;
        /* a fork keeps no history to rebuild its state from */
        char msg[WG_ERRMSG_CAP];
        memcpy(msg, g->err, sizeof msg);
        g->broken = true;
        return game_fail(g, rc, "a step failed in a fork, which cannot be restored (fork it again): %.150s", msg);
    }
    if (rc == WG_OK) {
        g->log[g->nlog].action = action;
        g->log[g->nlog].how = how;
        g->log[g->nlog].player = (int8_t)decider;
        g->log[g->nlog].param = (uint32_t)g->nlparam;
        g->log[g->nlog].nparam = (uint8_t)np;
        if (np)
            memmove(g->lparam + g->nlparam, pv, np * sizeof *pv); /* a replay copies a value onto itself */
        g->nlparam += np;
        if (g->nlog++ == 0) {
            /* from the first decision on, replays depend on the cells the game has used */
            for (int t = 0; t < g->ntables; t++)
                g->tables[t]->fill_only = true;
        }
        g->opts_valid = false;
        return WG_OK;
    }
    if (rc == WG_ENOMEM)
        game_fail(g, rc, "out of memory while applying the decision (nothing changed)");
    if (g->replaying)
        return rc; /* the outer replay restores */
    char msg[WG_ERRMSG_CAP];
    memcpy(msg, g->err, sizeof msg);
    size_t failed_at = 0;
    int rrc = replay(g, g->log, g->lparam, g->nlog, &failed_at);
    if (rrc != WG_OK || g->nev != nev0) {
        /* Cannot happen: a replay needs no memory the game does not hold already. */
        g->broken = true;
        return game_fail(g, rc, "the game could not be restored after a failed step: %.150s", msg);
    }
    g->dice = *dice_before;
    g->bot = *bot_before;
    memcpy(g->err, msg, sizeof msg);
    return rc;
}

static size_t draw_weighted(wg_game *g, wg_pcg *r)
{
    uint64_t total = g->opts_total;
    uint64_t x;
    if (total <= UINT32_MAX) {
        x = wg__pcg_below(r, (uint32_t)total);
    } else {
        uint64_t hi = wg__pcg_next(r), lo = wg__pcg_next(r);
        x = ((hi << 32) | lo) % total;
    }
    for (size_t i = 0; i < g->nopts; i++) {
        if (x < g->opts[i].weight)
            return i;
        x -= g->opts[i].weight;
    }
    return g->nopts - 1;
}

/* ------------------------------------------------------------------ host-supplied data */

static void blob_release(wg_ctx *ctx, wg_blob *b)
{
    if (!b || --b->refs > 0)
        return;
    wg__strfree(ctx, b->slot);
    wg__free(ctx, b->bytes, b->len + 1);
    wg__free(ctx, b, sizeof *b);
}

static wg_blob *blob_new(wg_ctx *ctx, const char *slot, const char *bytes, size_t len)
{
    wg_blob *b = wg__alloc(ctx, sizeof *b);
    if (!b)
        return NULL;
    b->refs = 1;
    b->len = len;
    b->slot = wg__strdup(ctx, slot);
    b->bytes = len + 1 > len ? wg__realloc(ctx, NULL, 0, len + 1) : NULL;
    if (!b->slot || !b->bytes) {
        wg__strfree(ctx, b->slot);
        wg__free(ctx, b->bytes, len + 1);
        wg__free(ctx, b, sizeof *b);
        return NULL;
    }
    if (len)
        memcpy(b->bytes, bytes, len);
    b->bytes[len] = '\0';
    return b;
}

int wg__game_data(const wg_game *g, const char *slot, const char **buf, size_t *len)
{
    for (size_t i = 0; i < g->ndata; i++) {
        if (strcmp(g->data[i]->slot, slot) == 0) {
            *buf = g->data[i]->bytes;
            *len = g->data[i]->len;
            return WG_OK;
        }
    }
    return WG_ENOTFOUND;
}

/* Shares the blobs with a game (all or nothing). */
static int game_take_blobs(wg_game *g, wg_blob *const *blobs, size_t n)
{
    if (!n)
        return WG_OK;
    g->data = wg__alloc(g->ctx, n * sizeof *g->data);
    if (!g->data)
        return WG_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        g->data[i] = blobs[i];
        blobs[i]->refs++;
    }
    g->ndata = n;
    return WG_OK;
}

/* ------------------------------------------------------------------ lifecycle */

static void game_destroy(wg_game *g)
{
    wg_ctx *ctx = g->ctx;
    if (g->fork) { /* it owns only its state, scratch, options and event slot */
        wg__free(ctx, g->state, g->ops->state_size);
        wg__free(ctx, g->scratch, g->ops->scratch_size);
        wg__free(ctx, g->opts, g->capopts * sizeof *g->opts);
        wg__free(ctx, g->ev, g->capev * sizeof *g->ev);
        wg__free(ctx, g, sizeof *g);
        wg__ctx_release(ctx);
        return;
    }
    if (g->ops->release && g->rdata)
        g->ops->release(g);
    for (int i = 0; i < g->ntables; i++)
        wg_table_free(g->tables[i]);
    wg__free(ctx, g->tables, (size_t)g->ntables * sizeof *g->tables);
    if (g->map)
        wg_map_free(g->map);
    if (g->oob)
        wg_oob_free(g->oob);
    wg__free(ctx, g->state, g->ops->state_size);
    wg__free(ctx, g->init_state, g->ops->state_size);
    wg__free(ctx, g->scratch, g->ops->scratch_size);
    wg__free(ctx, g->opts, g->capopts * sizeof *g->opts);
    wg__free(ctx, g->log, g->caplog * sizeof *g->log);
    wg__free(ctx, g->lparam, g->caplparam * sizeof *g->lparam);
    wg__free(ctx, g->ev, g->capev * sizeof *g->ev);
    wg__strfree(ctx, g->options);
    for (size_t i = 0; i < g->ndata; i++)
        blob_release(ctx, g->data[i]);
    wg__free(ctx, g->data, g->ndata * sizeof *g->data);
    wg__free(ctx, g, sizeof *g);
    wg__ctx_release(ctx);
}

static wg_game *game_alloc(wg_ctx *ctx, const wg_ruleset_ops *ops)
{
    wg_game *g = wg__alloc(ctx, sizeof *g);
    if (!g)
        return NULL;
    g->ctx = ctx;
    g->ops = ops;
    wg__ctx_retain(ctx);
    g->state = wg__alloc(ctx, ops->state_size);
    g->init_state = wg__alloc(ctx, ops->state_size);
    if (ops->scratch_size)
        g->scratch = wg__alloc(ctx, ops->scratch_size);
    if (!g->state || !g->init_state || (ops->scratch_size && !g->scratch)) {
        game_destroy(g);
        return NULL;
    }
    return g;
}

static int find_scenario(wg_ctx *ctx, const wg_ruleset_ops *ops, const char *scenario)
{
    for (int i = 0; i < ops->nscenarios; i++)
        if (strcmp(ops->scenarios[i].id, scenario) == 0)
            return i;
    wg_sb sb;
    wg__sb_init(&sb, ctx->err, WG_ERRMSG_CAP);
    wg__sb_printf(&sb, "ruleset '%s' has no scenario '%s' (scenarios:", ops->id, scenario);
    for (int i = 0; i < ops->nscenarios; i++)
        wg__sb_printf(&sb, " %s", ops->scenarios[i].id);
    wg__sb_printf(&sb, ")");
    return -1;
}

static int game_new_full(wg_game **out, wg_ctx *ctx, const wg_ruleset_ops *ops, const char *scenario,
                         const char *options, uint64_t seed, wg_blob *const *blobs, size_t nblobs);

int wg__game_new_ops(wg_game **out, wg_ctx *ctx, const wg_ruleset_ops *ops, const char *scenario,
                     const char *options, uint64_t seed)
{
    return game_new_full(out, ctx, ops, scenario, options, seed, NULL, 0);
}

static int game_new_full(wg_game **out, wg_ctx *ctx, const wg_ruleset_ops *ops, const char *scenario,
                         const char *options, uint64_t seed, wg_blob *const *blobs, size_t nblobs)
{
    int sc = -1;
    if (options && strlen(options) > 1023)
        return wg__ctx_err(ctx, WG_EINVAL, "options are 1023 bytes at most (saves carry them); these have %zu",
                           strlen(options));
    sc = find_scenario(ctx, ops, scenario);
    if (sc < 0)
        return WG_ENOTFOUND;
    wg_game *g = game_alloc(ctx, ops);
    if (!g)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating a game of %s", ops->id);
    g->scenario = sc;
    g->seed = seed;
    g->options = wg__strdup(ctx, options ? options : "");
    if (!g->options || game_take_blobs(g, blobs, nblobs)) {
        game_destroy(g);
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating a game of %s", ops->id);
    }
    wg__pcg_seed(&g->dice, seed, 0x6469636555ULL);
    wg__pcg_seed(&g->bot, seed, 0x626f7455ULL);
    int rc = ops->setup(g, g->options);
    if (rc) {
        if (rc == WG_ENOMEM)
            wg__ctx_err(ctx, rc, "out of memory setting up %s scenario %s", ops->id, scenario);
        else if (g->err[0]) /* rulesets report on the game or directly on the context */
            wg__ctx_err(ctx, rc, "%s", g->err);
        game_destroy(g);
        return rc;
    }
    memcpy(g->init_state, g->state, ops->state_size);
    g->init_dice = g->dice;
    g->init_bot = g->bot;
    *out = g;
    return WG_OK;
}

int wg_game_new(wg_game **out, wg_ctx *ctx, const char *ruleset, const char *scenario, const char *options,
                uint64_t seed)
{
    if (out)
        *out = NULL;
    if (!out || !ctx)
        return WG_EINVAL;
    if (!ruleset || !scenario)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_game_new: ruleset and scenario must not be NULL");
    const wg_ruleset_ops *ops = wg__ruleset_find(ruleset);
    if (!ops)
        return wg__ctx_err(ctx, WG_ENOTFOUND, "no ruleset '%s' in this library", ruleset);
    return wg__game_new_ops(out, ctx, ops, scenario, options, seed);
}

void wg_game_free(wg_game *game)
{
    if (game)
        game_destroy(game);
}

const char *wg_game_errmsg(const wg_game *game)
{
    return game ? game->err : "NULL game";
}

const char *wg_game_ruleset(const wg_game *game)
{
    return game ? game->ops->id : NULL;
}

const char *wg_game_scenario(const wg_game *game)
{
    return game ? game->ops->scenarios[game->scenario].id : NULL;
}

int wg_game_player_count(int *out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    *out = game->ops->nplayers;
    return WG_OK;
}

int wg_game_player_name(const char **out, const wg_game *game, int player)
{
    if (!out || !game)
        return WG_EINVAL;
    if (player < 0 || player >= game->ops->nplayers)
        return game_fail(game, WG_ERANGE, "player %d out of range (0..%d)", player, game->ops->nplayers - 1);
    *out = wg__player_name(game, player);
    return WG_OK;
}

/* ------------------------------------------------------------------ decisions */

static const char *decision_kind_name(int kind)
{
    static const char *const names[] = {"none",    "roll",       "draw",     "place",   "select",
                                        "move",    "attack",     "supply",   "retreat", "loss",
                                        "advance", "order",      "card",     "yes/no",  "organize",
                                        "eliminate", "other"};
    if (kind < 0 || kind >= (int)(sizeof names / sizeof names[0]))
        return "other";
    return names[kind];
}

int wg_game_decision(int *player, int *kind, const wg_game *game)
{
    if (!player || !kind || !game)
        return WG_EINVAL;
    game->ops->decision(game, player, kind);
    return WG_OK;
}

int wg_game_decision_text(char *buf, size_t cap, size_t *len, const wg_game *game)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    game->ops->decision_text(game, &sb);
    return wg__sb_finish(&sb, len);
}

static int check_viewer(char *eb, const wg_game *g, int viewer);

int wg_game_decision_text_for(char *buf, size_t cap, size_t *len, const wg_game *game, int viewer)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    int rc = check_viewer(GEB(game), game, viewer);
    if (rc)
        return rc;
    int player, kind;
    game->ops->decision(game, &player, &kind);
    if (viewer == WG_VIEW_REFEREE || viewer == player || player < 0)
        return wg_game_decision_text(buf, cap, len, game);
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    wg__sb_printf(&sb, "%s decides (%s)", wg__player_name(game, player), decision_kind_name(kind));
    return wg__sb_finish(&sb, len);
}

int wg_game_option_count(size_t *out, wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    int rc = refresh(game);
    if (rc)
        return rc;
    *out = game->nopts;
    return WG_OK;
}

/* refresh, then option i of the decision must exist.  A failure gives back the memory the listing of
   the options took (the call changes nothing, memory in use included). */
static int check_index(wg_game *g, size_t i)
{
    game_mark m = mark_of(g);
    int rc = refresh(g);
    if (rc)
        return rc;
    if (g->dec_player == WG_PLAYER_NONE)
        rc = game_fail(g, WG_ESTATE, "the game is over: there is no decision to take");
    else if (i >= g->nopts)
        rc = game_fail(g, WG_ERANGE, "option %zu out of range: the decision has %zu option(s)", i, g->nopts);
    if (rc)
        give_back(g, &m);
    return rc;
}

int wg_game_option_label(char *buf, size_t cap, size_t *len, wg_game *game, size_t i)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    game_mark m = mark_of(game);
    int rc = check_index(game, i);
    if (rc)
        return rc;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    rc = game->ops->option_label(game, game->opts[i].action, &sb);
    if (rc == WG_OK)
        rc = wg__sb_finish(&sb, len);
    if (rc)
        give_back(game, &m);
    return rc;
}

/* Whether viewer may read the options of the current decision: the decider and the referee
   always; every player for a chance decision whose options are public (a die), only the players
   the ruleset names for a draw from a pool one side may look into. */
static int viewer_sees_options(wg_game *g, int viewer)
{
    if (viewer == WG_VIEW_REFEREE || viewer == g->dec_player)
        return 1;
    if (g->dec_player == WG_PLAYER_CHANCE && viewer >= 0 && viewer < 32)
        return !g->ops->chance_viewers || ((g->ops->chance_viewers(g) >> viewer) & 1u);
    return 0;
}

/* check_viewer + a decision to look at + viewer_sees_options, with the message naming who decides.
   A failure gives back the memory the listing of the options took. */
static int check_option_viewer(wg_game *g, int viewer)
{
    int rc = check_viewer(GEB(g), g, viewer);
    if (rc)
        return rc;
    game_mark m = mark_of(g);
    rc = refresh(g);
    if (rc)
        return rc;
    if (g->dec_player == WG_PLAYER_NONE)
        rc = game_fail(g, WG_ESTATE, "the game is over: there is no decision to take");
    else if (viewer_sees_options(g, viewer))
        return WG_OK;
    else if (g->dec_player == WG_PLAYER_CHANCE)
        rc = game_fail(g, WG_ESTATE, "the options of this draw are hidden from %s", wg__player_name(g, viewer));
    else
        rc = game_fail(g, WG_ESTATE, "the options are %s's: %s does not decide now",
                       wg__player_name(g, g->dec_player), wg__player_name(g, viewer));
    give_back(g, &m);
    return rc;
}

int wg__game_options_for(wg_game *g, int viewer)
{
    return check_option_viewer(g, viewer);
}

int wg__game_option_index(wg_game *g, int viewer, size_t i)
{
    game_mark m = mark_of(g);
    int rc = check_option_viewer(g, viewer);
    if (rc == WG_OK && i >= g->nopts)
        rc = game_fail(g, WG_ERANGE, "option %zu out of range: the decision has %zu option(s)", i, g->nopts);
    if (rc)
        give_back(g, &m);
    return rc;
}

const char *wg__decision_kind_name(int kind)
{
    return decision_kind_name(kind);
}

int wg__game_check_viewer(const wg_game *g, int viewer)
{
    return check_viewer(NULL, g, viewer);
}

int wg_game_option_count_for(size_t *out, wg_game *game, int viewer)
{
    if (!out || !game)
        return WG_EINVAL;
    int rc = check_viewer(GEB(game), game, viewer);
    if (rc)
        return rc;
    game_mark m = mark_of(game);
    rc = refresh(game);
    if (rc)
        return rc;
    if (game->dec_player == WG_PLAYER_NONE) { /* over: nothing to decide, for anyone */
        *out = 0;
        return WG_OK;
    }
    rc = check_option_viewer(game, viewer);
    if (rc) {
        give_back(game, &m);
        return rc;
    }
    *out = game->nopts;
    return WG_OK;
}

int wg_game_option_label_for(char *buf, size_t cap, size_t *len, wg_game *game, size_t i, int viewer)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    game_mark m = mark_of(game);
    int rc = check_option_viewer(game, viewer);
    if (rc == WG_OK)
        rc = wg_game_option_label(buf, cap, len, game, i);
    if (rc)
        give_back(game, &m);
    return rc;
}

int wg_game_option_action(uint64_t *out, wg_game *game, size_t i)
{
    if (!out || !game)
        return WG_EINVAL;
    int rc = check_index(game, i);
    if (rc)
        return rc;
    *out = game->opts[i].action;
    return WG_OK;
}

int wg_game_option_action_for(uint64_t *out, wg_game *game, size_t i, int viewer)
{
    if (!out || !game)
        return WG_EINVAL;
    game_mark m = mark_of(game);
    int rc = check_option_viewer(game, viewer);
    if (rc == WG_OK)
        rc = wg_game_option_action(out, game, i);
    if (rc)
        give_back(game, &m);
    return rc;
}

int wg_game_option_weight(uint64_t *weight, uint64_t *total, wg_game *game, size_t i)
{
    if (!weight || !total || !game)
        return WG_EINVAL;
    int rc = check_index(game, i);
    if (rc)
        return rc;
    *weight = game->opts[i].weight;
    *total = game->opts_total;
    return WG_OK;
}

/* ------------------------------------------------------------------ parameterized options */

/* The parameters of option idx of the current decision (their number; *required). */
static int params_of(const wg_game *g, size_t idx, wg_param *p, int *required)
{
    *required = 0;
    if (!g->ops->option_params)
        return 0;
    int n = g->ops->option_params(g, g->opts[idx].action, p, required);
    return n < 0 ? 0 : n > WG_MAX_PARAMS ? WG_MAX_PARAMS : n;
}

/* Checks n values given for option idx: their count, each range, then the rules that tie them. */
static int check_params(wg_game *g, size_t idx, const int64_t *v, size_t n)
{
    wg_param p[WG_MAX_PARAMS];
    int req = 0;
    int np = params_of(g, idx, p, &req);
    if (n == 0) {
        if (np && req)
            return game_fail(g, WG_EINVAL,
                             "option %zu is taken only with its %d parameter(s) ('%s'...): use wg_game_choose_params",
                             idx, np, p[0].name);
        return WG_OK;
    }
    if (np == 0)
        return game_fail(g, WG_EINVAL, "option %zu takes no parameters, %zu given", idx, n);
    if (n != (size_t)np)
        return game_fail(g, WG_EINVAL, "option %zu takes %d parameters, %zu given", idx, np, n);
    for (int k = 0; k < np; k++)
        if (v[k] < p[k].min || v[k] > p[k].max)
            return game_fail(g, WG_ERANGE, "parameter %d '%s' of option %zu is %lld, outside its range %lld..%lld", k,
                             p[k].name, idx, (long long)v[k], (long long)p[k].min, (long long)p[k].max);
    if (g->ops->check_params) {
        char msg[WG_ERRMSG_CAP];
        msg[0] = '\0';
        int rc = g->ops->check_params(g, g->opts[idx].action, v, n, msg);
        if (rc) {
            if (!msg[0])
                wg__seterr(msg, rc, "the parameters of option %zu break a rule", idx);
            memcpy(g->err, msg, sizeof msg);
            return rc;
        }
    }
    return WG_OK;
}

/* Draws from rng the parameters option idx requires (for the bot or a roll); *n is their number, 0
   when the option requires none. */
static void draw_params(wg_game *g, size_t idx, wg_pcg *rng, int64_t *v, size_t *n)
{
    wg_param p[WG_MAX_PARAMS];
    int req = 0;
    int np = params_of(g, idx, p, &req);
    *n = 0;
    if (!np || !req)
        return;
    if (g->ops->draw_params) {
        g->ops->draw_params(g, g->opts[idx].action, rng, v);
    } else {
        for (int k = 0; k < np; k++) {
            uint64_t span = (uint64_t)p[k].max - (uint64_t)p[k].min; /* values: span + 1 */
            uint64_t x;
            if (span < UINT32_MAX) {
                x = wg__pcg_below(rng, (uint32_t)(span + 1));
            } else {
                uint64_t hi = wg__pcg_next(rng), lo = wg__pcg_next(rng);
                x = (hi << 32) | lo;
                if (span != UINT64_MAX)
                    x %= span + 1;
            }
            v[k] = (int64_t)((uint64_t)p[k].min + x);
        }
    }
    *n = (size_t)np;
}

int wg_game_option_param_count(size_t *out, int *required, wg_game *game, size_t i)
{
    if (!out || !game)
        return WG_EINVAL;
    int rc = check_index(game, i);
    if (rc)
        return rc;
    wg_param p[WG_MAX_PARAMS];
    int req = 0;
    *out = (size_t)params_of(game, i, p, &req);
    if (required)
        *required = *out ? req != 0 : 0;
    return WG_OK;
}

int wg_game_option_param(const char **name, int64_t *min, int64_t *max, wg_game *game, size_t i, size_t p)
{
    if (!game)
        return WG_EINVAL;
    int rc = check_index(game, i);
    if (rc)
        return rc;
    wg_param pv[WG_MAX_PARAMS];
    int req = 0;
    int np = params_of(game, i, pv, &req);
    if (p >= (size_t)np)
        return game_fail(game, WG_ERANGE, "option %zu has %d parameter(s): no parameter %zu", i, np, p);
    if (name)
        *name = pv[p].name;
    if (min)
        *min = pv[p].min;
    if (max)
        *max = pv[p].max;
    return WG_OK;
}

int wg_game_step_params(int64_t *out, size_t cap, size_t *len, const wg_game *game, uint64_t step)
{
    if (!len || !game || (!out && cap))
        return WG_EINVAL;
    if (step >= game->nlog)
        return game_fail(game, WG_ERANGE, "no step %llu: the game has taken %zu", (unsigned long long)step,
                         game->nlog);
    const wg_logent *e = &game->log[step];
    *len = e->nparam;
    if (cap < e->nparam)
        return WG_EBUFSIZE;
    if (e->nparam)
        memcpy(out, game->lparam + e->param, e->nparam * sizeof *out);
    return WG_OK;
}

static int choose_params(wg_game *game, size_t i, const int64_t *params, size_t nparams)
{
    int rc = check_index(game, i);
    if (rc)
        return rc;
    if ((rc = check_params(game, i, params, nparams)) != WG_OK)
        return rc;
    wg_pcg d = game->dice, b = game->bot;
    return apply_option(game, i, WG_LOG_CHOOSE, params, nparams, &d, &b);
}

int wg_game_choose_params(wg_game *game, size_t i, const int64_t *params, size_t nparams)
{
    if (!game || (!params && nparams))
        return WG_EINVAL;
    game_mark m = mark_of(game);
    int rc = choose_params(game, i, params, nparams);
    if (rc)
        give_back(game, &m);
    return rc;
}

int wg_game_choose(wg_game *game, size_t i)
{
    if (!game)
        return WG_EINVAL;
    game_mark m = mark_of(game);
    int rc = choose_params(game, i, NULL, 0);
    if (rc)
        give_back(game, &m);
    return rc;
}

static int find_action(size_t *idx, wg_game *g, uint64_t action)
{
    for (size_t i = 0; i < g->nopts; i++) {
        if (g->opts[i].action == action) {
            *idx = i;
            return WG_OK;
        }
    }
    return WG_EILLEGAL;
}

static int choose_action(wg_game *game, uint64_t action)
{
    int rc = refresh(game);
    if (rc)
        return rc;
    if (game->dec_player == WG_PLAYER_NONE)
        return game_fail(game, WG_ESTATE, "the game is over: there is no decision to take");
    size_t idx;
    if (find_action(&idx, game, action)) {
        if (game->ops->why_not) {
            game->err[0] = '\0';
            game->ops->why_not(game, action, game->err);
            if (game->err[0])
                return WG_EILLEGAL;
        }
        return game_fail(game, WG_EILLEGAL, "action 0x%llx is not one of the %zu options of the current decision",
                         (unsigned long long)action, game->nopts);
    }
    if ((rc = check_params(game, idx, NULL, 0)) != WG_OK)
        return rc;
    wg_pcg d = game->dice, b = game->bot;
    return apply_option(game, idx, WG_LOG_CHOOSE, NULL, 0, &d, &b);
}

int wg_game_choose_action(wg_game *game, uint64_t action)
{
    if (!game)
        return WG_EINVAL;
    game_mark m = mark_of(game);
    int rc = choose_action(game, action);
    if (rc)
        give_back(game, &m);
    return rc;
}

static int roll(size_t *chosen, wg_game *game)
{
    int rc = refresh(game);
    if (rc)
        return rc;
    if (game->dec_player != WG_PLAYER_CHANCE)
        return game_fail(game, WG_ESTATE, "the current decision is not a chance decision (player %d decides)",
                         game->dec_player);
    if (game->nopts == 0 || game->opts_total == 0)
        return game_fail(game, WG_ESTATE, "the chance decision has no outcome with a positive weight");
    wg_pcg d = game->dice, b = game->bot;
    size_t idx = draw_weighted(game, &game->dice);
    int64_t pv[WG_MAX_PARAMS];
    size_t np = 0;
    draw_params(game, idx, &game->dice, pv, &np);
    rc = apply_option(game, idx, WG_LOG_ROLL, pv, np, &d, &b);
    if (rc == WG_OK && chosen)
        *chosen = idx;
    return rc;
}

int wg_game_roll(size_t *chosen, wg_game *game)
{
    if (!game)
        return WG_EINVAL;
    game_mark m = mark_of(game);
    int rc = roll(chosen, game);
    if (rc)
        give_back(game, &m);
    return rc;
}

static int bot_step(size_t *chosen, wg_game *game)
{
    int rc = refresh(game);
    if (rc)
        return rc;
    if (game->dec_player == WG_PLAYER_NONE)
        return game_fail(game, WG_ESTATE, "the game is over: there is no decision to take");
    if (game->dec_player == WG_PLAYER_CHANCE)
        return roll(chosen, game);
    if (game->nopts == 0)
        return game_fail(game, WG_ESTATE, "the decision of player %d has no option", game->dec_player);
    wg_pcg d = game->dice, b = game->bot;
    size_t idx = game->nopts > UINT32_MAX ? 0 : wg__pcg_below(&game->bot, (uint32_t)game->nopts);
    int64_t pv[WG_MAX_PARAMS];
    size_t np = 0;
    draw_params(game, idx, &game->bot, pv, &np);
    rc = apply_option(game, idx, WG_LOG_BOT, pv, np, &d, &b);
    if (rc == WG_OK && chosen)
        *chosen = idx;
    return rc;
}

int wg_game_bot_step(size_t *chosen, wg_game *game)
{
    if (!game)
        return WG_EINVAL;
    game_mark m = mark_of(game);
    int rc = bot_step(chosen, game);
    if (rc)
        give_back(game, &m);
    return rc;
}

/* Returns the game to the state after `step` (< nlog) decisions by replaying the log; needs no memory
   (the replayed prefix regenerates the same events and log entries).  The message stays. */
static int rewind_to(wg_game *g, size_t step)
{
    char msg[WG_ERRMSG_CAP];
    memcpy(msg, g->err, sizeof msg);
    size_t failed_at = 0;
    int rc = replay(g, g->log, g->lparam, step, &failed_at);
    if (rc != WG_OK) {
        g->broken = true; /* cannot happen: the steps replayed were taken before */
        return game_fail(g, rc, "the game could not be restored after a failed playout: %.150s", msg);
    }
    memcpy(g->err, msg, sizeof msg);
    return WG_OK;
}

int wg_game_playout(uint64_t *steps, wg_game *game, uint64_t max_steps)
{
    if (!game)
        return WG_EINVAL;
    /* all or nothing: a failed step undoes the steps before it (the call changes nothing) */
    game_mark m = mark_of(game);
    size_t nlog0 = game->nlog;
    uint64_t fill0 = 0; /* the tables' fill_only flags, which the first decision sets */
    for (int t = 0; t < game->ntables && t < 64; t++)
        fill0 |= (uint64_t)game->tables[t]->fill_only << t;
    uint64_t n = 0;
    int rc = WG_OK;
    while (n < max_steps) {
        rc = refresh(game);
        if (rc)
            break;
        if (game->dec_player == WG_PLAYER_NONE)
            break;
        rc = bot_step(NULL, game);
        if (rc)
            break;
        n++;
    }
    if (rc != WG_OK) {
        if (game->nlog > nlog0) {
            char msg[WG_ERRMSG_CAP];
            memcpy(msg, game->err, sizeof msg);
            wg__seterr(game->err, rc, "playout step %llu failed and the playout was undone: %.180s",
                       (unsigned long long)n + 1, msg);
            if (rewind_to(game, nlog0) != WG_OK)
                return rc;
        }
        if (nlog0 == 0)
            for (int t = 0; t < game->ntables; t++)
                game->tables[t]->fill_only = t < 64 ? (fill0 >> t) & 1u : (fill0 & 1u);
        give_back(game, &m);
        n = 0;
    }
    if (steps)
        *steps = n;
    return rc;
}

int wg_game_is_over(int *out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    int p, k;
    game->ops->decision(game, &p, &k);
    *out = p == WG_PLAYER_NONE;
    return WG_OK;
}

int wg_game_winner(int *out, const wg_game *game)
{
    if (!out || !game) {
        if (out)
            *out = WG_PLAYER_NONE;
        return WG_EINVAL;
    }
    *out = WG_PLAYER_NONE;
    int p, k;
    game->ops->decision(game, &p, &k);
    if (p != WG_PLAYER_NONE)
        return WG_ESTATE;
    int w = game->ops->winner ? game->ops->winner(game) : -1;
    if (w >= 0 && w < game->ops->nplayers)
        *out = w;
    return WG_OK;
}

int wg_game_result_text(char *buf, size_t cap, size_t *len, const wg_game *game)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    game->ops->result_text(game, &sb);
    return wg__sb_finish(&sb, len);
}

const char *const wg__die_param_name[WG_MAX_PARAMS] = {"die 1",  "die 2",  "die 3",  "die 4",  "die 5",  "die 6",
                                                      "die 7",  "die 8",  "die 9",  "die 10", "die 11", "die 12",
                                                      "die 13", "die 14", "die 15", "die 16"};

int wg_game_provenance(char *buf, size_t cap, size_t *len, const wg_game *game)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    wg_sb sb;
    int prov = 0;
    wg__sb_init(&sb, buf, cap);
    if (game->ops->provenance)
        game->ops->provenance(game, &sb, &prov);
    else
        wg__sb_printf(&sb, "rules: the rulebook's printed data; rule\n");
    return wg__sb_finish(&sb, len);
}

int wg_game_provisional(int *out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    int prov = 0;
    if (game->ops->provenance) {
        wg_sb sb;
        wg__sb_init(&sb, NULL, 0);
        game->ops->provenance(game, &sb, &prov);
    }
    *out = prov != 0;
    return WG_OK;
}

int wg_game_score(int64_t *out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    *out = game->ops->score(game);
    return WG_OK;
}

int wg_game_turn(int *out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    *out = game->ops->turn(game);
    return WG_OK;
}

static int check_viewer(char *eb, const wg_game *g, int viewer)
{
    if (viewer == WG_VIEW_REFEREE || (viewer >= 0 && viewer < g->ops->nplayers))
        return WG_OK;
    return wg__seterr(eb, WG_ERANGE, "viewer %d is neither a player (0..%d) nor WG_VIEW_REFEREE (%d)", viewer,
                     g->ops->nplayers - 1, WG_VIEW_REFEREE);
}

int wg_game_describe(char *buf, size_t cap, size_t *len, const wg_game *game, int viewer)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    int rc = check_viewer(GEB(game), game, viewer);
    if (rc)
        return rc;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    game->ops->describe(game, viewer, &sb);
    return wg__sb_finish(&sb, len);
}

/* ------------------------------------------------------------------ pieces */

int wg_game_piece_count(size_t *out, const wg_game *game, int viewer)
{
    if (!out || !game)
        return WG_EINVAL;
    int rc = check_viewer(GEB(game), game, viewer);
    if (rc)
        return rc;
    size_t n = 0;
    int side, space;
    if (game->ops->piece)
        game->ops->piece(game, viewer, SIZE_MAX, &n, &side, &space, NULL);
    *out = n;
    return WG_OK;
}

static int piece_query(char *eb, const wg_game *g, int viewer, size_t i, int *side, int *space, wg_sb *label)
{
    int rc = check_viewer(GEB(g), g, viewer);
    if (rc)
        return rc;
    size_t n = 0;
    if (g->ops->piece && i != SIZE_MAX && g->ops->piece(g, viewer, i, &n, side, space, label) == WG_OK)
        return WG_OK;
    if (!g->ops->piece)
        n = 0;
    return wg__seterr(eb, WG_ERANGE, "piece %zu out of range: %zu piece(s) on the map for this viewer", i, n);
}

int wg_game_piece(int *side, int *space, const wg_game *game, int viewer, size_t i)
{
    if (!side || !space || !game)
        return WG_EINVAL;
    int sd, sp;
    int rc = piece_query(GEB(game), game, viewer, i, &sd, &sp, NULL);
    if (rc)
        return rc;
    *side = sd;
    *space = sp;
    return WG_OK;
}

int wg_game_piece_label(char *buf, size_t cap, size_t *len, const wg_game *game, int viewer, size_t i)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    int sd, sp;
    int rc = piece_query(GEB(game), game, viewer, i, &sd, &sp, &sb);
    if (rc)
        return rc;
    return wg__sb_finish(&sb, len);
}

/* ------------------------------------------------------------------ events */

static int check_event(char *eb, const wg_game *g, size_t i)
{
    if (i >= g->nev)
        return wg__seterr(eb, WG_ERANGE, "event %zu out of range: %zu event(s) so far", i, g->nev);
    return WG_OK;
}

int wg_game_event_count(size_t *out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    *out = game->nev;
    return WG_OK;
}

int wg_game_event_kind(int *out, const wg_game *game, size_t i)
{
    if (!out || !game)
        return WG_EINVAL;
    int rc = check_event(GEB(game), game, i);
    if (rc)
        return rc;
    *out = game->ev[i].kind;
    return WG_OK;
}

int wg_game_event_rule(const char **out, const wg_game *game, size_t i)
{
    if (!out || !game)
        return WG_EINVAL;
    int rc = check_event(GEB(game), game, i);
    if (rc)
        return rc;
    *out = game->ev[i].rule ? game->ev[i].rule : "";
    return WG_OK;
}

int wg_game_event_rule_for(const char **out, const wg_game *game, size_t i, int viewer)
{
    if (!out || !game)
        return WG_EINVAL;
    int rc = check_event(GEB(game), game, i);
    if (rc)
        return rc;
    rc = check_viewer(GEB(game), game, viewer);
    if (rc)
        return rc;
    const char *r = game->ops->event_rule ? game->ops->event_rule(game, &game->ev[i], viewer) : game->ev[i].rule;
    *out = r ? r : "";
    return WG_OK;
}

int wg_game_event_step(uint64_t *out, const wg_game *game, size_t i)
{
    if (!out || !game)
        return WG_EINVAL;
    int rc = check_event(GEB(game), game, i);
    if (rc)
        return rc;
    *out = game->ev[i].step;
    return WG_OK;
}

int wg_game_event_text(char *buf, size_t cap, size_t *len, const wg_game *game, size_t i, int viewer)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    int rc = check_event(GEB(game), game, i);
    if (rc)
        return rc;
    rc = check_viewer(GEB(game), game, viewer);
    if (rc)
        return rc;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    game->ops->event_text(game, &game->ev[i], viewer, &sb);
    return wg__sb_finish(&sb, len);
}

/* ------------------------------------------------------------------ log, undo, replay */

int wg_game_step_count(uint64_t *out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    *out = game->nlog;
    return WG_OK;
}

/* Replays log entries [0, n) from the initial state. The log entries are taken from `log`. */
static int replay_steps(wg_game *g, const wg_logent *log, const int64_t *lparam, size_t n, size_t *failed_at);

static int replay(wg_game *g, const wg_logent *log, const int64_t *lparam, size_t n, size_t *failed_at)
{
    bool was = g->replaying;
    g->replaying = true;
    int rc = replay_steps(g, log, lparam, n, failed_at);
    g->replaying = was;
    return rc;
}

static int replay_steps(wg_game *g, const wg_logent *log, const int64_t *lparam, size_t n, size_t *failed_at)
{
    memcpy(g->state, g->init_state, g->ops->state_size);
    g->dice = g->init_dice;
    g->bot = g->init_bot;
    g->nev = g->nev_base;
    g->nlog = 0;
    g->nlparam = 0;
    g->over = false;
    g->opts_valid = false;
    for (size_t s = 0; s < n; s++) {
        *failed_at = s;
        int rc = refresh(g);
        if (rc)
            return rc;
        if (g->dec_player == WG_PLAYER_NONE)
            return game_fail(g, WG_ECORRUPT, "step %zu: the game was already over", s);
        size_t idx;
        wg_pcg d = g->dice, b = g->bot;
        const int64_t *pv = log[s].nparam ? lparam + log[s].param : NULL;
        int64_t drawn[WG_MAX_PARAMS];
        size_t nd = 0;
        switch (log[s].how) {
        case WG_LOG_CHOOSE:
            if (find_action(&idx, g, log[s].action))
                return game_fail(g, WG_ECORRUPT, "step %zu: recorded action 0x%llx is not legal", s,
                                 (unsigned long long)log[s].action);
            if (check_params(g, idx, pv, log[s].nparam) != WG_OK) {
                char msg[WG_ERRMSG_CAP];
                memcpy(msg, g->err, sizeof msg);
                return game_fail(g, WG_ECORRUPT, "step %zu: recorded parameters refused: %.180s", s, msg);
            }
            break;
        case WG_LOG_ROLL:
            if (g->dec_player != WG_PLAYER_CHANCE || g->opts_total == 0)
                return game_fail(g, WG_ECORRUPT, "step %zu: recorded roll where no chance decision is", s);
            idx = draw_weighted(g, &g->dice);
            draw_params(g, idx, &g->dice, drawn, &nd);
            break;
        case WG_LOG_BOT:
            if (g->dec_player < 0 || g->nopts == 0)
                return game_fail(g, WG_ECORRUPT, "step %zu: recorded bot choice where no player decides", s);
            idx = wg__pcg_below(&g->bot, (uint32_t)g->nopts);
            draw_params(g, idx, &g->bot, drawn, &nd);
            break;
        default:
            return game_fail(g, WG_ECORRUPT, "step %zu: unknown log entry type %u", s, log[s].how);
        }
        if (g->opts[idx].action != log[s].action)
            return game_fail(g, WG_ECORRUPT, "step %zu: replay drew action 0x%llx, the log says 0x%llx", s,
                             (unsigned long long)g->opts[idx].action, (unsigned long long)log[s].action);
        if (log[s].how != WG_LOG_CHOOSE &&
            (nd != log[s].nparam || (nd && memcmp(drawn, pv, nd * sizeof *drawn) != 0)))
            return game_fail(g, WG_ECORRUPT, "step %zu: replay drew other parameters than the log records", s);
        rc = apply_option(g, idx, log[s].how, pv, log[s].nparam, &d, &b);
        if (rc)
            return rc;
    }
    return WG_OK;
}

void wg__game_rebase(wg_game *g)
{
    memcpy(g->init_state, g->state, g->ops->state_size);
    g->init_dice = g->dice;
    g->init_bot = g->bot;
    g->nlog = 0;
    g->nlparam = 0;
    g->nev_base = g->nev;
    g->opts_valid = false;
}

int wg_game_undo_to(wg_game *game, uint64_t step)
{
    if (!game)
        return WG_EINVAL;
    if (step > game->nlog)
        return game_fail(game, WG_ERANGE, "cannot undo to step %llu: only %zu step(s) were taken",
                         (unsigned long long)step, game->nlog);
    if (step == game->nlog)
        return WG_OK;
    game_mark m = mark_of(game);
    /* Keep what is needed to restore the game exactly if the replay fails (memory only). */
    size_t ss = game->ops->state_size;
    void *keep = wg__alloc(game->ctx, ss);
    if (!keep)
        return game_fail(game, WG_ENOMEM, "out of memory while undoing");
    memcpy(keep, game->state, ss);
    wg_pcg d = game->dice, b = game->bot;
    size_t nev = game->nev, nlog = game->nlog, nlparam = game->nlparam;
    bool over = game->over;
    size_t failed_at = 0;
    int rc = replay(game, game->log, game->lparam, (size_t)step, &failed_at);
    if (rc) {
        /* The replayed prefix regenerated identical events and log entries; restore the rest. */
        memcpy(game->state, keep, ss);
        game->dice = d;
        game->bot = b;
        game->nev = nev;
        game->nlog = nlog;
        game->nlparam = nlparam;
        game->over = over;
        game->opts_valid = false;
        wg__free(game->ctx, keep, ss);
        give_back(game, &m);
        return rc;
    }
    wg__free(game->ctx, keep, ss);
    return WG_OK;
}

int wg_game_undo_point(uint64_t *step, wg_game *game, int viewer)
{
    if (!step || !game)
        return WG_EINVAL;
    if (viewer < 0 || viewer >= game->ops->nplayers)
        return game_fail(game, WG_ERANGE, "undo: %d is not a player (0..%d)", viewer, game->ops->nplayers - 1);
    size_t s = game->nlog;
    while (s > 0 && game->log[s - 1].player != viewer)
        s--;
    if (s == 0)
        return game_fail(game, WG_ENOTFOUND, "undo: %s has taken no decision to take back",
                         wg__player_name(game, viewer));
    s--; /* the viewer's most recent decision */
    /* the first news since it, in the order it came out: a roll or draw after it, or a reveal to
       the viewer by an event of that decision or a later one (a roll that reveals is a roll) */
    size_t roll = game->nlog, reveal_ev = game->nev;
    for (size_t t = s + 1; t < game->nlog && roll == game->nlog; t++)
        if (game->log[t].player == WG_PLAYER_CHANCE)
            roll = t;
    for (size_t i = game->nev_base; i < game->nev && reveal_ev == game->nev; i++) {
        const wg_event *e = &game->ev[i];
        if (e->step >= s && e->step < roll && game->ops->event_reveals && game->ops->event_reveals(game, e, viewer))
            reveal_ev = i;
    }
    if (reveal_ev < game->nev)
        return game_fail(game, WG_ESTATE,
                         "undo refused: step %llu revealed a hidden fact to %s (event %zu): new information is out",
                         (unsigned long long)game->ev[reveal_ev].step + 1, wg__player_name(game, viewer), reveal_ev);
    if (roll < game->nlog)
        return game_fail(game, WG_ESTATE,
                         "undo refused: step %zu (after %s's decision at step %zu) rolled the dice or drew a card: "
                         "new information is out",
                         roll + 1, wg__player_name(game, viewer), s + 1);
    *step = s;
    return WG_OK;
}

int wg_game_hash(uint64_t *out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    uint64_t h = wg__hash64(game->state, game->ops->state_size, 0x7761726761ULL);
    uint64_t extra[6] = {game->dice.state, game->dice.inc, game->bot.state, game->bot.inc, (uint64_t)game->nlog,
                         (uint64_t)game->scenario};
    *out = wg__hash64(extra, sizeof extra, h);
    return WG_OK;
}

/* ------------------------------------------------------------------ determinization */

int wg_game_determinize(wg_game **out, const wg_game *game, int viewer, uint64_t seed)
{
    if (out)
        *out = NULL;
    if (!out || !game)
        return WG_EINVAL;
    /* a constructor: the messages go on the context (the game is only read) */
    if (viewer < 0 || viewer >= game->ops->nplayers)
        return wg__ctx_err(game->ctx, WG_ERANGE, "determinize: viewer %d is not a player (0..%d)", viewer,
                           game->ops->nplayers - 1);
    wg_game *g = NULL;
    int rc = wg_game_clone(&g, game);
    if (rc)
        return rc;
    wg_pcg rng;
    wg__pcg_seed(&rng, seed, 0x64657465726dULL);
    size_t zs = game->ops->determinize ? game->ops->determinize_scratch : 0;
    void *scratch = zs ? wg__alloc(game->ctx, zs) : NULL;
    if (zs && !scratch)
        rc = WG_ENOMEM;
    else if (game->ops->determinize)
        rc = game->ops->determinize(g, viewer, &rng, scratch);
    if (zs)
        wg__free(game->ctx, scratch, zs);
    if (rc != WG_OK) {
        if (rc == WG_ENOMEM)
            wg__ctx_err(game->ctx, rc, "out of memory determinizing the game");
        else
            wg__ctx_err(game->ctx, rc, "determinize: %.200s", g->err);
        wg_game_free(g);
        return rc;
    }
    wg__pcg_seed(&g->dice, seed, 0x64696365ULL);
    wg__pcg_seed(&g->bot, seed, 0x626f74ULL);
    g->nev = 0; /* the events of the original may name what the viewer does not know */
    wg__game_rebase(g);
    g->determinized = true;
    *out = g;
    return WG_OK;
}

int wg_game_event_reveals(int *out, const wg_game *game, size_t i, int viewer)
{
    if (!out || !game)
        return WG_EINVAL;
    int rc = check_event(GEB(game), game, i);
    if (rc)
        return rc;
    if ((rc = check_viewer(GEB(game), game, viewer)) != WG_OK)
        return rc;
    *out = viewer != WG_VIEW_REFEREE && game->ops->event_reveals &&
           game->ops->event_reveals(game, &game->ev[i], viewer) ? 1 : 0;
    return WG_OK;
}

/* ------------------------------------------------------------------ clone */

/* A copy of src in ctx: the clone's own memory comes from ctx; the map, the order of battle, the
   supplied documents and the ruleset data are shared (atomic reference counts) and stay owned by the
   context that made them. */
static int game_clone_in(wg_game **out, wg_ctx *ctx, const wg_game *src)
{
    size_t ss = src->ops->state_size;
    wg_game *g = game_alloc(ctx, src->ops);
    if (!g)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory cloning the game");
    g->scenario = src->scenario;
    g->seed = src->seed;
    g->dice = src->dice;
    g->bot = src->bot;
    g->init_dice = src->init_dice;
    g->init_bot = src->init_bot;
    g->over = src->over;
    g->determinized = src->determinized || src->fork; /* a fork's copy starts where the fork stands */
    memcpy(g->state, src->state, ss);
    memcpy(g->init_state, src->fork ? src->state : src->init_state, ss);
    g->options = wg__strdup(ctx, src->options);
    if (!g->options || game_take_blobs(g, src->data, src->ndata))
        goto oom;
    if (src->nlog) {
        if (wg__grow(ctx, (void **)&g->log, &g->caplog, src->nlog, sizeof *g->log))
            goto oom;
        memcpy(g->log, src->log, src->nlog * sizeof *g->log);
    }
    g->nlog = src->nlog;
    if (src->nlparam) {
        if (wg__grow(ctx, (void **)&g->lparam, &g->caplparam, src->nlparam, sizeof *g->lparam))
            goto oom;
        memcpy(g->lparam, src->lparam, src->nlparam * sizeof *g->lparam);
    }
    g->nlparam = src->nlparam;
    /* the same option capacity, so that restoring after a failed step needs no memory */
    if (src->capopts && wg__grow(ctx, (void **)&g->opts, &g->capopts, src->capopts, sizeof *g->opts))
        goto oom;
    if (src->nev) {
        if (wg__grow(ctx, (void **)&g->ev, &g->capev, src->nev, sizeof *g->ev))
            goto oom;
        memcpy(g->ev, src->ev, src->nev * sizeof *g->ev);
    }
    g->nev = src->nev;
    g->nev_base = src->nev_base;
    if (src->ntables) {
        g->tables = wg__alloc(ctx, (size_t)src->ntables * sizeof *g->tables);
        if (!g->tables)
            goto oom;
        for (int i = 0; i < src->ntables; i++) {
            if (wg__table_copy(&g->tables[i], ctx, src->tables[i]))
                goto oom;
            g->ntables = i + 1;
        }
        g->ntables = src->ntables;
    }
    if (src->map) {
        wg__map_retain(src->map);
        g->map = src->map;
    }
    if (src->oob) {
        wg__oob_retain(src->oob);
        g->oob = src->oob;
    }
    if (src->rdata) {
        g->rdata = src->rdata;
        if (src->ops->retain)
            src->ops->retain(g);
    }
    *out = g;
    return WG_OK;
oom:
    /* tables that were not created yet are NULL: count only the created ones. */
    {
        int made = 0;
        while (made < src->ntables && g->tables && g->tables[made])
            made++;
        for (int i = 0; i < made; i++)
            wg_table_free(g->tables[i]);
        if (g->tables)
            wg__free(ctx, g->tables, (size_t)src->ntables * sizeof *g->tables);
        g->tables = NULL;
        g->ntables = 0;
    }
    game_destroy(g);
    return wg__ctx_err(ctx, WG_ENOMEM, "out of memory cloning the game");
}

int wg_game_clone(wg_game **out, const wg_game *src)
{
    if (out)
        *out = NULL;
    if (!out || !src)
        return WG_EINVAL;
    return game_clone_in(out, src->ctx, src);
}

int wg_game_clone_to(wg_game **out, wg_ctx *ctx, const wg_game *src)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out || !src)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_game_clone_to: %s is NULL", !out ? "out" : "game");
    *out = NULL;
    return game_clone_in(out, ctx, src);
}

/* ------------------------------------------------------------------ forks for search */

/* Makes dst (a fork of the same ruleset, with its own memory) the lean copy of src: the state, the
   generators, the option cache; no history.  Needs memory only when src's option cache is larger
   than any dst held before. */
static int fork_copy(wg_game *dst, const wg_game *src)
{
    const wg_ruleset_ops *ops = src->ops;
    if (src->opts_valid && src->nopts > dst->capopts &&
        wg__grow(dst->ctx, (void **)&dst->opts, &dst->capopts, src->nopts, sizeof *dst->opts))
        return WG_ENOMEM;
    memcpy(dst->state, src->state, ops->state_size);
    if (ops->scratch_size && !ops->scratch_keyed)
        memset(dst->scratch, 0, ops->scratch_size); /* caches of another state */
    dst->scenario = src->scenario;
    dst->options = src->options;
    dst->seed = src->seed;
    dst->dice = src->dice;
    dst->bot = src->bot;
    dst->init_dice = src->init_dice;
    dst->init_bot = src->init_bot;
    dst->broken = src->broken;
    dst->determinized = src->determinized;
    dst->map = src->map;
    dst->oob = src->oob;
    dst->tables = src->tables;
    dst->ntables = src->ntables;
    dst->rdata = src->rdata;
    dst->data = src->data;
    dst->ndata = src->ndata;
    dst->nev = 0;
    dst->over = src->over;
    dst->dec_player = src->dec_player;
    dst->dec_kind = src->dec_kind;
    dst->opts_valid = src->opts_valid;
    if (src->opts_valid) {
        dst->nopts = src->nopts;
        dst->opts_total = src->opts_total;
        if (src->nopts)
            memcpy(dst->opts, src->opts, src->nopts * sizeof *dst->opts);
    } else {
        dst->nopts = 0;
    }
    return WG_OK;
}

int wg_game_fork(wg_game **out, wg_ctx *ctx, const wg_game *game)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out || !game)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_game_fork: %s is NULL", !out ? "out" : "game");
    const wg_ruleset_ops *ops = game->ops;
    wg_game *g = wg__alloc(ctx, sizeof *g);
    if (!g)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory forking the game");
    g->ctx = ctx;
    g->ops = ops;
    g->fork = true;
    wg__ctx_retain(ctx);
    g->state = wg__alloc(ctx, ops->state_size);
    if (ops->scratch_size)
        g->scratch = wg__alloc(ctx, ops->scratch_size);
    if (g->state && (!ops->scratch_size || g->scratch))
        wg__grow(ctx, (void **)&g->ev, &g->capev, 1, sizeof *g->ev);
    if (!g->state || (ops->scratch_size && !g->scratch) || !g->ev || fork_copy(g, game) != WG_OK) {
        game_destroy(g);
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory forking the game");
    }
    *out = g;
    return WG_OK;
}

int wg_game_fork_into(wg_game *dst, const wg_game *game)
{
    if (!dst)
        return WG_EINVAL;
    if (!game)
        return game_fail(dst, WG_EINVAL, "wg_game_fork_into: game is NULL");
    if (!dst->fork)
        return game_fail(dst, WG_EINVAL, "wg_game_fork_into: the destination is not a fork (make it with wg_game_fork)");
    if (dst->ops != game->ops)
        return game_fail(dst, WG_EINVAL, "wg_game_fork_into: the destination is a fork of a %s game, the game is %s",
                         dst->ops->id, game->ops->id);
    if (dst == game)
        return WG_OK;
    if (fork_copy(dst, game) != WG_OK)
        return game_fail(dst, WG_ENOMEM, "out of memory forking the game (the fork is as it was)");
    return WG_OK;
}

int wg__game_refresh(wg_game *g)
{
    return refresh(g);
}

size_t wg__game_draw_weighted(wg_game *g, wg_pcg *rng)
{
    return draw_weighted(g, rng);
}

int wg__game_choose_drawn(wg_game *g, size_t idx, wg_pcg *rng)
{
    game_mark m = mark_of(g);
    int rc = check_index(g, idx);
    if (rc)
        return rc;
    int64_t pv[WG_MAX_PARAMS];
    size_t np = 0;
    draw_params(g, idx, rng, pv, &np);
    wg_pcg d = g->dice, b = g->bot;
    rc = check_params(g, idx, pv, np);
    if (rc == WG_OK)
        rc = apply_option(g, idx, WG_LOG_CHOOSE, pv, np, &d, &b);
    if (rc)
        give_back(g, &m);
    return rc;
}

int wg__game_determinize_fork(wg_game *g, int viewer, uint64_t seed, void *scratch)
{
    wg_pcg rng;
    wg__pcg_seed(&rng, seed, 0x64657465726dULL);
    if (g->ops->determinize) {
        int rc = g->ops->determinize(g, viewer, &rng, scratch);
        if (rc)
            return rc == WG_ENOMEM ? game_fail(g, rc, "out of memory determinizing the game") : rc;
    }
    wg__pcg_seed(&g->dice, seed, 0x64696365ULL);
    wg__pcg_seed(&g->bot, seed, 0x626f74ULL);
    g->nev = 0;
    g->opts_valid = false;
    g->determinized = true;
    return WG_OK;
}

/* ------------------------------------------------------------------ save / load */

typedef struct wbuf {
    unsigned char *p;
    size_t cap, len;
} wbuf;

static void w_bytes(wbuf *w, const void *d, size_t n)
{
    if (w->p && w->len + n <= w->cap)
        memcpy(w->p + w->len, d, n);
    w->len += n;
}

static void w_u8(wbuf *w, uint8_t v)
{
    w_bytes(w, &v, 1);
}

static void w_u32(wbuf *w, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    w_bytes(w, b, 4);
}

static void w_u64(wbuf *w, uint64_t v)
{
    w_u32(w, (uint32_t)v);
    w_u32(w, (uint32_t)(v >> 32));
}

static void w_str(wbuf *w, const char *s)
{
    size_t n = strlen(s);
    w_u32(w, (uint32_t)n);
    w_bytes(w, s, n);
}

static void save_into(wbuf *w, const wg_game *g)
{
    w_bytes(w, SAVE_MAGIC, 4);
    w_u32(w, SAVE_VERSION);
    w_str(w, g->ops->id);
    w_u32(w, rules_revision(g->ops));
    w_str(w, g->ops->scenarios[g->scenario].id);
    w_str(w, g->options);
    w_u64(w, g->seed);
    /* host-supplied documents */
    w_u32(w, (uint32_t)g->ndata);
    for (size_t i = 0; i < g->ndata; i++) {
        w_str(w, g->data[i]->slot);
        w_u64(w, (uint64_t)g->data[i]->len);
        w_bytes(w, g->data[i]->bytes, g->data[i]->len);
    }
    /* supplied table cells */
    w_u32(w, (uint32_t)g->ntables);
    for (int t = 0; t < g->ntables; t++) {
        const wg_table *tb = g->tables[t];
        uint32_t n = 0;
        for (int i = 0; i < tb->rows * tb->cols; i++)
            n += tb->source[i] == WG_CELL_SUPPLIED;
        w_str(w, tb->name);
        w_u32(w, n);
        for (int i = 0; i < tb->rows * tb->cols; i++) {
            if (tb->source[i] != WG_CELL_SUPPLIED)
                continue;
            w_u32(w, (uint32_t)(i / tb->cols));
            w_u32(w, (uint32_t)(i % tb->cols));
            w_str(w, tb->code_name[tb->cell[i]]);
        }
    }
    w_u64(w, (uint64_t)g->nlog);
    for (size_t i = 0; i < g->nlog; i++) {
        /* a step with parameters: its type with bit 0x10, then their number and the values */
        w_u8(w, (uint8_t)(g->log[i].how | (g->log[i].nparam ? SAVE_LOG_PARAMS : 0)));
        w_u64(w, g->log[i].action);
        if (g->log[i].nparam) {
            w_u8(w, g->log[i].nparam);
            for (unsigned k = 0; k < g->log[i].nparam; k++)
                w_u64(w, (uint64_t)g->lparam[g->log[i].param + k]);
        }
    }
    /* checksum of everything before it */
    uint32_t crc = w->p && w->len <= w->cap ? wg__crc32(w->p, w->len) : 0;
    w_u32(w, crc);
}

int wg_game_save(void *buf, size_t cap, size_t *len, const wg_game *game)
{
    if (!len || !game || (!buf && cap))
        return WG_EINVAL;
    if (game->fork)
        return game_fail(game, WG_ESTATE, "a fork cannot be saved: it keeps no history (save the game it came from)");
    if (game->determinized)
        return game_fail(game, WG_ESTATE,
                         "a determinized copy cannot be saved: it does not start from a set-up (save the original)");
    wbuf sz = {NULL, 0, 0};
    save_into(&sz, game);
    *len = sz.len;
    if (!buf)
        return WG_OK;
    if (cap < sz.len)
        return game_fail(game, WG_EBUFSIZE, "save needs %zu bytes, the buffer has %zu", sz.len, cap);
    wbuf w = {buf, cap, 0};
    save_into(&w, game);
    return WG_OK;
}

typedef struct rbuf {
    const unsigned char *p;
    size_t len, pos;
    bool bad;
} rbuf;

static const unsigned char *r_bytes(rbuf *r, size_t n)
{
    if (r->bad || n > r->len - r->pos) {
        r->bad = true;
        return NULL;
    }
    const unsigned char *p = r->p + r->pos;
    r->pos += n;
    return p;
}

static uint32_t r_u32(rbuf *r)
{
    const unsigned char *b = r_bytes(r, 4);
    if (!b)
        return 0;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static uint64_t r_u64(rbuf *r)
{
    uint64_t lo = r_u32(r);
    uint64_t hi = r_u32(r);
    return lo | hi << 32;
}

/* Reads a string into a fixed buffer (bounded: save strings are short identifiers and options). */
static bool r_str(rbuf *r, char *out, size_t cap)
{
    uint32_t n = r_u32(r);
    if (r->bad || n >= cap) {
        r->bad = true;
        return false;
    }
    const unsigned char *b = r_bytes(r, n);
    if (!b)
        return false;
    memcpy(out, b, n);
    out[n] = '\0';
    if (memchr(out, '\0', n)) {
        r->bad = true;
        return false;
    }
    return true;
}

int wg__game_load_ops(wg_game **out, wg_ctx *ctx, const void *buf, size_t len, const wg_ruleset_ops *force_ops)
{
    if (out)
        *out = NULL;
    if (!out || !ctx)
        return WG_EINVAL;
    if (!buf)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_game_load: NULL buffer");
    if (len < 12)
        return wg__ctx_err(ctx, WG_ECORRUPT, "saved game truncated: %zu bytes is shorter than the header", len);
    if (memcmp(buf, SAVE_MAGIC, 4) != 0)
        return wg__ctx_err(ctx, WG_ECORRUPT, "not a libwargame saved game (bad magic)");
    rbuf r = {buf, len, 4, false};
    uint32_t version = r_u32(&r);
    if (version != SAVE_VERSION && version != 1u)
        return wg__ctx_err(ctx, WG_EVERSION,
                           "saved game format version %u is not supported (this library reads 1 and %u)", version,
                           SAVE_VERSION);
    uint32_t want = wg__crc32(buf, len - 4);
    rbuf tail = {buf, len, len - 4, false};
    if (r_u32(&tail) != want)
        return wg__ctx_err(ctx, WG_ECORRUPT, "saved game checksum mismatch (truncated or altered data)");
    r.len = len - 4;
    char ruleset[64], scenario[64], options[1024];
    if (!r_str(&r, ruleset, sizeof ruleset))
        return wg__ctx_err(ctx, WG_ECORRUPT, "saved game header is corrupt");
    uint32_t revision = version >= 2u ? r_u32(&r) : 1u;
    if (!r_str(&r, scenario, sizeof scenario) || !r_str(&r, options, sizeof options))
        return wg__ctx_err(ctx, WG_ECORRUPT, "saved game header is corrupt");
    uint64_t seed = r_u64(&r);
    const wg_ruleset_ops *ops = force_ops ? force_ops : wg__ruleset_find(ruleset);
    if (!ops || strcmp(ops->id, ruleset) != 0)
        return wg__ctx_err(ctx, WG_ENOTFOUND, "saved game is of ruleset '%s', which this library lacks", ruleset);
    if (revision != rules_revision(ops))
        return wg__ctx_err(ctx, WG_EVERSION,
                           "saved game was played under revision %u of the %s rules; this library plays revision %u "
                           "(its decisions would not replay the same)",
                           revision, ruleset, rules_revision(ops));
    if (find_scenario(ctx, ops, scenario) < 0)
        return wg__ctx_err(ctx, WG_ENOTFOUND, "saved game is of scenario '%s' of ruleset '%s', which this library lacks",
                           scenario, ruleset);
    uint32_t ndata = r_u32(&r);
    if (r.bad || ndata > 64)
        return wg__ctx_err(ctx, WG_ECORRUPT, "saved game header is corrupt");
    wg_blob *blobs[64] = {NULL};
    size_t nblobs = 0;
    int rc = WG_OK;
    for (uint32_t i = 0; i < ndata; i++) {
        char slot[64];
        if (!r_str(&r, slot, sizeof slot))
            break;
        uint64_t blen = r_u64(&r);
        if (r.bad || blen > r.len - r.pos) {
            r.bad = true;
            break;
        }
        const unsigned char *bytes = r_bytes(&r, (size_t)blen);
        wg_blob *b = bytes ? blob_new(ctx, slot, (const char *)bytes, (size_t)blen) : NULL;
        if (!b) {
            rc = r.bad ? WG_ECORRUPT : WG_ENOMEM;
            break;
        }
        blobs[nblobs++] = b;
    }
    wg_game *g = NULL;
    if (r.bad && rc == WG_OK)
        rc = WG_ECORRUPT;
    if (rc == WG_OK) {
        rc = game_new_full(&g, ctx, ops, scenario, options, seed, blobs, nblobs);
        if (rc && rc != WG_ENOMEM) {
            char why[WG_ERRMSG_CAP]; /* the message is formatted into ctx->err: copy it out first */
            memcpy(why, ctx->err, sizeof why);
            why[sizeof why - 1] = '\0';
            wg__ctx_err(ctx, WG_ECORRUPT, "saved game: %s", why);
        }
    } else if (rc == WG_ENOMEM) {
        wg__ctx_err(ctx, WG_ENOMEM, "out of memory loading a saved game");
    } else {
        wg__ctx_err(ctx, WG_ECORRUPT, "saved game data documents are corrupt");
    }
    for (size_t i = 0; i < nblobs; i++)
        blob_release(ctx, blobs[i]);
    if (rc)
        return rc == WG_ENOMEM ? rc : WG_ECORRUPT;
    uint32_t ntab = r_u32(&r);
    if (r.bad || ntab != (uint32_t)g->ntables) {
        int have = g->ntables;
        wg_game_free(g);
        return wg__ctx_err(ctx, WG_ECORRUPT, "saved game lists %u tables, the scenario has %d", ntab, have);
    }
    for (uint32_t t = 0; t < ntab; t++) {
        char name[128], code[128];
        if (!r_str(&r, name, sizeof name))
            break;
        wg_table *tb = NULL;
        if (wg_game_table_find(&tb, g, name)) {
            r.bad = true;
            break;
        }
        uint32_t n = r_u32(&r);
        int64_t last = -1; /* one canonical form: the cells in the order save writes them, each once */
        for (uint32_t i = 0; i < n && !r.bad; i++) {
            uint32_t row = r_u32(&r), col = r_u32(&r);
            if (!r_str(&r, code, sizeof code))
                break;
            int64_t at = (int64_t)row * tb->cols + (int64_t)col;
            if (row >= (uint32_t)tb->rows || col >= (uint32_t)tb->cols || at <= last) {
                r.bad = true;
                break;
            }
            last = at;
            if (tb->source[at] == WG_CELL_PRINTED) { /* save lists supplied cells only */
                r.bad = true;
                break;
            }
            int c;
            int trc = wg_table_code(&c, tb, code);
            if (trc == WG_OK)
                trc = wg_table_set(tb, (int)row, (int)col, c);
            if (trc == WG_ENOMEM) {
                wg_game_free(g);
                return wg__ctx_err(ctx, WG_ENOMEM, "out of memory loading a saved game");
            }
            if (trc) {
                r.bad = true;
                break;
            }
        }
        /* the list holds every supplied cell (those the set-up supplied included), as save writes it */
        uint32_t supplied = 0;
        for (int k = 0; k < tb->rows * tb->cols; k++)
            supplied += tb->source[k] == WG_CELL_SUPPLIED;
        if (!r.bad && supplied != n)
            r.bad = true;
    }
    uint64_t nlog = r_u64(&r);
    if (r.bad || nlog > (r.len - r.pos) / 9) {
        wg_game_free(g);
        return wg__ctx_err(ctx, WG_ECORRUPT, "saved game body is corrupt");
    }
    wg_logent *log = NULL;
    if (nlog) {
        log = wg__alloc(ctx, (size_t)nlog * sizeof *log);
        if (!log) {
            wg_game_free(g);
            return wg__ctx_err(ctx, WG_ENOMEM, "out of memory loading a saved game");
        }
    }
    /* the parameters: at most one value per 8 bytes left, read into one block */
    size_t nlp = 0, caplp = 0;
    int64_t *lp = NULL;
    for (uint64_t i = 0; i < nlog && !r.bad; i++) {
        const unsigned char *how = r_bytes(&r, 1);
        log[i].how = how ? (uint8_t)(*how & ~SAVE_LOG_PARAMS) : 0xff;
        log[i].action = r_u64(&r);
        log[i].param = (uint32_t)nlp;
        log[i].nparam = 0;
        if (how && (*how & SAVE_LOG_PARAMS)) {
            const unsigned char *np = r_bytes(&r, 1);
            if (!np || *np == 0 || *np > WG_MAX_PARAMS || nlp + *np > UINT32_MAX) {
                r.bad = true;
                break;
            }
            if (wg__grow(ctx, (void **)&lp, &caplp, nlp + *np, sizeof *lp)) {
                wg__free(ctx, lp, caplp * sizeof *lp);
                wg__free(ctx, log, (size_t)nlog * sizeof *log);
                wg_game_free(g);
                return wg__ctx_err(ctx, WG_ENOMEM, "out of memory loading a saved game");
            }
            for (unsigned k = 0; k < *np; k++)
                lp[nlp + k] = (int64_t)r_u64(&r);
            log[i].nparam = *np;
            nlp += *np;
        }
    }
    if (r.bad || r.pos != r.len) {
        wg__free(ctx, lp, caplp * sizeof *lp);
        wg__free(ctx, log, (size_t)nlog * sizeof *log);
        if (r.bad) {
            wg_game_free(g);
            return wg__ctx_err(ctx, WG_ECORRUPT, "saved game's decision log is corrupt");
        }
        wg_game_free(g);
        return wg__ctx_err(ctx, WG_ECORRUPT, "saved game has %zu trailing bytes", r.len - r.pos);
    }
    size_t failed_at = 0;
    rc = replay(g, log, lp, (size_t)nlog, &failed_at);
    wg__free(ctx, lp, caplp * sizeof *lp);
    wg__free(ctx, log, (size_t)nlog * sizeof *log);
    if (rc) {
        if (rc == WG_ENOMEM)
            wg__ctx_err(ctx, rc, "out of memory replaying a saved game");
        else
            wg__ctx_err(ctx, rc == WG_ECORRUPT ? rc : WG_ECORRUPT, "saved game does not replay: %s", g->err);
        if (rc != WG_ENOMEM)
            rc = WG_ECORRUPT;
        wg_game_free(g);
        return rc;
    }
    *out = g;
    return WG_OK;
}

int wg_game_load(wg_game **out, wg_ctx *ctx, const void *buf, size_t len)
{
    return wg__game_load_ops(out, ctx, buf, len, NULL);
}

/* ------------------------------------------------------------------ data access */

int wg_game_map(const wg_map **out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    if (!game->map)
        return game_fail(game, WG_ENOTFOUND, "this game has no map");
    *out = game->map;
    return WG_OK;
}

int wg_game_oob(const wg_oob **out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    if (!game->oob)
        return game_fail(game, WG_ENOTFOUND, "this game has no order of battle handle");
    *out = game->oob;
    return WG_OK;
}

int wg_game_table_count(int *out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    *out = game->ntables;
    return WG_OK;
}

int wg_game_table(wg_table **out, wg_game *game, int i)
{
    if (!out || !game)
        return WG_EINVAL;
    if (i < 0 || i >= game->ntables)
        return game_fail(game, WG_ERANGE, "table %d out of range (the game has %d)", i, game->ntables);
    *out = game->tables[i];
    return WG_OK;
}

int wg_game_table_find(wg_table **out, wg_game *game, const char *name)
{
    if (!out || !game || !name)
        return WG_EINVAL;
    for (int i = 0; i < game->ntables; i++) {
        if (strcmp(game->tables[i]->name, name) == 0) {
            *out = game->tables[i];
            return WG_OK;
        }
    }
    return game_fail(game, WG_ENOTFOUND, "the game has no table named '%s'", name);
}

/* ------------------------------------------------------------------ set-up parameters */

struct wg_setup {
    wg_ctx *ctx;
    char err[WG_ERRMSG_CAP];
    const wg_ruleset_ops *ops;
    int scenario;
    char *options;
    uint64_t seed;
    wg_blob **blobs;
    size_t nblobs;
};

int wg_setup_new(wg_setup **out, wg_ctx *ctx, const char *ruleset, const char *scenario)
{
    if (out)
        *out = NULL;
    if (!out || !ctx)
        return WG_EINVAL;
    if (!ruleset || !scenario)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_setup_new: ruleset and scenario must not be NULL");
    const wg_ruleset_ops *ops = wg__ruleset_find(ruleset);
    if (!ops)
        return wg__ctx_err(ctx, WG_ENOTFOUND, "no ruleset '%s' in this library", ruleset);
    int sc = find_scenario(ctx, ops, scenario);
    if (sc < 0)
        return WG_ENOTFOUND;
    wg_setup *s = wg__alloc(ctx, sizeof *s);
    if (!s)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating set-up parameters");
    s->options = wg__strdup(ctx, "");
    if (!s->options) {
        wg__free(ctx, s, sizeof *s);
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating set-up parameters");
    }
    s->ctx = ctx;
    s->ops = ops;
    s->scenario = sc;
    wg__ctx_retain(ctx);
    *out = s;
    return WG_OK;
}

void wg_setup_free(wg_setup *setup)
{
    if (!setup)
        return;
    wg_ctx *ctx = setup->ctx;
    for (size_t i = 0; i < setup->nblobs; i++)
        blob_release(ctx, setup->blobs[i]);
    wg__free(ctx, setup->blobs, setup->nblobs * sizeof *setup->blobs);
    wg__strfree(ctx, setup->options);
    wg__free(ctx, setup, sizeof *setup);
    wg__ctx_release(ctx);
}

const char *wg_setup_errmsg(const wg_setup *setup)
{
    return setup ? setup->err : "NULL set-up parameters";
}

int wg_setup_set_options(wg_setup *setup, const char *options)
{
    if (!setup)
        return WG_EINVAL;
    char *o = wg__strdup(setup->ctx, options ? options : "");
    if (!o)
        return wg__seterr(setup->err, WG_ENOMEM, "out of memory copying the options");
    wg__strfree(setup->ctx, setup->options);
    setup->options = o;
    return WG_OK;
}

int wg_setup_set_seed(wg_setup *setup, uint64_t seed)
{
    if (!setup)
        return WG_EINVAL;
    setup->seed = seed;
    return WG_OK;
}

int wg_setup_add_data(wg_setup *setup, const char *slot, const char *buf, size_t len)
{
    if (!setup)
        return WG_EINVAL;
    if (!slot || (!buf && len))
        return wg__seterr(setup->err, WG_EINVAL, "wg_setup_add_data: slot and buffer must not be NULL");
    const char *const *slots = setup->ops->data_slots;
    bool known = false;
    for (size_t i = 0; slots && slots[i]; i++)
        known |= strcmp(slots[i], slot) == 0;
    if (!known) {
        wg_sb sb;
        wg__sb_init(&sb, setup->err, WG_ERRMSG_CAP);
        wg__sb_printf(&sb, "ruleset '%s' has no data slot '%s' (slots:", setup->ops->id, slot);
        for (size_t i = 0; slots && slots[i]; i++)
            wg__sb_printf(&sb, " %s", slots[i]);
        wg__sb_printf(&sb, "%s)", slots && slots[0] ? "" : " none");
        return WG_ENOTFOUND;
    }
    size_t at = setup->nblobs;
    for (size_t i = 0; i < setup->nblobs; i++)
        if (strcmp(setup->blobs[i]->slot, slot) == 0)
            at = i;
    wg_blob *b = blob_new(setup->ctx, slot, buf ? buf : "", len);
    if (!b)
        return wg__seterr(setup->err, WG_ENOMEM, "out of memory copying the '%s' document", slot);
    if (at == setup->nblobs) {
        wg_blob **arr = wg__realloc(setup->ctx, setup->blobs, setup->nblobs * sizeof *arr,
                                    (setup->nblobs + 1) * sizeof *arr);
        if (!arr) {
            blob_release(setup->ctx, b);
            return wg__seterr(setup->err, WG_ENOMEM, "out of memory copying the '%s' document", slot);
        }
        setup->blobs = arr;
        setup->nblobs++;
    } else {
        blob_release(setup->ctx, setup->blobs[at]);
    }
    setup->blobs[at] = b;
    return WG_OK;
}

int wg_game_new_setup(wg_game **out, const wg_setup *setup)
{
    if (out)
        *out = NULL;
    if (!out || !setup)
        return WG_EINVAL;
    return game_new_full(out, setup->ctx, setup->ops, setup->ops->scenarios[setup->scenario].id, setup->options,
                         setup->seed, setup->blobs, setup->nblobs);
}

const char *wg__player_name(const wg_game *g, int p)
{
    if (g->ops->player_name)
        return g->ops->player_name(g, p);
    return g->ops->player_names[p];
}

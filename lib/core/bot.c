/* Bots: the uniformly random bot and Monte Carlo tree search (UCT with chance nodes; Information-Set
   MCTS over determinizations of the bot's view in games with hidden facts).  doc/bots.md. */
#include <string.h>

#include "internal.h"

enum { BOT_RANDOM = 0, BOT_MCTS = 1, BOT_ISMCTS = 2 };
enum { ROLLOUT_GREEDY = 0, ROLLOUT_UNIFORM = 1 };

#define NODES_PER_BLOCK 2048u
#define TREE_STEP_CAP 100000u /* steps of one descent through the tree (single-option chains included) */

/* A tree node: reached by `action`, taken by `player` (WG_PLAYER_CHANCE for an outcome). */
typedef struct node {
    uint64_t action;
    struct node *child, *sibling;
    double wins;     /* sum of the rewards of `player` */
    uint32_t visits; /* iterations through this node */
    uint32_t avail;  /* iterations in which its action was an option (ISMCTS availability) */
    int8_t player;
} node;

typedef struct block {
    struct block *next;
    node n[NODES_PER_BLOCK];
} block;

typedef struct bot_counts {
    uint64_t decisions, iterations, nodes, forks, steps;
} bot_counts;

struct wg_bot {
    wg_ctx *pctx; /* the creator's context (the handle counts there) */
    wg_ctx *ctx;  /* the bot's own: forks, nodes, path */
    char err[WG_ERRMSG_CAP];
    int kind;
    uint64_t iterations, depth, determinizations;
    double c;
    int rollout;
    uint32_t attack;
    int64_t scale; /* 0: per ruleset */
    wg_pcg rng;
    /* arena */
    block *blocks; /* blocks in use first, then free ones */
    block *cur;
    size_t used; /* nodes used in cur */
    node **path;
    size_t cappath;
    wg_game *work; /* the fork each iteration plays in */
    void *dscratch; /* the determinization's scratch (work's ruleset's determinize_scratch bytes) */
    size_t dscratch_size;
    bot_counts st;
};

/* ------------------------------------------------------------------ arithmetic without libm */

static double absd(double x)
{
    return x < 0 ? -x : x;
}

static double sqrtd(double x) /* x >= 0 */
{
    if (x <= 0)
        return 0;
    double r = x > 1 ? x : 1;
    for (int i = 0; i < 60; i++) {
        double nr = 0.5 * (r + x / r);
        if (absd(nr - r) <= 1e-12 * nr)
            return nr;
        r = nr;
    }
    return r;
}

static double lnd(double x) /* x >= 1 */
{
    int e = 0;
    while (x >= 2) {
        x /= 2;
        e++;
    }
    /* ln(x) = 2 atanh(t), t = (x - 1) / (x + 1) in [0, 1/3) */
    double t = (x - 1) / (x + 1), t2 = t * t, term = t, sum = 0;
    for (int k = 1; k < 40; k += 2) {
        sum += term / k;
        term *= t2;
    }
    return 2 * sum + e * 0.69314718055994530942;
}

/* ------------------------------------------------------------------ spec */

static const char *kind_name(int k)
{
    return k == BOT_RANDOM ? "random" : k == BOT_MCTS ? "mcts" : "ismcts";
}

static int parse_u64(const char *s, size_t n, uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v = 0;
    if (n == 0 || n > 12)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    if (v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* A decimal number: digits, optionally a point and digits (no exponent, no sign; locale-free). */
static int parse_dec(const char *s, size_t n, double hi, double *out)
{
    double v = 0, f = 0.1;
    size_t i = 0, digits = 0;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++)
        v = v * 10 + (s[i] - '0');
    if (i < n && s[i] == '.')
        for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++, f /= 10)
            v += f * (s[i] - '0');
    if (i != n || digits == 0 || digits > 12 || v > hi)
        return -1;
    *out = v;
    return 0;
}

#define DEPTH_AUTO UINT64_MAX /* the ruleset's default depth */
#define SPEC_KEYS "iterations, depth, c, rollout, attack, determinizations, scale"

static int parse_spec(wg_bot *b, char *err, const char *spec)
{
    const char *p = spec;
    size_t n = strcspn(p, " ,:\t");
    if (n == 6 && !strncmp(p, "random", 6))
        b->kind = BOT_RANDOM;
    else if (n == 4 && !strncmp(p, "mcts", 4))
        b->kind = BOT_MCTS;
    else if (n == 6 && !strncmp(p, "ismcts", 6))
        b->kind = BOT_ISMCTS;
    else
        return wg__seterr(err, WG_EINVAL, "bot spec '%.60s': unknown kind '%.*s' (kinds: random, mcts, ismcts)", spec,
                          (int)(n > 40 ? 40 : n), p);
    p += n;
    if (*p == ':') {
        p++;
        size_t m = strcspn(p, " ,\t");
        if (b->kind == BOT_RANDOM || parse_u64(p, m, 1, 1000000000ULL, &b->iterations))
            return wg__seterr(err, WG_EINVAL,
                              "bot spec '%.60s': '%s:' takes a number of iterations for mcts and ismcts (1..1000000000)",
                              spec, kind_name(b->kind));
        p += m;
    }
    for (;;) {
        p += strspn(p, " ,\t");
        if (!*p)
            break;
        size_t m = strcspn(p, " ,\t");
        const char *eq = memchr(p, '=', m);
        if (!eq)
            return wg__seterr(err, WG_EINVAL, "bot spec '%.60s': '%.*s' is not KEY=VALUE (keys: " SPEC_KEYS ")", spec,
                              (int)(m > 40 ? 40 : m), p);
        size_t kl = (size_t)(eq - p);
        const char *v = eq + 1;
        size_t vl = m - kl - 1;
        int bad = 0;
        uint64_t u = 0;
        if (b->kind == BOT_RANDOM)
            return wg__seterr(err, WG_EINVAL, "bot spec '%.60s': the random bot takes no settings", spec);
        if (kl == 10 && !strncmp(p, "iterations", kl)) {
            if (vl == 4 && !strncmp(v, "auto", 4))
                b->iterations = 0; /* the ruleset's default */
            else
                bad = parse_u64(v, vl, 1, 1000000000ULL, &b->iterations);
        } else if (kl == 5 && !strncmp(p, "depth", kl)) {
            if (vl == 4 && !strncmp(v, "auto", 4))
                b->depth = DEPTH_AUTO;
            else
                bad = parse_u64(v, vl, 0, 10000000ULL, &b->depth);
        } else if (kl == 1 && !strncmp(p, "c", kl))
            bad = parse_dec(v, vl, 100.0, &b->c);
        else if (kl == 7 && !strncmp(p, "rollout", kl)) {
            if (vl == 6 && !strncmp(v, "greedy", 6))
                b->rollout = ROLLOUT_GREEDY;
            else if (vl == 7 && !strncmp(v, "uniform", 7))
                b->rollout = ROLLOUT_UNIFORM;
            else
                bad = 1;
        } else if (kl == 6 && !strncmp(p, "attack", kl)) {
            bad = parse_u64(v, vl, 1, 1000, &u);
            b->attack = (uint32_t)u;
        } else if (kl == 16 && !strncmp(p, "determinizations", kl))
            bad = parse_u64(v, vl, 0, 1000000ULL, &b->determinizations);
        else if (kl == 5 && !strncmp(p, "scale", kl)) {
            if (vl == 4 && !strncmp(v, "auto", 4))
                b->scale = 0; /* the ruleset's */
            else {
                bad = parse_u64(v, vl, 1, 1000000000ULL, &u);
                b->scale = (int64_t)u;
            }
        } else
            return wg__seterr(err, WG_EINVAL, "bot spec '%.60s': unknown key '%.*s' (keys: " SPEC_KEYS ")", spec,
                              (int)(kl > 40 ? 40 : kl), p);
        if (bad)
            return wg__seterr(err, WG_EINVAL,
                              "bot spec '%.60s': bad value '%.*s' for %.*s (iterations auto or 1..1000000000, depth "
                              "auto or 0..10000000, c a decimal 0..100, rollout greedy|uniform, attack 1..1000, "
                              "determinizations 0..1000000, scale auto or 1..1000000000)",
                              spec, (int)(vl > 30 ? 30 : vl), v, (int)kl, p);
        p += m;
    }
    return WG_OK;
}

int wg_bot_new(wg_bot **out, wg_ctx *ctx, const char *spec, uint64_t seed)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out || !spec)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_bot_new: %s is NULL", !out ? "out" : "spec");
    wg_bot tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.iterations = 0;     /* the ruleset's (wg_bot_defaults) */
    tmp.depth = DEPTH_AUTO; /* the ruleset's */
    tmp.c = 1.4;
    tmp.rollout = ROLLOUT_GREEDY;
    tmp.attack = 4;
    int rc = parse_spec(&tmp, ctx->err, spec);
    if (rc)
        return rc;
    wg_bot *b = wg__alloc(ctx, sizeof *b);
    if (!b)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating a bot");
    *b = tmp;
    if (wg_ctx_new(&b->ctx, ctx->alloc, ctx->ud) != WG_OK) {
        wg__free(ctx, b, sizeof *b);
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating a bot");
    }
    b->ctx->limit = ctx->limit; /* the creator's memory limit, as it is now */
    b->pctx = ctx;
    wg__ctx_retain(ctx);
    wg__pcg_seed(&b->rng, seed, 0x6d637473ULL);
    *out = b;
    return WG_OK;
}

void wg_bot_free(wg_bot *bot)
{
    if (!bot)
        return;
    wg_game_free(bot->work);
    wg__free(bot->ctx, bot->dscratch, bot->dscratch_size);
    for (block *k = bot->blocks; k;) {
        block *nx = k->next;
        wg__free(bot->ctx, k, sizeof *k);
        k = nx;
    }
    wg__free(bot->ctx, bot->path, bot->cappath * sizeof *bot->path);
    wg_ctx_free(bot->ctx);
    wg_ctx *pctx = bot->pctx;
    wg__free(pctx, bot, sizeof *bot);
    wg__ctx_release(pctx);
}

const char *wg_bot_errmsg(const wg_bot *bot)
{
    return bot ? bot->err : "NULL bot";
}

int wg_bot_stat(uint64_t *out, const wg_bot *bot, int which)
{
    if (!out || !bot)
        return WG_EINVAL;
    size_t z = 0;
    switch (which) {
    case WG_BOT_DECISIONS: *out = bot->st.decisions; break;
    case WG_BOT_ITERATIONS: *out = bot->st.iterations; break;
    case WG_BOT_NODES: *out = bot->st.nodes; break;
    case WG_BOT_FORKS: *out = bot->st.forks; break;
    case WG_BOT_STEPS: *out = bot->st.steps; break;
    case WG_BOT_ALLOCATIONS: wg_ctx_alloc_count(out, bot->ctx); break;
    case WG_BOT_BYTES: wg_ctx_memory_in_use(&z, bot->ctx); *out = z; break;
    case WG_BOT_BYTES_PEAK: wg_ctx_memory_peak(&z, bot->ctx); *out = z; break;
    default: return WG_ERANGE;
    }
    return WG_OK;
}

int wg_bot_spec(char *buf, size_t cap, size_t *len, const wg_bot *bot)
{
    if (!bot || (!buf && cap))
        return WG_EINVAL;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    if (bot->kind == BOT_RANDOM) {
        wg__sb_printf(&sb, "random");
    } else {
        if (bot->iterations)
            wg__sb_printf(&sb, "%s iterations=%llu", kind_name(bot->kind), (unsigned long long)bot->iterations);
        else
            wg__sb_printf(&sb, "%s iterations=auto", kind_name(bot->kind));
        if (bot->depth == DEPTH_AUTO)
            wg__sb_printf(&sb, " depth=auto");
        else
            wg__sb_printf(&sb, " depth=%llu", (unsigned long long)bot->depth);
        wg__sb_printf(&sb, " c=%.3f rollout=%s attack=%u determinizations=%llu", bot->c,
                      bot->rollout == ROLLOUT_GREEDY ? "greedy" : "uniform", bot->attack,
                      (unsigned long long)bot->determinizations);
        if (bot->scale)
            wg__sb_printf(&sb, " scale=%lld", (long long)bot->scale);
        else
            wg__sb_printf(&sb, " scale=auto");
    }
    return wg__sb_finish(&sb, len);
}

/* ------------------------------------------------------------------ arena */

static void arena_reset(wg_bot *b)
{
    b->cur = b->blocks;
    b->used = 0;
}

static node *node_new(wg_bot *b, uint64_t action, int player)
{
    if (!b->cur || b->used == NODES_PER_BLOCK) {
        block *nx = b->cur ? b->cur->next : b->blocks;
        if (!nx) {
            nx = wg__alloc(b->ctx, sizeof *nx);
            if (!nx)
                return NULL;
            if (b->cur)
                b->cur->next = nx;
            else
                b->blocks = nx;
        }
        b->cur = nx;
        b->used = 0;
    }
    node *n = &b->cur->n[b->used++];
    n->action = action;
    n->child = n->sibling = NULL;
    n->wins = 0;
    n->visits = n->avail = 0;
    n->player = (int8_t)player;
    b->st.nodes++;
    return n;
}

static node *child_of(node *n, uint64_t action)
{
    for (node *c = n->child; c; c = c->sibling)
        if (c->action == action)
            return c;
    return NULL;
}

static node *add_child(wg_bot *b, node *n, uint64_t action, int player)
{
    node *c = node_new(b, action, player);
    if (c) {
        c->sibling = n->child;
        n->child = c;
    }
    return c;
}

static int path_push(wg_bot *b, size_t *np, node *n)
{
    if (wg__grow(b->ctx, (void **)&b->path, &b->cappath, *np + 1, sizeof *b->path))
        return WG_ENOMEM;
    b->path[(*np)++] = n;
    return WG_OK;
}

/* ------------------------------------------------------------------ evaluation and rollouts */

/* The bots' defaults of the game's ruleset: 500 iterations of rollouts of 40 steps and a scale of 5
   where the ruleset names none. */
static const wg_bot_defaults *defaults_of(const wg_game *g)
{
    static const wg_bot_defaults generic = {500, 40, 5};
    return g->ops->bot_defaults ? g->ops->bot_defaults : &generic;
}

/* The evaluation of a position in player 0's favour: the ruleset's bot evaluation, else the score. */
static int64_t eval_raw(const wg_game *g)
{
    return g->ops->bot_eval ? g->ops->bot_eval(g) : g->ops->score(g);
}

/* The value of the position for player 0 in [0, 1]: a finished game is 1, 0 or 0.5 by its winner;
   else 0.5 + 0.5 d / (|d| + scale), d the change of the evaluation since the root. */
static double eval0(const wg_game *g, int64_t root_eval, int64_t scale)
{
    int p, k;
    g->ops->decision(g, &p, &k);
    if (p == WG_PLAYER_NONE && g->ops->winner) {
        int w = g->ops->winner(g);
        return w == 0 ? 1.0 : w == 1 ? 0.0 : 0.5;
    }
    double d = (double)(eval_raw(g) - root_eval);
    return 0.5 + 0.5 * d / (absd(d) + (double)scale);
}

/* Whether s holds one of the words that mark an attack, in one pass over s (each position tried
   against the words beginning with its letter). */
static int is_attack_word(const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case 'a':
            if (!strncmp(s, "attack", 6) || !strncmp(s, "assault", 7))
                return 1;
            break;
        case 'b':
            if (!strncmp(s, "battle", 6) || !strncmp(s, "bombard", 7))
                return 1;
            break;
        case 'c':
            if (!strncmp(s, "charge", 6))
                return 1;
            break;
        case 'f':
            if (!strncmp(s, "fire", 4))
                return 1;
            break;
        case 'm':
            if (!strncmp(s, "melee", 5))
                return 1;
            break;
        default: break;
        }
    }
    return 0;
}

/* The option index of the ruleset's option attribute "kind", -1 when none. */
static int kind_key(const wg_game *g)
{
    const wg_attr_key *k = g->ops->attr_keys[WG_ATTR_OPTION];
    for (int i = 0; k && k[i].name; i++)
        if (!strcmp(k[i].name, "kind") && k[i].type == WG_ATTR_TEXT)
            return i;
    return -1;
}

/* A rollout's choice among n >= 2 options: uniform, or (greedy) an option whose kind marks an attack
   `attack` times as likely as another, by rejection (a few kind lookups per step). */
static size_t rollout_pick(wg_bot *b, wg_game *g, int key)
{
    uint32_t n = (uint32_t)g->nopts;
    size_t i = wg__pcg_below(&b->rng, n);
    if (b->rollout == ROLLOUT_UNIFORM || key < 0 || !g->ops->attr || b->attack <= 1)
        return i;
    for (int tries = 0; tries < 16; tries++) {
        char buf[32];
        wg_sb sb;
        wg__sb_init(&sb, buf, sizeof buf);
        int64_t iv = 0;
        int att = g->ops->attr(g, WG_VIEW_REFEREE, WG_ATTR_OPTION, i, key, &iv, &sb) == WG_OK &&
                  sb.len < sizeof buf && is_attack_word(buf);
        if (att || wg__pcg_below(&b->rng, b->attack) == 0)
            return i;
        i = wg__pcg_below(&b->rng, n);
    }
    return i;
}

/* One step of a fork: chance by its exact weights, one option as it is, else the rollout policy. */
static int fork_step(wg_bot *b, wg_game *g, int key)
{
    size_t idx = 0;
    if (g->dec_player == WG_PLAYER_CHANCE)
        idx = g->nopts > 1 ? wg__game_draw_weighted(g, &b->rng) : 0;
    else if (g->nopts > 1) {
        long r = b->rollout == ROLLOUT_GREEDY && g->ops->bot_pick ? g->ops->bot_pick(g, &b->rng) : -1;
        idx = r >= 0 && (size_t)r < g->nopts ? (size_t)r : rollout_pick(b, g, key);
    }
    b->st.steps++;
    return wg__game_choose_drawn(g, idx, &b->rng);
}

/* ------------------------------------------------------------------ search */

static int search(size_t *choice, wg_bot *b, wg_game *game, int me)
{
    int rc;
    if (b->work && b->work->ops != game->ops) {
        wg_game_free(b->work);
        b->work = NULL;
        wg__free(b->ctx, b->dscratch, b->dscratch_size);
        b->dscratch = NULL;
        b->dscratch_size = 0;
    }
    if (!b->work) {
        size_t zs = game->ops->determinize ? game->ops->determinize_scratch : 0;
        if (zs && !(b->dscratch = wg__alloc(b->ctx, zs)))
            return wg__seterr(b->err, WG_ENOMEM, "bot: out of memory for the determinization");
        b->dscratch_size = zs;
        if ((rc = wg_game_fork(&b->work, b->ctx, game)) != WG_OK)
            return wg__seterr(b->err, rc, "bot: %.200s", b->ctx->err);
        b->st.forks++;
    }
    wg_game *w = b->work;
    int hidden = b->kind == BOT_ISMCTS || (b->kind == BOT_MCTS && game->ops->determinize != NULL);
    const wg_bot_defaults *def = defaults_of(game);
    int64_t scale = b->scale ? b->scale : def->scale;
    int64_t root_eval = hidden ? 0 : eval_raw(game);
    int key = kind_key(game);
    arena_reset(b);
    node *root = node_new(b, 0, me);
    if (!root)
        return wg__seterr(b->err, WG_ENOMEM, "bot: out of memory for the search tree");
    uint64_t det_seed0 = ((uint64_t)wg__pcg_next(&b->rng) << 32) | wg__pcg_next(&b->rng);
    uint64_t iterations = b->iterations ? b->iterations
                                        : (uint64_t)def->iterations * (game->ops->bot_budget ? game->ops->bot_budget(game) : 1u);
    uint64_t depth = b->depth != DEPTH_AUTO ? b->depth : def->depth;
    for (uint64_t it = 0; it < iterations; it++) {
        if ((rc = wg_game_fork_into(w, game)) != WG_OK)
            return wg__seterr(b->err, rc, "bot: %.200s", w->err);
        b->st.forks++;
        b->st.iterations++;
        int64_t it_eval = root_eval;
        if (hidden) {
            uint64_t s = b->determinizations ? det_seed0 + it % b->determinizations
                                             : ((uint64_t)wg__pcg_next(&b->rng) << 32) | wg__pcg_next(&b->rng);
            if ((rc = wg__game_determinize_fork(w, me, s, b->dscratch)) != WG_OK)
                return wg__seterr(b->err, rc, "bot: %.200s", w->err);
            /* the evaluation may read what the world fills in: its change is measured in this world */
            it_eval = eval_raw(w);
        }
        size_t np = 0;
        node *n = root;
        if ((rc = path_push(b, &np, root)) != WG_OK)
            return wg__seterr(b->err, rc, "bot: out of memory for the search path");
        int expanded = 0, failed = 0;
        double failed_v0 = 0.5;
        /* selection and expansion */
        for (unsigned steps = 0; !expanded && steps < TREE_STEP_CAP; steps++) {
            if ((rc = wg__game_refresh(w)) != WG_OK)
                return wg__seterr(b->err, rc, "bot: %.200s", w->err);
            int p = w->dec_player;
            if (p == WG_PLAYER_NONE)
                break;
            if (w->nopts == 0 || (p == WG_PLAYER_CHANCE && w->opts_total == 0))
                return wg__seterr(b->err, WG_ESTATE, "bot: a decision without options in the search");
            size_t idx;
            node *next;
            if (w->nopts == 1) {
                idx = 0;
                next = NULL;
            } else if (p == WG_PLAYER_CHANCE) {
                idx = wg__game_draw_weighted(w, &b->rng);
                next = child_of(n, w->opts[idx].action);
                if (!next) {
                    next = add_child(b, n, w->opts[idx].action, p);
                    expanded = 1;
                }
            } else {
                /* untried options, and the availability of the tried ones */
                size_t untried = 0;
                for (size_t i = 0; i < w->nopts; i++) {
                    node *c = child_of(n, w->opts[i].action);
                    if (c)
                        c->avail++;
                    else
                        untried++;
                }
                if (untried) {
                    size_t k = wg__pcg_below(&b->rng, (uint32_t)untried);
                    for (idx = 0; idx < w->nopts; idx++)
                        if (!child_of(n, w->opts[idx].action) && k-- == 0)
                            break;
                    next = add_child(b, n, w->opts[idx].action, p);
                    expanded = 1;
                } else {
                    double best = -1;
                    idx = 0;
                    next = NULL;
                    for (size_t i = 0; i < w->nopts; i++) {
                        node *c = child_of(n, w->opts[i].action);
                        double u = c->wins / c->visits + b->c * sqrtd(lnd((double)c->avail) / c->visits);
                        if (u > best) {
                            best = u;
                            idx = i;
                            next = c;
                        }
                    }
                }
            }
            if (w->nopts > 1 && !next)
                return wg__seterr(b->err, WG_ENOMEM, "bot: out of memory for the search tree");
            b->st.steps++;
            if (next) {
                n = next;
                if ((rc = path_push(b, &np, n)) != WG_OK)
                    return wg__seterr(b->err, rc, "bot: out of memory for the search path");
            }
            if ((rc = wg__game_choose_drawn(w, idx, &b->rng)) != WG_OK) {
                if (rc == WG_ENOMEM)
                    return wg__seterr(b->err, rc, "bot: %.200s", w->err);
                /* the rules refused the option (a parameter drawn out of bounds): a loss for who chose it */
                failed = p >= 0 ? 1 : 2;
                failed_v0 = p == 0 ? 0.0 : 1.0;
                break;
            }
        }
        /* rollout */
        double v0 = 0.5;
        uint64_t d = 0;
        for (; !failed && (d < depth || (game->ops->bot_quiet && d < depth + WG_BOT_QUIET_CAP &&
                                         !game->ops->bot_quiet(w)));
             d++) {
            if ((rc = wg__game_refresh(w)) != WG_OK)
                return wg__seterr(b->err, rc, "bot: %.200s", w->err);
            if (w->dec_player == WG_PLAYER_NONE || w->nopts == 0 ||
                (w->dec_player == WG_PLAYER_CHANCE && w->opts_total == 0))
                break;
            if ((rc = fork_step(b, w, key)) != WG_OK) {
                if (rc == WG_ENOMEM)
                    return wg__seterr(b->err, rc, "bot: %.200s", w->err);
                failed = 2; /* a refused option in a rollout: the position before it is not kept */
            }
        }
        if (!failed)
            v0 = eval0(w, it_eval, scale);
        else if (failed == 2)
            v0 = 0.5;
        else
            v0 = failed_v0;
        for (size_t i = 0; i < np; i++) {
            node *x = b->path[i];
            x->visits++;
            x->wins += x->player == 0 ? v0 : x->player == 1 ? 1.0 - v0 : 0.5;
        }
    }
    /* the most visited option of the real game; among equally visited ones the best mean value, then
       the first */
    size_t best = 0;
    uint32_t most = 0;
    double mean = -1;
    for (size_t i = 0; i < game->nopts; i++) {
        node *c = child_of(root, game->opts[i].action);
        if (!c || !c->visits)
            continue;
        double m = c->wins / c->visits;
        if (c->visits > most || (c->visits == most && m > mean)) {
            most = c->visits;
            mean = m;
            best = i;
        }
    }
    *choice = best;
    return WG_OK;
}

static int choose(size_t *option, wg_bot *bot, wg_game *game, int player, int check_player)
{
    bot->err[0] = '\0';
    if (check_player && (player < 0 || player >= game->ops->nplayers))
        return wg__seterr(bot->err, WG_ERANGE, "bot: player %d is not a player of the game (0..%d)", player,
                          game->ops->nplayers - 1);
    int p, k;
    game->ops->decision(game, &p, &k);
    if (p == WG_PLAYER_NONE)
        return wg__seterr(bot->err, WG_ESTATE, "bot: the game is over: there is no decision to take");
    if (p == WG_PLAYER_CHANCE)
        return wg__seterr(bot->err, WG_ESTATE, "bot: the decision is a chance decision (roll it: wg_game_roll)");
    if (check_player && p != player)
        return wg__seterr(bot->err, WG_ESTATE, "bot: %s does not decide now (%s does)", wg__player_name(game, player),
                          wg__player_name(game, p));
    int rc = wg__game_refresh(game);
    if (rc)
        return wg__seterr(bot->err, rc, "bot: %.200s", game->err);
    if (game->nopts == 0)
        return wg__seterr(bot->err, WG_ESTATE, "bot: the decision of %s has no option", wg__player_name(game, p));
    wg_pcg keep = bot->rng;
    bot_counts st = bot->st;
    size_t c = 0;
    if (game->nopts == 1)
        c = 0;
    else if (bot->kind == BOT_RANDOM)
        c = game->nopts > UINT32_MAX ? 0 : wg__pcg_below(&bot->rng, (uint32_t)game->nopts);
    else {
        /* what the bot holds now: a failed search gives back what it took */
        int had_work = bot->work != NULL;
        size_t nblocks = 0, cappath = bot->cappath;
        for (block *q = bot->blocks; q; q = q->next)
            nblocks++;
        if ((rc = search(&c, bot, game, p)) != WG_OK) {
            bot->rng = keep;
            bot->st = st;
            if (!had_work) {
                wg_game_free(bot->work);
                bot->work = NULL;
                wg__free(bot->ctx, bot->dscratch, bot->dscratch_size);
                bot->dscratch = NULL;
                bot->dscratch_size = 0;
            }
            block **link = &bot->blocks;
            for (size_t i = 0; i < nblocks && *link; i++)
                link = &(*link)->next;
            for (block *q = *link; q;) {
                block *nx = q->next;
                wg__free(bot->ctx, q, sizeof *q);
                q = nx;
            }
            *link = NULL;
            arena_reset(bot);
            if (bot->cappath > cappath) {
                if (cappath == 0) {
                    wg__free(bot->ctx, bot->path, bot->cappath * sizeof *bot->path);
                    bot->path = NULL;
                    bot->cappath = 0;
                } else {
                    node **np = wg__realloc(bot->ctx, bot->path, bot->cappath * sizeof *np, cappath * sizeof *np);
                    if (np) {
                        bot->path = np;
                        bot->cappath = cappath;
                    }
                }
            }
            return rc;
        }
    }
    bot->st.decisions++;
    *option = c;
    return WG_OK;
}

int wg_bot_choose(size_t *option, wg_bot *bot, wg_game *game)
{
    if (!option || !bot || !game) {
        if (bot)
            wg__seterr(bot->err, WG_EINVAL, "wg_bot_choose: %s is NULL", !option ? "option" : "game");
        return WG_EINVAL;
    }
    return choose(option, bot, game, 0, 0);
}

int wg_bot_choose_for(size_t *option, wg_bot *bot, wg_game *game, int player)
{
    if (!option || !bot || !game) {
        if (bot)
            wg__seterr(bot->err, WG_EINVAL, "wg_bot_choose_for: %s is NULL", !option ? "option" : "game");
        return WG_EINVAL;
    }
    return choose(option, bot, game, player, 1);
}

int wg_bot_play(size_t *chosen, wg_bot *bot, wg_game *game)
{
    if (!bot || !game) {
        if (bot)
            wg__seterr(bot->err, WG_EINVAL, "wg_bot_play: game is NULL");
        return WG_EINVAL;
    }
    int p, k;
    game->ops->decision(game, &p, &k);
    if (p == WG_PLAYER_CHANCE) {
        int rc = wg_game_roll(chosen, game);
        if (rc)
            wg__seterr(bot->err, rc, "bot: %.200s", game->err);
        return rc;
    }
    size_t c = 0;
    wg_pcg keep = bot->rng;
    int rc = choose(&c, bot, game, 0, 0);
    if (rc)
        return rc;
    rc = wg__game_choose_drawn(game, c, &bot->rng);
    /* an option the rules refuse only when taken (a drawn parameter, a move that does not fit): the
       game is unchanged; another option drawn from the bot's generator, a few times */
    for (int tries = 0; rc != WG_OK && rc != WG_ENOMEM && tries < 16; tries++) {
        if (wg__game_refresh(game) != WG_OK || game->nopts < 2 || game->nopts > UINT32_MAX)
            break;
        c = wg__pcg_below(&bot->rng, (uint32_t)game->nopts);
        rc = wg__game_choose_drawn(game, c, &bot->rng);
    }
    if (rc) {
        bot->rng = keep;
        bot->st.decisions--;
        return wg__seterr(bot->err, rc, "bot: %.200s", game->err);
    }
    if (chosen)
        *chosen = c;
    return WG_OK;
}

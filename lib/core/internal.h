/* Internal interfaces shared by the core and the rulesets. Not installed. */
#ifndef WG_INTERNAL_H
#define WG_INTERNAL_H

#include "wargame.h"
#include "geom.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WG_ERRMSG_CAP 256

/* ---- context and allocation (lib/core/ctx.c, lib/core/alloc_default.c) ---- */

/* The counters are atomic: a game of another context may free data this context allocated and
   shares with it (wg_game_clone_to), from another thread.  Everything else of a context is used by
   one thread at a time (the header's thread contract). */
struct wg_ctx {
    wg_alloc_fn alloc;
    void *ud;
    size_t limit;
    atomic_size_t in_use;
    atomic_size_t peak;
    _Atomic uint64_t nalloc;
    atomic_size_t live;
    char err[WG_ERRMSG_CAP];
};

/* The default allocator: the one function in the library that calls malloc/realloc/free. */
void *wg__default_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* Allocation through a context. wg__alloc returns zeroed memory. Sizes must be remembered by the caller. */
void *wg__alloc(wg_ctx *ctx, size_t size);
void *wg__realloc(wg_ctx *ctx, void *ptr, size_t osize, size_t nsize);
void wg__free(wg_ctx *ctx, void *ptr, size_t size);
char *wg__strdup(wg_ctx *ctx, const char *s); /* frees with wg__strfree */
void wg__strfree(wg_ctx *ctx, char *s);

/* Grow a dynamic array so that it holds at least `need` elements. Returns WG_OK or WG_ENOMEM (array unchanged). */
int wg__grow(wg_ctx *ctx, void **arr, size_t *cap, size_t need, size_t elem);

/* Reference counts of data shared by games (maps, orders of battle, supplied documents, ruleset data):
   atomic, because games of other contexts on other threads may share the data (wg_game_clone_to).
   wg__ref_drop returns 1 when the count reached zero (the caller then frees the data through the
   context that allocated it). */
typedef atomic_int wg_refcount;
static inline void wg__ref_init(wg_refcount *r) { atomic_init(r, 1); }
static inline void wg__ref_take(wg_refcount *r) { atomic_fetch_add_explicit(r, 1, memory_order_relaxed); }
static inline int wg__ref_drop(wg_refcount *r)
{
    return atomic_fetch_sub_explicit(r, 1, memory_order_acq_rel) == 1;
}

/* Handle bookkeeping: every handle counts as live on its context. */
void wg__ctx_retain(wg_ctx *ctx);
void wg__ctx_release(wg_ctx *ctx);

#if defined(__GNUC__)
#define WG__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define WG__PRINTF(f, a)
#endif

/* Error messages: printf-style into a fixed buffer; return the status for `return wg__err(...)`. */
int wg__seterr(char *buf, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
int wg__vseterr(char *buf, int status, const char *fmt, va_list ap); /* buf NULL: writes nothing */
#define wg__ctx_err(ctx, st, ...) wg__seterr((ctx)->err, (st), __VA_ARGS__)

/* Text output helper for (buf, cap, len) results. */
int wg__out_text(char *buf, size_t cap, size_t *len, const char *text);

/* A growable string builder used by text producers (no allocation: writes into a caller buffer, counts overflow). */
typedef struct wg_sb {
    char *buf;
    size_t cap;
    size_t len; /* full length that would have been written */
} wg_sb;
void wg__sb_init(wg_sb *sb, char *buf, size_t cap);
void wg__sb_printf(wg_sb *sb, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Finishes: sets *len, returns WG_OK or WG_EBUFSIZE. */
int wg__sb_finish(wg_sb *sb, size_t *len);

/* ---- PCG32 (lib/core/rng.c) ---- */

typedef struct wg_pcg {
    uint64_t state;
    uint64_t inc;
} wg_pcg;

void wg__pcg_seed(wg_pcg *r, uint64_t seed, uint64_t stream);
uint32_t wg__pcg_next(wg_pcg *r);
uint32_t wg__pcg_below(wg_pcg *r, uint32_t bound); /* bound > 0, unbiased */

/* ---- hashing (lib/core/hash.c) ---- */

uint64_t wg__hash64(const void *data, size_t len, uint64_t seed); /* FNV-1a 64 variant with final mix */
uint32_t wg__crc32(const void *data, size_t len);

/* ---- hex geometry internals (lib/core/hex.c) ---- */

extern const int wg__hex_dq[6];
extern const int wg__hex_dr[6];

/* Axial coordinates accepted by the wg_hex_* functions lie within +-WG__HEX_LIMIT. */
#define WG__HEX_LIMIT (1 << 24)

/* Point i (0..n) of the line from (q1, r1) to (q2, r2), n = their distance: the hex and the other
   candidate hex where the line runs along a hex-side (equal to the hex elsewhere).  No checks. */
void wg__hex_line_point(int *q, int *r, int *alt_q, int *alt_r, int q1, int r1, int q2, int r2, int n, int i);

/* ---- maps (lib/core/map.c) ---- */

/* A list of declared names: code i is name[i]. */
typedef struct wg_map_names {
    char **name;
    int count;
    size_t cap;
} wg_map_names;
enum { WG__MAP_TERRAIN = 0, WG__MAP_FLAG = 1, WG__MAP_SIDEFLAG = 2, WG__MAP_CONNTYPE = 3, WG__MAP_LINETYPE = 4 };
#define WG__MAP_NVOCAB 5

/* Tables (lib/core/tablemap.c): an area per space, lines and places. */
typedef struct wg__map_area {
    wg_pt *pts;
    size_t n;
    int level;
    wg_pt lo, hi; /* bounding box */
} wg__map_area_t;
typedef struct wg__map_line {
    wg_pt *pts;
    size_t n;
    int type, level;
    char *name;
    wg_pt lo, hi;
} wg__map_line_t;
typedef struct wg__map_place {
    char *name;
    wg_pt p;
} wg__map_place_t;

struct wg_map {
    wg_ctx *ctx;
    char err[WG_ERRMSG_CAP];
    wg_refcount refs; /* 1 for the creator; games add one */
    int kind;
    /* spaces */
    int nspace;
    size_t capspace;
    int *terrain;
    uint32_t *flags;
    char **names;
    /* hex grids */
    int cols, rows, layout;
    uint32_t *hexside; /* nspace * 6, both sides kept in sync */
    /* graphs */
    int nconn;
    size_t capconn;
    int *conn_a, *conn_b, *conn_type, *conn_cost;
    int *adj_count; /* per zone */
    int **adj;      /* per zone: list of connection ids */
    size_t *adj_cap;
    /* declared vocabularies (WG__MAP_TERRAIN, _FLAG, _SIDEFLAG, _CONNTYPE) and the title */
    wg_map_names vocab[WG__MAP_NVOCAB];
    char *title;
    /* tables: areas parallel to the spaces (capspace), lines, places */
    int32_t width, depth;
    wg__map_area_t *areas;
    wg__map_line_t *lines;
    int nline;
    size_t capline;
    wg__map_place_t *places;
    int nplace;
    size_t capplace;
    /* hex grids, precomputed: space = row * cols + col */
    int *nbr;       /* nspace * 6 neighbour ids, -1 off the map */
    int *hq, *hr;   /* axial coordinates of each space */
    /* search scratch (grown, never shrunk); busy while a search runs */
    int *scratch;
    size_t scratch_cap;
    int busy;
};

/* Hex neighbour without checks: returns -1 off the map (O(1), precomputed). */
int wg__map_hex_neighbor(const wg_map *map, int space, int dir);
void wg__map_retain(wg_map *map);
/* Hex-side flags without checks. */
uint32_t wg__map_hexside(const wg_map *map, int space, int dir);
/* Distance between two hexes of a hex map without checks. */
int wg__map_hex_distance(const wg_map *map, int a, int b);
/* Map internals shared with lib/core/tablemap.c. */
wg_map *wg__map_alloc(wg_ctx *ctx, int kind);
int wg__map_grow_parallel(wg_ctx *ctx, void **const *arrs, const size_t *elem, int n, size_t oldcap, size_t newcap);
int wg__map_check_space(char *eb, const wg_map *m, const char *fn, int space);
int wg__map_check_kind(char *eb, const wg_map *m, const char *fn, int kind);
const char *wg__map_kind_name(int kind);
void wg__map_table_free(wg_map *m);
/* The topmost area holding p (-1 for none) and the ground level at p; no checks. */
int wg__map_table_area_at(const wg_map *m, wg_pt p);
int wg__map_table_level_at(const wg_map *m, wg_pt p);

/* ---- tables (lib/core/table.c) ---- */

struct wg_table {
    wg_ctx *ctx;
    char err[WG_ERRMSG_CAP];
    char *name;
    int rows, cols;
    int16_t *cell;     /* rows*cols codes, -1 = gap */
    uint8_t *source;   /* rows*cols wg_cell_source */
    char **row_label;  /* rows */
    char **col_label;  /* cols */
    char **code_name;  /* ncode */
    int ncode;
    size_t capcode;
    bool fill_only; /* a game's table: supplied cells may be added but not changed or cleared */
};

/* Marks a cell as printed (used by rulesets building their built-in tables). */
int wg__table_set_printed(wg_table *t, int row, int col, int code);
/* Deep copy. */
int wg__table_copy(wg_table **out, wg_ctx *ctx, const wg_table *src);
/* wg_table_load with the cells of the document marked `source` (WG_CELL_PRINTED for a ruleset's own
   printed tables shipped as data, WG_CELL_SUPPLIED as wg_table_load does). */
int wg__table_load_as(wg_table **out, wg_ctx *ctx, const char *buf, size_t len, int source);

/* ---- orders of battle (lib/core/oob.c) ---- */

/* (the type is named wg_oob_kv: wg_oob_attr is the public getter function) */
typedef struct wg_oob_kv {
    char *key;
    int64_t value;
} wg_oob_kv;

typedef struct wg_oob_unit {
    int side;
    char *name;
    wg_oob_kv *attrs;
    size_t nattr, capattr;
} wg_oob_unit;

struct wg_oob {
    wg_ctx *ctx;
    char err[WG_ERRMSG_CAP];
    wg_refcount refs;
    wg_oob_unit *units;
    size_t nunit, capunit;
};

void wg__oob_retain(wg_oob *oob);

/* ---- data documents (lib/core/data.c) ---- */

struct wg_data {
    wg_ctx *ctx;
    char err[WG_ERRMSG_CAP];
    char *text;      /* field storage: NUL-separated */
    size_t textsize;
    char *kind;      /* points into text */
    size_t nrec;
    size_t *rec_first; /* index into fields of first field, nrec+1 entries */
    size_t *rec_line;
    const char **fields;
    size_t nfield;
    size_t capfield, caprec_first, caprec_line; /* allocated elements */
};

/* A game option with a closed set of values (at most four, NULL-terminated); the first is the
   default. */
typedef struct wg__optdef {
    const char *key;
    const char *values[5];
} wg__optdef;
/* Parses a game's option string: KEY=VALUE tokens separated by commas or spaces (NULL or "": every
   default), each key at most once, into opt[i] = the index of defs[i]'s value.  On WG_EINVAL the
   message in err names `who` (the ruleset), the token, the known keys or values and `doc`; opt is
   unchanged. */
int wg__parse_options(char *err, const char *who, const char *doc, const wg__optdef *defs, int n, const char *s,
                      uint8_t *opt);
/* Parses a field as a decimal integer. Returns 0 on success. */
int wg__parse_int(const char *s, long long *out);
/* Parses a length in millimetres with up to two decimals ("12", "-3.5", "22.25") into table units
   (WG_TABLE_UNIT per mm); 0 on success, -1 for anything else or a value beyond +-10^11 mm. */
int wg__parse_mm(const char *f, int64_t *out);
/* Parses a document and checks that its kind is `kind` (NULL: any); errors go on the ctx (WG_EPARSE ...). */
int wg__data_open(wg_data **out, wg_ctx *ctx, const char *buf, size_t len, const char *kind);
/* Unchecked accessors for loaders (rec < nrec, field < wg__data_nfield). */
size_t wg__data_nfield(const wg_data *doc, size_t rec);
const char *wg__data_get(const wg_data *doc, size_t rec, size_t field);

/* ---- games and rulesets (lib/core/game.c, lib/registry.c) ---- */

/* One recorded event. Text is produced lazily by the ruleset's event_text. */
typedef struct wg_event {
    uint64_t step;
    const char *rule;     /* checklist id, static storage */
    int32_t kind;         /* ruleset-defined */
    uint32_t visible;     /* bit p set: player p may see it fully; referee sees all */
    int32_t a[8];         /* ruleset-defined arguments */
} wg_event;

/* One option of the current decision. */
typedef struct wg_option {
    uint64_t action;
    uint64_t weight; /* chance weight, 1 for player options */
} wg_option;

/* Decision log entry. */
enum { WG_LOG_CHOOSE = 0, WG_LOG_ROLL = 1, WG_LOG_BOT = 2 };
typedef struct wg_logent {
    uint64_t action;
    uint32_t param; /* its parameters: g->lparam[param .. param + nparam - 1] */
    uint8_t nparam;
    uint8_t how;
    int8_t player; /* who decided: a player or WG_PLAYER_CHANCE (derived, not saved: a load replays) */
} wg_logent;

/* A parameter an option carries (ops->option_params): its name (static storage) and range. */
typedef struct wg_param {
    const char *name;
    int64_t min, max;
} wg_param;

/* An odds request (lib/core/odds.c): the verb and key=value fields of the host's description.
   Rulesets read the fields with wg__odds_* below; a field no reader asked for is an error. */
#define WG__ODDS_MAXARGS 16
typedef struct wg_odds_req {
    const char *verb;
    size_t nargs;
    struct {
        const char *key, *val;
        int used;
    } arg[WG__ODDS_MAXARGS];
} wg_odds_req;

/* The odds a ruleset computes: outcomes with integer weights, and the modifiers that made them. */
typedef struct wg_odds_outcome {
    char label[96];
    uint64_t weight;
} wg_odds_outcome;
typedef struct wg_odds_mod {
    char name[32];
    char text[96];
    char rule[32];
    int64_t value;
} wg_odds_mod;
typedef struct wg_odds_out {
    wg_ctx *ctx;
    wg_odds_outcome *out;
    size_t nout, capout;
    wg_odds_mod *mod;
    size_t nmod, capmod;
} wg_odds_out;

typedef struct wg_scenario_info {
    const char *id;
    const char *name;
} wg_scenario_info;

typedef struct wg_ruleset_ops wg_ruleset_ops;

/* A ruleset's defaults for the bots (lib/core/bot.c): the iterations and rollout depth of the default
   budget, and the change of the evaluation worth three quarters of a win. */
/* The most steps a rollout goes on past its depth to reach a position its ruleset calls quiet. */
#define WG_BOT_QUIET_CAP 2000u

typedef struct wg_bot_defaults {
    uint32_t iterations, depth;
    int64_t scale;
} wg_bot_defaults;

/* An attribute key a ruleset offers (lib/core/view.c): its name and type (WG_ATTR_INT, WG_ATTR_TEXT). */
typedef struct wg_attr_key {
    const char *name;
    int type;
} wg_attr_key;

/* A host-supplied data document for a ruleset slot (shared by clones, refcounted). */
typedef struct wg_blob {
    wg_refcount refs;
    wg_ctx *ctx; /* the context that allocated it */
    char *slot;
    char *bytes; /* len bytes plus a NUL */
    size_t len;
} wg_blob;

struct wg_game {
    wg_ctx *ctx;
    char err[WG_ERRMSG_CAP];
    const wg_ruleset_ops *ops;
    int scenario; /* index into ops->scenarios */
    char *options; /* option string as given (normalized), never NULL */
    uint64_t seed;

    wg_pcg dice; /* the game's dice */
    wg_pcg bot;  /* the random bot's choices */

    /* ruleset state: one flat block of ops->state_size bytes (POD, no pointers). */
    void *state;
    bool replaying; /* inside a replay (undo, load, restore after a failed step) */
    bool broken;    /* a failed step could not be undone (never expected) */
    bool determinized; /* made by wg_game_determinize: its start is not a set-up, it cannot be saved */
    bool fork; /* made by wg_game_fork: no history (log, events, init_state); borrows the read-only data
                  (tables, map, order of battle, ruleset data, options, documents) of the game it came from */
    void *init_state; /* the state after setup: undo and load replay from it */
    wg_pcg init_dice, init_bot;

    /* shared read-only data set up by the ruleset */
    wg_map *map;
    wg_oob *oob;
    wg_table **tables;
    int ntables;
    void *rdata; /* ruleset data shared by clones (refcounted by the ruleset) */
    void *scratch; /* ops->scratch_size zeroed bytes of this game only (not cloned, saved or hashed): caches
                      a ruleset derives from the current state and can always derive again */
    wg_blob **data; /* host-supplied documents, read by setup through wg__game_data */
    size_t ndata;

    /* current decision cache */
    int dec_player, dec_kind;
    bool opts_valid;
    /* parameters of the log's steps (wg_logent.param) */
    int64_t *lparam;
    size_t nlparam, caplparam;
    wg_option *opts;
    size_t nopts, capopts;
    uint64_t opts_total;

    /* log and events */
    wg_logent *log;
    size_t nlog, caplog;
    wg_event *ev;
    size_t nev, capev;
    size_t nev_base; /* events before the starting point of the log (wg__game_rebase) */
    bool over;
};

struct wg_ruleset_ops {
    const char *id;
    const char *name;
    int nplayers;
    const char *const *player_names;
    const wg_scenario_info *scenarios;
    int nscenarios;
    size_t state_size;

    /* Validates `options` and sets up g->map, g->oob, g->tables, g->rdata and the initial state
       (g->state is zeroed, state_size bytes).  On failure sets g->err, frees nothing it did not
       allocate (the core frees map/oob/tables/rdata through release). */
    int (*setup)(wg_game *g, const char *options);
    /* Shares rdata with a clone (e.g. increments a refcount). */
    void (*retain)(wg_game *g);
    /* Releases rdata. */
    void (*release)(wg_game *g);
    /* Sets *player and *kind of the current decision (WG_PLAYER_NONE / WG_DEC_NONE when over). */
    void (*decision)(const wg_game *g, int *player, int *kind);
    /* Enumerates the options: calls wg__opt_push for each. Deterministic order. */
    int (*options)(wg_game *g);
    /* Applies a legal action (one the last enumeration produced). May push events; must not fail
       except with WG_ENOMEM from wg__event (the core then restores the state). */
    int (*apply)(wg_game *g, uint64_t action);
    /* Label of an action in the current state. */
    int (*option_label)(const wg_game *g, uint64_t action, wg_sb *sb);
    /* Explains why an action is not legal now (for wg_game_choose_action); may be NULL. */
    void (*why_not)(const wg_game *g, uint64_t action, char *err);
    /* Words for the current decision. */
    void (*decision_text)(const wg_game *g, wg_sb *sb);
    /* Event text for a viewer. */
    void (*event_text)(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb);
    /* State picture for a viewer. */
    void (*describe)(const wg_game *g, int viewer, wg_sb *sb);
    /* Result text and score. */
    void (*result_text)(const wg_game *g, wg_sb *sb);
    int64_t (*score)(const wg_game *g);
    /* The winner of a finished game (wg_game_winner): a player, or -1 for a draw.  Called only when
       the game is over. */
    int (*winner)(const wg_game *g);
    /* The bots' evaluation of a position that is not over (lib/core/bot.c, doc/bots.md): a value in
       player 0's favour, finer than the score.  NULL: the score (which then favours player 0). */
    int64_t (*bot_eval)(const wg_game *g);
    /* The bots' defaults in this ruleset (doc/bots.md); NULL: wg_bot_defaults_generic. */
    const wg_bot_defaults *bot_defaults;
    /* Whether the bots may evaluate this position (doc/bots.md): a rollout that reaches its depth goes on
       (up to WG_BOT_QUIET_CAP more steps) until the ruleset calls the position quiet, e.g. no battle
       declared and not yet fought.  NULL: every position is quiet. */
    int (*bot_quiet)(const wg_game *g);
    /* The rollout policy of the ruleset (doc/bots.md) for a decision of g->nopts >= 2 options of a
       player: an option index below g->nopts, or -1 for the core's policy.  May draw from rng. */
    long (*bot_pick)(const wg_game *g, wg_pcg *rng);
    /* How many times its default iterations (doc/bots.md) the default budget gives the decision of g:
       a decision whose options lead far before the next quiet position may need more.  Applies to
       iterations=auto only; NULL: 1. */
    uint32_t (*bot_budget)(const wg_game *g);
    int (*turn)(const wg_game *g);
    /* NULL-terminated names of the data slots a host may supply (NULL: none); setup reads them with
       wg__game_data. */
    const char *const *data_slots;
    /* Piece i of the pieces on the map as `viewer` may see them: sets *count to their number (always),
       and for i < *count its side, space and (when label is non-NULL) its label; WG_ERANGE when
       i >= *count.  The order may depend only on what the viewer may see. NULL: no pieces. */
    int (*piece)(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label);
    /* Players (bit p) who may read the labels of the current chance decision (a draw from a pool only
       one side may look into); NULL: everyone. */
    uint32_t (*chance_viewers)(const wg_game *g);
    /* Size of g->scratch (0: none).  The core allocates it zeroed with the game (creation, clone,
       load) and frees it with the game; a clone's scratch starts zeroed. */
    size_t scratch_size;
    /* The scratch tells by itself which of its entries hold for the state (e.g. by a key and a
       generation): wg_game_fork_into keeps it as it is rather than clearing it. */
    bool scratch_keyed;
    /* The rule tag of event e as `viewer` may read it (static storage); a viewer the event does not
       show fully may need a tag that does not tell which of several rules applied.  NULL: the
       event's own tag for every viewer. */
    const char *(*event_rule)(const wg_game *g, const wg_event *e, int viewer);
    /* Re-samples in g every fact hidden from player `viewer`, consistently with what he has seen,
       drawing from rng (wg_game_determinize has already copied the game), with `scratch`, a block of
       determinize_scratch bytes the caller provides (NULL when that is 0; its contents are undefined
       on entry).  WG_OK or WG_ENOMEM.  NULL: the ruleset hides nothing. */
    int (*determinize)(wg_game *g, int viewer, wg_pcg *rng, void *scratch);
    size_t determinize_scratch;
    /* 1 when event e shows player `viewer` something hidden from him until then (a counter turned
       over, a card played); NULL: no event does. */
    int (*event_reveals)(const wg_game *g, const wg_event *e, int viewer);
    /* The rules revision (0 means 1): saves record it, and a save of another revision is refused
       with WG_EVERSION.  It goes up whenever a change alters what a decision log replays to (a
       golden log of tests/golden/ fails); tests/saves/README.md. */
    uint32_t rules_revision;
    /* Attribute keys per kind of object (WG_ATTR_PIECE, WG_ATTR_OPTION, WG_ATTR_SPACE), each array
       ended by {NULL, 0}; NULL: none beyond the core's (lib/core/view.c).  A ruleset's piece keys
       include "id", stable for the whole game. */
    const wg_attr_key *attr_keys[3];
    /* Attribute key (an index into attr_keys[of]) of object i for viewer: piece i as the viewer may
       see it (the order of piece()), option i of the current decision (enumerated, and the viewer
       may see it), space i.  Sets *iv (WG_ATTR_INT) or writes sb (WG_ATTR_TEXT); WG_ENOTFOUND when
       the object has no such attribute for that viewer (what he may not know is absent). */
    int (*attr)(const wg_game *g, int viewer, int of, size_t i, int key, int64_t *iv, wg_sb *sb);
    /* The players' name of a space (a printed hex number, a zone name); NULL: the map's name of the
       space, or its number when it has none. */
    void (*space_name)(const wg_game *g, int space, wg_sb *sb);
    /* The parameters option `action` of the current decision carries (wg_game_option_param_count):
       fills p[0 .. n-1] (n <= WG_MAX_PARAMS), sets *required, returns n.  NULL: no option has any. */
    int (*option_params)(const wg_game *g, uint64_t action, wg_param *p, int *required);
    /* Checks values already within their ranges against the rules that tie them; WG_OK, or
       WG_EILLEGAL with err naming the rule.  NULL: the ranges are the only rule. */
    int (*check_params)(const wg_game *g, uint64_t action, const int64_t *v, size_t n, char *err);
    /* Applies option `action` with its parameters (n of them, checked; n is 0 when optional ones
       were not given), as apply does. */
    int (*apply_params)(wg_game *g, uint64_t action, const int64_t *v, size_t n);
    /* Draws required parameters for the bot or a roll from rng (values the checks accept); NULL:
       each uniformly within its range (then check_params must accept every such draw). */
    void (*draw_params)(const wg_game *g, uint64_t action, wg_pcg *rng, int64_t *v);
    /* The odds of the described action for viewer (wg_game_odds): reads the fields of req with
       wg__odds_*, adds outcomes and modifiers to out; changes nothing in g but g->err.  On failure
       sets g->err (WG_EINVAL malformed, WG_ENOTFOUND no such piece/space, WG_ESTATE not possible or
       hidden, WG_ETABLEGAP, WG_ENOMEM).  NULL: the ruleset computes no odds. */
    int (*odds)(wg_game *g, int viewer, wg_odds_req *req, wg_odds_out *out);
    /* The provenance of the data the game uses (wg_game_provenance): one line per document, "SLOT:
       SOURCE; PROVENANCE"; sets *provisional to 1 when some of it is provisional.  NULL: the game
       uses the rulebook's printed data only. */
    void (*provenance)(const wg_game *g, wg_sb *sb, int *provisional);
    /* The name of player p (0 <= p < nplayers) in this game, for rulesets whose documents name the
       sides (static storage or the game's rdata); NULL: player_names[p]. */
    const char *(*player_name)(const wg_game *g, int p);
};

/* The name of player p of the game (ops->player_name, else ops->player_names). */
const char *wg__player_name(const wg_game *g, int p);

/* The names of the parameters of a roll entered as physical dice: "die 1" .. "die 16". */
extern const char *const wg__die_param_name[WG_MAX_PARAMS];

/* For ops->odds: field `key` of the request (marked read), NULL when absent. */
const char *wg__odds_arg(wg_odds_req *r, const char *key);
/* A required integer field in [lo, hi]; a failure sets g->err (WG_EINVAL). */
int wg__odds_int(wg_game *g, wg_odds_req *r, const char *key, int64_t lo, int64_t hi, int64_t *out);
/* A required list of integers (comma-separated, 1 .. cap of them); a failure sets g->err. */
int wg__odds_ints(wg_game *g, wg_odds_req *r, const char *key, int64_t *out, size_t cap, size_t *n);
/* A required space by its players' name (or its number); WG_EINVAL when absent, WG_ENOTFOUND when
   no space has that name; a failure sets g->err. */
int wg__odds_space(wg_game *g, wg_odds_req *r, const char *key, int *space);
/* Adds an outcome (label printf-style) / a modifier; WG_ENOMEM when out of memory. */
int wg__odds_outcome(wg_odds_out *o, uint64_t weight, const char *fmt, ...) WG__PRINTF(3, 4);
int wg__odds_modifier(wg_odds_out *o, const char *name, int64_t value, const char *rule, const char *fmt, ...)
    WG__PRINTF(5, 6);

/* Creates a game with an explicit ruleset (wg_game_new looks the ruleset up in the registry). */
int wg__game_new_ops(wg_game **out, wg_ctx *ctx, const wg_ruleset_ops *ops, const char *scenario,
                     const char *options, uint64_t seed);
/* Loads a saved game; with force_ops non-NULL the saved ruleset id must match it (tests of rulesets
   that are not in the registry). */
int wg__game_load_ops(wg_game **out, wg_ctx *ctx, const void *buf, size_t len, const wg_ruleset_ops *force_ops);

/* For rulesets (in setup): the host-supplied document of a slot. WG_ENOTFOUND when none was supplied
   (then use the bundled data). The bytes are NUL-terminated and live as long as the game. */
int wg__game_data(const wg_game *g, const char *slot, const char **buf, size_t *len);

/* For white-box tests that edit g->state directly: makes the current state the starting point of the
   log (undo and the restore after a failed step replay from here); events so far are kept. */
void wg__game_rebase(wg_game *g);

/* Registry (lib/registry.c). */
const wg_ruleset_ops *wg__ruleset_find(const char *id);

/* For rulesets: push an option during ops->options. */
int wg__opt_push(wg_game *g, uint64_t action, uint64_t weight);

/* For rulesets: record an event during ops->apply. Returns a pointer to fill a[] or NULL on ENOMEM
   (then apply must return WG_ENOMEM). visible: mask of players who see it fully (~0u for all). */
wg_event *wg__event(wg_game *g, int32_t kind, const char *rule, uint32_t visible);

/* For lib/core/view.c: check_viewer without a message; the option check of the *_for calls
   (refreshes the options; a failure gives back what it took); the name of a decision kind. */
int wg__game_check_viewer(const wg_game *g, int viewer);
int wg__game_options_for(wg_game *g, int viewer);
int wg__game_option_index(wg_game *g, int viewer, size_t i); /* options_for, then option i exists */
const char *wg__decision_kind_name(int kind);
/* For lib/core/svg.c: attribute `key` of object i as viewer may read it (iv for an integer key, sb
   for a text key; WG_ENOTFOUND when absent or of the other type); a space's players' name. */
int wg__attr_get(const wg_game *g, int viewer, int of, size_t i, const char *key, int64_t *iv, wg_sb *sb);
void wg__space_name(const wg_game *g, int space, wg_sb *sb);

/* For lib/core/bot.c: takes option idx of the current decision (refreshed, not over), with the
   parameters it requires drawn from rng; recorded as a choice (the parameters with it).  A failure
   changes nothing (a fork: see wg_game_fork). */
int wg__game_choose_drawn(wg_game *g, size_t idx, wg_pcg *rng);
/* For lib/core/bot.c: the option a weighted draw from rng picks among the current options (their
   chance weights; refreshed, at least one positive weight). */
size_t wg__game_draw_weighted(wg_game *g, wg_pcg *rng);
/* For lib/core/bot.c: re-samples in fork g what `viewer` cannot see, exactly as wg_game_determinize
   does with the same seed, in `scratch` (the ruleset's determinize_scratch bytes, kept by the
   caller: nothing is allocated).  WG_OK or a status with g->err set. */
int wg__game_determinize_fork(wg_game *g, int viewer, uint64_t seed, void *scratch);
/* Refreshes the option cache (WG_OK or a status with g->err set). */
int wg__game_refresh(wg_game *g);

/* For rulesets: add a table to the game (takes ownership). */
int wg__game_add_table(wg_game *g, wg_table *t);

#endif

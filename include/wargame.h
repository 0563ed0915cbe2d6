/**
 * @file wargame.h
 * @brief libwargame — the public C API (the one header of the library).
 *
 * libwargame referees Napoleonic wargames.  Everything hangs off opaque
 * handles created from a context (::wg_ctx) that owns the allocator.
 *
 * Conventions (the binding generator in bindings/gen relies on them):
 * - every function is declared on one logical declaration starting with
 *   `WG_API`; no varargs, no `static inline`, no struct bodies;
 * - fallible calls return an `int` status (::WG_OK or a negative
 *   ::wg_status); results come back through out-parameters placed first;
 * - text results are written into a caller buffer `(buf, cap, len)`: the
 *   text is always NUL-terminated when `cap > 0`, `*len` receives the full
 *   length without the NUL, and ::WG_EBUFSIZE is returned when `cap` was too
 *   small (call with `cap = 0` to learn the length); `len` may be NULL when
 *   the length is not wanted, except for ::wg_game_save, which needs it;
 * - an out-parameter that may be NULL says so; every other NULL pointer is
 *   ::WG_EINVAL;
 * - a returned `const char *` is documented as either `@ownership static`
 *   (lives for the whole program) or `@ownership borrowed` (lives as long as
 *   the handle it came from, until the next call that changes that handle);
 * - on any error a call changes nothing: handles stay exactly as they were,
 *   memory in use included, and the handle (or the context, for
 *   constructors) keeps a message that says what was wrong — except a call
 *   on const handles only (a *reader*, see @ref threads), which writes
 *   nothing: it returns its status and leaves the last message as it was;
 * - every function says whether it is a reader or a writer (@ref threads).
 */
#ifndef WARGAME_H
#define WARGAME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Marks an exported symbol of the shared library. */
#if defined(_WIN32) && defined(WG_BUILDING_LIBRARY) && !defined(WG_STATIC)
#define WG_API __declspec(dllexport)
#elif defined(_WIN32) && !defined(WG_STATIC)
#define WG_API __declspec(dllimport)
#elif defined(__GNUC__) && defined(WG_BUILDING_LIBRARY)
#define WG_API __attribute__((visibility("default")))
#else
#define WG_API
#endif

/* ======================================================================== */
/**
 * @defgroup threads Threads
 *
 * The library holds no global state: a call works on the handles it is given and on nothing else.
 * Every function's documentation names its kind:
 *
 * - a @b writer takes a non-const handle.  No other call on that handle may run at the same time,
 *   and no other writer on any handle of the same context: writers allocate through the context
 *   and write its statistics and messages.  Handles of one context are therefore used by one
 *   writing thread at a time.
 * - a @b reader takes only const handles and allocates nothing.  It writes nothing — not even the
 *   handle's last message: a failing reader returns its status and leaves `wg_*_errmsg` as it was
 *   (the one exception to "the message is on the handle"; ::wg_status_str names the status).
 *   Readers of one handle may run at the same time on several threads, and at the same time as
 *   calls on other handles, but not at the same time as a writer of the same handle.
 * - ::wg_game_clone, ::wg_game_determinize and ::wg_game_new_setup read their const handle but
 *   allocate in its context: they are writers of that context.  ::wg_game_clone_to reads the game
 *   (a reader of it) and writes only the context it is given: clones of one game into several
 *   contexts may be made at the same time on several threads.
 * - a call that takes no handle (versions, status names, hex geometry, dice distributions, the
 *   ruleset registry) may run on any thread at any time.
 *
 * Handles of different contexts are independent: calls on them may run at the same time on
 * different threads.  This holds also for games that share read-only data — the map, the order of
 * battle, host-supplied documents and the ruleset's data — with their source through
 * ::wg_game_clone_to: the data are only read during play, their reference counts are atomic, and
 * they stay owned by the context that made them (freed through its allocator, from the thread
 * that frees the last game holding them; that context's ::wg_ctx_free returns ::WG_EBUSY while
 * clones elsewhere hold its data).  An allocator given to ::wg_ctx_new must be safe to call from
 * those threads when games of its context are cloned into other contexts; the default allocator
 * is.  The statistics of ::wg_ctx_memory_in_use and its siblings are readers and may be read at
 * any time.  Callbacks (the allocator, the map search and line-of-sight callbacks) run on the
 * thread of the call that invokes them.
 *
 * Proof: tests/public/test_threads.c, run under ThreadSanitizer by `tools/test.sh`: clones of one
 * game play on four threads in four contexts with the map and ruleset data shared, with the results
 * of a serial run, and four threads make every reader call on one game at once.
 */

/* ======================================================================== */
/** @defgroup version Version
 *
 * The library's version at compile time (macros) and at run time (functions): a host checks that
 * the library it loaded has the major version (the ABI) it was built against.
 *  @{ */

/** @brief Major version: changes only when the ABI breaks (the SOVERSION). */
#define WG_VERSION_MAJOR 0
/** @brief Minor version: grows with backward-compatible additions. */
#define WG_VERSION_MINOR 1
/** @brief Patch version: fixes only. */
#define WG_VERSION_PATCH 0
/** @brief The version as one number: major*10000 + minor*100 + patch. */
#define WG_VERSION_NUMBER (WG_VERSION_MAJOR * 10000 + WG_VERSION_MINOR * 100 + WG_VERSION_PATCH)
/** @brief The version as a string "major.minor.patch". */
#define WG_VERSION_STRING "0.1.0"

/**
 * @brief The run-time version string of the library, e.g. "0.1.0".
 * @ownership static
 * @threads_any
 */
WG_API const char *wg_version(void);

/**
 * @brief The run-time version number (same encoding as ::WG_VERSION_NUMBER).
 * @threads_any
 */
WG_API uint32_t wg_version_number(void);

/** @} */

/* ======================================================================== */
/** @defgroup status Status codes
 *
 * Every call that can fail returns a status: ::WG_OK or a negative code.  A failed call changes
 * nothing and leaves a one-line message on the handle (or on the context for a constructor) that
 * names the argument, the rule or the record at fault.
 *  @{ */

/** @brief Status codes. The values are fixed forever. */
typedef enum wg_status {
    WG_OK = 0,          /**< success */
    WG_EINVAL = -1,     /**< an argument is invalid (NULL handle or pointer, bad flag) */
    WG_ENOMEM = -2,     /**< the allocator failed or the memory limit was reached */
    WG_ERANGE = -3,     /**< an id or index is out of range */
    WG_ESTATE = -4,     /**< the call is not valid in the current state */
    WG_EILLEGAL = -5,   /**< the decision is not legal under the rules */
    WG_ECORRUPT = -6,   /**< saved or supplied bytes are corrupt or truncated */
    WG_EVERSION = -7,   /**< saved data has an unsupported format version */
    WG_EPARSE = -8,     /**< a text data file does not parse */
    WG_ETABLEGAP = -9,  /**< the table cell is not printed and was not supplied */
    WG_ENOTFOUND = -10, /**< no such name (ruleset, scenario, table, attribute, space) */
    WG_ERULESET = -11,  /**< the handle belongs to another ruleset or map kind */
    WG_EBUFSIZE = -12,  /**< the output buffer is too small (see *len) */
    WG_EDATA = -13,     /**< required game data is missing */
    WG_EBUSY = -14,     /**< the context still owns live handles */
    WG_EOVERFLOW = -15  /**< a result does not fit the output type */
} wg_status;

/**
 * @brief A short English description of a status code.
 * @ownership static
 * @threads_any
 */
WG_API const char *wg_status_str(int status);

/** @} */

/* ======================================================================== */
/** @defgroup ctx Context and memory
 *
 * A context owns an allocator (the caller's or the library's), a memory limit, memory statistics
 * and the messages of constructors.  Every handle belongs to one context; a context is freed
 * after its handles.  The library has no global state.
 *  @{ */

/** @brief A context: the allocator, memory statistics and constructor errors. */
typedef struct wg_ctx wg_ctx;

/**
 * @brief Allocator of the Lua `lua_Alloc` shape.
 *
 * Called with `nsize == 0` to free `ptr` (must return NULL), otherwise to
 * allocate (`ptr == NULL`) or resize `ptr` from `osize` to `nsize` bytes;
 * returns NULL on failure (the old block is then left untouched).
 */
typedef void *(*wg_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

/**
 * @brief Creates a context.
 * @param out receives the new context
 * @param alloc the allocator, or NULL for the default (libc) allocator
 * @param ud opaque pointer passed to every call of @p alloc
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_ctx_new(wg_ctx **out, wg_alloc_fn alloc, void *ud);

/**
 * @brief Frees a context that owns no live handle.
 * @return ::WG_OK (also for NULL); ::WG_EBUSY (nothing freed) while maps, tables, orders of
 *         battle, random generators or games made from it are alive, or data it made are
 *         shared with clones in other contexts (::wg_game_clone_to)
 * @threads_writer
 */
WG_API int wg_ctx_free(wg_ctx *ctx);

/**
 * @brief Sets a limit on the bytes the context may hold at once (0 = none).
 * @return ::WG_OK, ::WG_EINVAL
 * @threads_writer
 */
WG_API int wg_ctx_set_memory_limit(wg_ctx *ctx, size_t limit);

/**
 * @brief Bytes currently allocated through the context.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_ctx_memory_in_use(size_t *out, const wg_ctx *ctx);

/**
 * @brief The largest number of bytes ever allocated at once through the context.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_ctx_memory_peak(size_t *out, const wg_ctx *ctx);

/**
 * @brief Number of successful allocations and resizes made through the context so far.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_ctx_alloc_count(uint64_t *out, const wg_ctx *ctx);

/**
 * @brief Number of live handles owned by the context.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_ctx_live_handles(size_t *out, const wg_ctx *ctx);

/**
 * @brief The message of the last failed constructor or context call.
 * @ownership borrowed
 * @threads_reader
 */
WG_API const char *wg_ctx_errmsg(const wg_ctx *ctx);

/** @} */

/* ======================================================================== */
/** @defgroup rng Random numbers and dice
 *
 * A seeded PCG32 generator, and the exact distributions of dice sums and counts that the odds
 * calls are built on.  Games own their generators: these calls are for hosts and tools.
 *  @{ */

/** @brief A PCG32 random generator (deterministic for a seed and stream). */
typedef struct wg_rng wg_rng;

/**
 * @brief Creates a generator.
 * @param out receives the generator
 * @param ctx the owning context
 * @param seed the seed
 * @param stream the stream selector (any value; different streams are independent)
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 *         also ::WG_ENOMEM (out of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_rng_new(wg_rng **out, wg_ctx *ctx, uint64_t seed, uint64_t stream);

/**
 * @brief Frees a generator (NULL is ignored).
 * @threads_writer
 */
WG_API void wg_rng_free(wg_rng *rng);

/**
 * @brief Draws 32 uniformly random bits.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_writer
 */
WG_API int wg_rng_u32(uint32_t *out, wg_rng *rng);

/**
 * @brief Draws a uniform integer in [0, bound) without modulo bias.
 * @return ::WG_OK, ::WG_EINVAL (NULL or bound == 0)
 * @threads_writer
 */
WG_API int wg_rng_below(uint32_t *out, wg_rng *rng, uint32_t bound);

/**
 * @brief Exact distribution of the sum of @p ndice dice of @p sides faces (1..sides).
 *
 * `out[k]` receives the number of the `sides^ndice` equally likely outcomes
 * whose sum is `ndice + k`, for k in [0, ndice*(sides-1)].
 * @param out counts; may be NULL when @p cap is 0
 * @param cap capacity of @p out in elements
 * @param len receives the number of entries, ndice*(sides-1)+1
 * @param ndice the number of dice (at least 1)
 * @param sides the faces of each die (at least 1)
 * @return ::WG_OK, ::WG_EINVAL (sides < 1, ndice < 1), ::WG_EBUFSIZE, ::WG_EOVERFLOW
 * @threads_any
 */
WG_API int wg_dice_sum_dist(uint64_t *out, size_t cap, size_t *len, unsigned ndice, unsigned sides);

/**
 * @brief Exact distribution of how many of @p ndice dice show a "hit".
 *
 * Each die has @p sides faces of which @p hit_faces count as a hit (a custom
 * die such as the C&C battle die: 6 faces, 2 infantry symbols).
 * `out[k]` receives the number of the `sides^ndice` equally likely outcomes
 * with exactly k hits, k in [0, ndice]; @p out may be NULL when @p cap is 0.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_EBUFSIZE, ::WG_EOVERFLOW
 * @threads_any
 */
WG_API int wg_dice_count_dist(uint64_t *out, size_t cap, size_t *len, unsigned ndice, unsigned sides,
                              unsigned hit_faces);

/**
 * @brief `sides^ndice`, the number of equally likely outcomes.
 * @return ::WG_OK, ::WG_EINVAL (NULL, or sides < 1), ::WG_EOVERFLOW (sides^ndice does not fit 64 bits)
 * @threads_any
 */
WG_API int wg_dice_outcomes(uint64_t *out, unsigned ndice, unsigned sides);

/** @} */

/* ======================================================================== */
/** @defgroup hex Hex geometry (pure functions)
 *
 * Axial coordinates (q, r) with cube s = -q - r.  Direction d (0..5) is
 * the axial step (+1,-1) (+1,0) (0,+1) (-1,+1) (-1,0) (0,-1), going round
 * the hex clockwise (for flat-topped hexes: north-east, south-east, south,
 * south-west, north-west, north).  Offset coordinates (col, row) follow one
 * of four layouts.  Coordinates and radii beyond +-16777216 (2^24) are
 * rejected with ::WG_EINVAL.
 *  @{ */

/** @brief Offset-coordinate layouts. */
typedef enum wg_hex_layout {
    WG_HEX_ODD_Q = 0,  /**< flat-topped, odd columns shoved down */
    WG_HEX_EVEN_Q = 1, /**< flat-topped, even columns shoved down */
    WG_HEX_ODD_R = 2,  /**< pointy-topped, odd rows shoved right */
    WG_HEX_EVEN_R = 3  /**< pointy-topped, even rows shoved right */
} wg_hex_layout;

/**
 * @brief Converts offset (col, row) to axial (q, r). @return ::WG_OK, ::WG_EINVAL
 * @threads_any
 */
WG_API int wg_hex_offset_to_axial(int *q, int *r, int col, int row, int layout);

/**
 * @brief Converts axial (q, r) to offset (col, row). @return ::WG_OK, ::WG_EINVAL
 * @threads_any
 */
WG_API int wg_hex_axial_to_offset(int *col, int *row, int q, int r, int layout);

/**
 * @brief Distance in hexes between two axial hexes (never fails).
 * @threads_any
 */
WG_API int wg_hex_distance(int q1, int r1, int q2, int r2);

/**
 * @brief The neighbour of (q, r) in direction @p dir (0..5). @return ::WG_OK, ::WG_EINVAL
 * @threads_any
 */
WG_API int wg_hex_neighbor(int *q, int *r, int q0, int r0, int dir);

/**
 * @brief The hexes at exactly @p radius from (q, r), in ring order.
 *
 * The ring starts at the hex @p radius steps away in direction 5 and goes
 * clockwise (directions 1, 2, ..., 0).  Writes up to @p cap hexes to
 * @p qs / @p rs and the total count to @p count
 * (1 for radius 0, 6*radius otherwise).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_EBUFSIZE
 * @threads_any
 */
WG_API int wg_hex_ring(int *qs, int *rs, size_t cap, size_t *count, int q, int r, int radius);

/**
 * @brief The hexes within @p radius of (q, r) (the centre first, then ring by ring).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_EBUFSIZE
 * @threads_any
 */
WG_API int wg_hex_range(int *qs, int *rs, size_t cap, size_t *count, int q, int r, int radius);

/**
 * @brief The hexes on the straight line from hex 1 to hex 2, both included.
 *
 * Where the line runs exactly along a hex-side, @p alt_qs / @p alt_rs (may be
 * NULL) receive the other candidate hex for that step (equal to the main one
 * elsewhere), so line-of-sight rules that look at both hexes can.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_EBUFSIZE
 * @threads_any
 */
WG_API int wg_hex_line(int *qs, int *rs, int *alt_qs, int *alt_rs, size_t cap, size_t *count, int q1, int r1,
                       int q2, int r2);

/**
 * @brief A canonical key for the hex-side between (q, r) and its neighbour in @p dir.
 *
 * The two hexes sharing a side get the same key.
 * @return ::WG_OK, ::WG_EINVAL
 * @threads_any
 */
WG_API int wg_hexside_key(uint64_t *key, int q, int r, int dir);

/** @} */

/* ======================================================================== */
/** @defgroup data Line-oriented data format
 *
 * The one text format of the library (maps, tables, orders of battle,
 * scenario data); see doc/data-format.md.  One record per line: a keyword
 * then fields separated by blanks; `#` starts a comment; fields with blanks
 * are double-quoted with `\"`, `\\` and `\n` escapes.  The first record is
 * `wgdata 1 KIND`.
 *  @{ */

/** @brief A parsed data document (records of fields). */
typedef struct wg_data wg_data;

/**
 * @brief Parses a document from memory (the buffer is copied).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ENOMEM, ::WG_EPARSE (the context message names the line)
 * @threads_writer
 */
WG_API int wg_data_parse(wg_data **out, wg_ctx *ctx, const char *buf, size_t len);

/**
 * @brief Frees a document (NULL is ignored).
 * @threads_writer
 */
WG_API void wg_data_free(wg_data *doc);

/**
 * @brief The document kind given by the `wgdata 1 KIND` header. @ownership borrowed
 * @threads_reader
 */
WG_API const char *wg_data_kind(const wg_data *doc);

/**
 * @brief Number of records (the header record not counted).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_data_record_count(size_t *out, const wg_data *doc);

/**
 * @brief Number of fields of record @p rec, keyword included.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_data_field_count(size_t *out, const wg_data *doc, size_t rec);

/**
 * @brief Field @p field of record @p rec (field 0 is the keyword). @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_data_field(const char **out, const wg_data *doc, size_t rec, size_t field);

/**
 * @brief The 1-based source line of record @p rec.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_data_line(size_t *out, const wg_data *doc, size_t rec);

/**
 * @brief The last error message of the document. @ownership borrowed
 * @threads_reader
 */
WG_API const char *wg_data_errmsg(const wg_data *doc);

/** @} */

/* ======================================================================== */
/** @defgroup map Maps: hex grids and zone graphs
 *
 * A map is a set of spaces (hexes or zones), numbered from 0.  Each space
 * has a terrain code, flags (a ruleset-defined bit set) and an optional
 * name.  Hex maps also have hex-side flags; zone graphs have typed
 * connections with costs.
 *  @{ */

/** @brief A playing surface. */
typedef struct wg_map wg_map;

/** @brief Kinds of map. */
typedef enum wg_map_kind {
    WG_MAP_HEX = 1,  /**< hex grid with hex-sides */
    WG_MAP_GRAPH = 2, /**< zones joined by typed connections */
    WG_MAP_TABLE = 3  /**< a continuous table: terrain areas, lines and places (@ref tabletop) */
} wg_map_kind;

/**
 * @brief Step-cost callback for hex reachability.
 * @param cost receives the cost of entering @p to from @p from; a negative cost forbids the step
 * @param stop receives non-zero when movement must end in @p to
 * @param from the space left
 * @param to the space entered
 * @param dir the direction of the step (0..5)
 * @param payload the caller's pointer
 * @return ::WG_OK or a status that aborts the search and is returned
 */
typedef int (*wg_step_fn)(int *cost, int *stop, int from, int to, int dir, void *payload);

/**
 * @brief Connection filter callback for zone-graph searches.
 * @param cost receives the cost of using connection @p conn (start it with the connection's own cost); negative forbids it
 * @param conn the connection id
 * @param from the zone left
 * @param to the zone entered
 * @param payload the caller's pointer
 * @return ::WG_OK or a status that aborts the search and is returned
 */
typedef int (*wg_conn_fn)(int *cost, int conn, int from, int to, void *payload);

/**
 * @brief Line-of-sight callback: does space @p space block sight?
 * @param blocks receives non-zero when the space blocks
 * @param space an intermediate space on the line
 * @param payload the caller's pointer
 */
typedef int (*wg_blocks_fn)(int *blocks, int space, void *payload);

/**
 * @brief Creates an empty hex map of @p cols x @p rows (all terrain 0).  On failure @p *out is
 *        NULL.
 *
 * Hex (col, row) is space `row * cols + col`.  @p cols and @p rows run from
 * 1 to 4096; @p layout is a ::wg_hex_layout.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE, ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_map_new_hex(wg_map **out, wg_ctx *ctx, int cols, int rows, int layout);

/**
 * @brief Creates an empty zone graph.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOMEM (out
 *         of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_map_new_graph(wg_map **out, wg_ctx *ctx);

/**
 * @brief Builds a map from a data document of kind `map` (see doc/data-format-map.md).
 *
 * Every numeric field has a documented range (doc/data-format-map.md, "Ranges": grid sides
 * 1..4096, connection costs 0..9999); a value outside it is ::WG_EPARSE naming the line and the
 * field.  On failure @p *out is NULL.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ENOMEM, ::WG_EPARSE (message names the line)
 * @threads_writer
 */
WG_API int wg_map_load(wg_map **out, wg_ctx *ctx, const char *buf, size_t len);

/**
 * @brief Frees a map (NULL is ignored).  A map given to a game stays alive until the game is freed.
 * @threads_writer
 */
WG_API void wg_map_free(wg_map *map);

/**
 * @brief The last error message of the map. @ownership borrowed
 * @threads_reader
 */
WG_API const char *wg_map_errmsg(const wg_map *map);

/**
 * @brief The kind of the map (::wg_map_kind).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_map_kind_of(int *out, const wg_map *map);

/**
 * @brief Number of spaces (hexes or zones).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_map_space_count(int *out, const wg_map *map);

/**
 * @brief Sets the terrain code of a space.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_writer
 */
WG_API int wg_map_set_terrain(wg_map *map, int space, int terrain);

/**
 * @brief The terrain code of a space.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_map_terrain(int *out, const wg_map *map, int space);

/**
 * @brief Sets the flags of a space.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_writer
 */
WG_API int wg_map_set_flags(wg_map *map, int space, uint32_t flags);

/**
 * @brief The flags of a space.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_map_flags(uint32_t *out, const wg_map *map, int space);

/**
 * @brief Names a space (the text is copied; NULL removes the name).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ENOMEM (out of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_map_set_name(wg_map *map, int space, const char *name);

/**
 * @brief The name of a space, or "" when unnamed. @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_map_name(const char **out, const wg_map *map, int space);

/**
 * @brief Finds the space with this exact name. @return ::WG_OK, ::WG_ENOTFOUND
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_map_find(int *out, const wg_map *map, const char *name);

/**
 * @brief Columns, rows and layout of a hex map.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERULESET (a zone graph)
 * @threads_reader
 */
WG_API int wg_map_hex_size(int *cols, int *rows, int *layout, const wg_map *map);

/**
 * @brief The space id of hex (col, row).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (off the map), ::WG_ERULESET (a zone
 *         graph)
 * @threads_reader
 */
WG_API int wg_map_hex_at(int *out, const wg_map *map, int col, int row);

/**
 * @brief The offset coordinates of a hex.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ERULESET (the call does not apply to this kind of map: a hex
 *         call on a zone graph, or the reverse)
 * @threads_reader
 */
WG_API int wg_map_hex_coords(int *col, int *row, const wg_map *map, int space);

/**
 * @brief The neighbour of a hex in @p dir (0..5).
 *
 * The directions are those of the map data format, in this order: on a flat-topped map (odd-q,
 * even-q) 0 ne, 1 se, 2 s, 3 sw, 4 nw, 5 n; on a pointy-topped map (odd-r, even-r) 0 ne, 1 e,
 * 2 se, 3 sw, 4 w, 5 nw.
 * @return ::WG_OK, ::WG_EINVAL (NULL, or a direction outside 0..5), ::WG_ERANGE (no such space),
 *         ::WG_ERULESET (a zone graph), ::WG_ENOTFOUND (off the map)
 * @threads_reader
 */
WG_API int wg_map_hex_neighbor(int *out, const wg_map *map, int space, int dir);

/**
 * @brief Distance in hexes between two hexes of the map.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ERULESET (the call does not apply to this kind of map: a hex
 *         call on a zone graph, or the reverse)
 * @threads_reader
 */
WG_API int wg_map_hex_distance(int *out, const wg_map *map, int a, int b);

/**
 * @brief Sets the flags of the hex-side of @p space in direction @p dir (seen from both sides).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ERULESET (the call does not apply to this kind of map: a hex
 *         call on a zone graph, or the reverse)
 * @threads_writer
 */
WG_API int wg_map_set_hexside(wg_map *map, int space, int dir, uint32_t flags);

/**
 * @brief The flags of the hex-side of @p space in direction @p dir.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ERULESET (the call does not apply to this kind of map: a hex
 *         call on a zone graph, or the reverse)
 * @threads_reader
 */
WG_API int wg_map_hexside(uint32_t *out, const wg_map *map, int space, int dir);

/**
 * @brief The hexes reachable from @p start within @p budget movement points.
 *
 * Costs come from @p step (terrain, hex-sides, zones of control ...); a
 * step with `*stop` set ends movement in the hex entered; @p step NULL makes
 * every step cost 1.  Writes up to @p cap spaces and their least costs
 * (@p costs may be NULL), start first with cost 0, then in order of
 * nondecreasing cost, and the total count to @p count.  The outputs are
 * written only when the search completes.  The callback must not start
 * another search on the same map (that search fails with ::WG_ESTATE).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE, ::WG_ERULESET (zone graph), ::WG_EBUFSIZE,
 *         ::WG_ENOMEM, ::WG_ESTATE, or the callback's status
 *         (or the status a callback returned)
 *         (or the status a callback returned)
 * @threads_writer
 */
WG_API int wg_map_hex_reach(int *spaces, int *costs, size_t cap, size_t *count, wg_map *map, int start,
                            int budget, wg_step_fn step, void *payload);

/**
 * @brief Line of sight between two hexes.
 *
 * Sight is blocked when an intermediate hex blocks; where the line runs
 * along a hex-side it is blocked only when both hexes of that side block.
 * The two end hexes never block, and a candidate hex off the map does not
 * block.  @p blocks is called only for intermediate hexes on the map.
 * @param visible receives 1 when there is line of sight, 0 otherwise
 * @param map the hex map
 * @param a the space seen from
 * @param b the space looked at
 * @param blocks says whether an intermediate space blocks sight
 * @param payload the caller's pointer, passed to @p blocks
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ERULESET (the call does not apply to this kind of map: a hex
 *         call on a zone graph, or the reverse), ::WG_EDATA (the data are inconsistent); or the
 *         status a callback returned
 * @threads_writer
 */
WG_API int wg_map_hex_los(int *visible, wg_map *map, int a, int b, wg_blocks_fn blocks, void *payload);

/**
 * @brief Adds a zone to a graph (zone names are unique; NULL or "" leaves it unnamed).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERULESET
 *         (the call does not apply to this kind of map: a hex call on a zone graph, or the
 *         reverse), ::WG_ENOMEM (out of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_map_zone_add(int *out, wg_map *map, const char *name);

/**
 * @brief Adds a connection of type @p type (ruleset-defined) and cost @p cost between two zones.
 *
 * The new connection's id is stored in @p out unless @p out is NULL.
 * @p cost is 0..9999.  A failing call leaves the map and the memory in use as they were.
 * @return ::WG_OK, ::WG_EINVAL (same zone twice, negative type or cost), ::WG_ERANGE (a zone out of
 *         range, a cost above 9999), ::WG_ERULESET, ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_map_conn_add(int *out, wg_map *map, int a, int b, int type, int cost);

/**
 * @brief Number of connections of a graph.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERULESET
 *         (the call does not apply to this kind of map: a hex call on a zone graph, or the
 *         reverse)
 * @threads_reader
 */
WG_API int wg_map_conn_count(int *out, const wg_map *map);

/**
 * @brief The ends, type and cost of a connection.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ERULESET (the call does not apply to this kind of map: a hex
 *         call on a zone graph, or the reverse)
 * @threads_reader
 */
WG_API int wg_map_conn_info(int *a, int *b, int *type, int *cost, const wg_map *map, int conn);

/**
 * @brief Number of connections touching a zone.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ERULESET (the call does not apply to this kind of map: a hex
 *         call on a zone graph, or the reverse)
 * @threads_reader
 */
WG_API int wg_map_zone_degree(int *out, const wg_map *map, int zone);

/**
 * @brief The @p i-th connection touching a zone.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ERULESET (the call does not apply to this kind of map: a hex
 *         call on a zone graph, or the reverse)
 * @threads_reader
 */
WG_API int wg_map_zone_conn(int *out, const wg_map *map, int zone, int i);

/**
 * @brief Least-cost path between two zones.
 *
 * @p filter (may be NULL: each connection costs its own cost) prices or
 * forbids each connection ("free of enemy units", "passable for cavalry").
 * Writes up to @p cap zones of the
 * path, @p from first and @p to last, the zone count to @p count and the
 * total cost to @p total.
 * @return ::WG_OK, ::WG_ENOTFOUND (no path), ::WG_EBUFSIZE, ::WG_ENOMEM, ...
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ERULESET (the call does not apply to this kind of map: a hex
 *         call on a zone graph, or the reverse); or the status a callback returned
 *         (or the status a callback returned)
 * @threads_writer
 */
WG_API int wg_map_zone_path(int *zones, size_t cap, size_t *count, int *total, wg_map *map, int from, int to,
                            wg_conn_fn filter, void *payload);

/**
 * @brief Zones reachable from @p from within @p budget (least costs).
 *
 * @p from comes first with cost 0, then the zones in order of
 * nondecreasing cost (@p costs may be NULL).
 * @return ::WG_OK, ::WG_EBUFSIZE, ::WG_ENOMEM, ...
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ERULESET (the call does not apply to this kind of map: a hex
 *         call on a zone graph, or the reverse); or the status a callback returned
 *         (or the status a callback returned)
 * @threads_writer
 */
WG_API int wg_map_zone_reach(int *zones, int *costs, size_t cap, size_t *count, wg_map *map, int from, int budget,
                             wg_conn_fn filter, void *payload);

/**
 * @brief The title of the map ("" when it has none).
 * @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_map_title(const char **out, const wg_map *map);

/**
 * @brief Declares (or finds) the terrain named @p name and returns its code (0, 1, 2, ... in order).
 * @return ::WG_OK, ::WG_EINVAL (NULL, empty name, blank or '=' in the name), ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_map_declare_terrain(int *code, wg_map *map, const char *name);

/**
 * @brief Declares (or finds) the space flag named @p name and returns its bit number (0..31).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_EOVERFLOW (32 flags already), ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_map_declare_flag(int *bit, wg_map *map, const char *name);

/**
 * @brief Declares (or finds) the hex-side flag named @p name and returns its bit number (0..31).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_EOVERFLOW (32 flags already), ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_map_declare_sideflag(int *bit, wg_map *map, const char *name);

/**
 * @brief Declares (or finds) the connection type named @p name and returns its code.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_map_declare_conntype(int *code, wg_map *map, const char *name);

/**
 * @brief The code of a declared terrain. @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_terrain_code(int *out, const wg_map *map, const char *name);

/**
 * @brief The name of a declared terrain code. @ownership borrowed @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_terrain_name(const char **out, const wg_map *map, int code);

/**
 * @brief Number of declared terrains.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_map_terrain_count(int *out, const wg_map *map);

/**
 * @brief The bit number (0..31) of a declared space flag. @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_flag_bit(int *out, const wg_map *map, const char *name);

/**
 * @brief The name of a declared space flag bit. @ownership borrowed @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_flag_name(const char **out, const wg_map *map, int bit);

/**
 * @brief Number of declared space flags.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_map_flag_count(int *out, const wg_map *map);

/**
 * @brief The bit number (0..31) of a declared hex-side flag. @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_sideflag_bit(int *out, const wg_map *map, const char *name);

/**
 * @brief The name of a declared hex-side flag bit. @ownership borrowed @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_sideflag_name(const char **out, const wg_map *map, int bit);

/**
 * @brief Number of declared hex-side flags.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_map_sideflag_count(int *out, const wg_map *map);

/**
 * @brief The code of a declared connection type. @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_conntype_code(int *out, const wg_map *map, const char *name);

/**
 * @brief The name of a declared connection type. @ownership borrowed @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_conntype_name(const char **out, const wg_map *map, int code);

/**
 * @brief Number of declared connection types.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_map_conntype_count(int *out, const wg_map *map);

/** @} */

/* ======================================================================== */
/** @defgroup tabletop Tables: continuous playing surfaces and exact geometry
 *
 * A table map (::WG_MAP_TABLE) is a rectangle of continuous space: coordinates are integers in
 * hundredths of a millimetre of table (::WG_TABLE_UNIT per millimetre; a "pace" of Les Aigles is
 * one millimetre at the 25 mm scale), x along the width and y along the depth from the corner
 * (0, 0), angles counter-clockwise.  Its spaces are **areas**: simple polygons with a terrain,
 * flags, a name and a level (the ground they stand on: a hill is an area of level 1 or more).
 * It also holds **lines** (polylines of a declared line type — roads, streams, rivers, hedges,
 * walls, crests — with a level and a name) and **places** (named points).  Later areas lie on
 * top of earlier ones.  Documents: doc/data-format-map.md, "Tables".
 *
 * The `wg_geom_*` calls are exact predicates on shapes given as flat arrays of coordinates: 2
 * values are a point, 4 a segment, 6 or more (an even count, at most 2 × ::WG_GEOM_MAX_POINTS) a
 * simple polygon.  Every coordinate lies within ±::WG_GEOM_MAX; every computation is integer
 * (64- and 128-bit), so a result is the same on every machine and never drifts in a replay.
 *  @{ */

/** @brief Coordinates per millimetre of table. */
#define WG_TABLE_UNIT 100
/** @brief The largest width or depth of a table, in coordinates (100 m). */
#define WG_TABLE_MAX_SIZE 10000000
/** @brief The bound of every coordinate and facing component given to a `wg_geom_*` call. */
#define WG_GEOM_MAX 16777216
/** @brief The most points of one area, line or polygon. */
#define WG_GEOM_MAX_POINTS 1024

/** @brief The faces of a base, in the order of its edges (wg_geom_base_corners()). */
typedef enum wg_face {
    WG_FACE_FRONT = 0, /**< front-left to front-right */
    WG_FACE_RIGHT = 1, /**< front-right to rear-right */
    WG_FACE_REAR = 2,  /**< rear-right to rear-left */
    WG_FACE_LEFT = 3   /**< rear-left to front-left */
} wg_face;

/**
 * @brief Creates an empty table of @p width × @p depth coordinates (1..::WG_TABLE_MAX_SIZE each).
 *        On failure @p *out is NULL.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (a size outside 1..::WG_TABLE_MAX_SIZE),
 *         ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_map_new_table(wg_map **out, wg_ctx *ctx, int32_t width, int32_t depth);

/**
 * @brief The width and depth of a table, in coordinates.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERULESET (not a table)
 * @threads_reader
 */
WG_API int wg_map_table_size(int32_t *width, int32_t *depth, const wg_map *map);

/**
 * @brief Adds an area: a simple polygon of @p nxy / 2 points (3..::WG_GEOM_MAX_POINTS) given as x0,
 *        y0, x1, y1, …, all on the table, with a declared terrain and a level (-100..100).  Its
 *        space id is returned in @p out (name and flags are set with wg_map_set_name() and
 *        wg_map_set_flags()).
 *
 * A polygon whose edges cross or touch other than at their shared corners, or with a zero-length
 * edge, is refused with a message naming the two edges.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, an odd count, a polygon that is not simple, an
 *         undeclared terrain), ::WG_ERANGE (a point off the table, too few or too many points, a
 *         level outside -100..100), ::WG_ERULESET (not a table), ::WG_ENOMEM (nothing changed)
 * @threads_writer
 */
WG_API int wg_map_area_add(int *out, wg_map *map, int terrain, int level, const int32_t *xy, size_t nxy);

/**
 * @brief The level of an area (the ground it stands on).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no such space), ::WG_ERULESET (not a table)
 * @threads_reader
 */
WG_API int wg_map_area_level(int *out, const wg_map *map, int space);

/**
 * @brief The points of an area as x0, y0, x1, y1, …  @p count receives the number of values (twice
 *        the points); with @p cap too small, ::WG_EBUFSIZE and nothing is written.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no such space), ::WG_ERULESET (not a
 *         table), ::WG_EBUFSIZE
 * @threads_reader
 */
WG_API int wg_map_area_points(int32_t *xy, size_t cap, size_t *count, const wg_map *map, int space);

/**
 * @brief Declares a line type (or returns the code of one declared already).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an invalid name), ::WG_ENOMEM (nothing changed)
 * @threads_writer
 */
WG_API int wg_map_declare_linetype(int *code, wg_map *map, const char *name);

/**
 * @brief The code of a declared line type.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_linetype_code(int *out, const wg_map *map, const char *name);

/**
 * @brief The name of a line type. @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_linetype_name(const char **out, const wg_map *map, int code);

/**
 * @brief Number of declared line types.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer)
 * @threads_reader
 */
WG_API int wg_map_linetype_count(int *out, const wg_map *map);

/**
 * @brief Adds a line: a polyline of @p nxy / 2 points (2..::WG_GEOM_MAX_POINTS, no zero-length
 *        piece) on the table, of a declared line type, with a level (-100..100) and an optional name
 *        (NULL or "" for none).  Lines are numbered 0, 1, … in order.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, an odd count, a zero-length piece, an undeclared
 *         type), ::WG_ERANGE (a point off the table, too few or too many points, a level outside
 *         -100..100), ::WG_ERULESET (not a table), ::WG_ENOMEM (nothing changed)
 * @threads_writer
 */
WG_API int wg_map_line_add(int *out, wg_map *map, int type, int level, const char *name, const int32_t *xy,
                           size_t nxy);

/**
 * @brief Number of lines of a table.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERULESET (not a table)
 * @threads_reader
 */
WG_API int wg_map_line_count(int *out, const wg_map *map);

/**
 * @brief The type and level of a line.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no such line), ::WG_ERULESET (not a table)
 * @threads_reader
 */
WG_API int wg_map_line_info(int *type, int *level, const wg_map *map, int line);

/**
 * @brief The name of a line ("" for none). @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no such line), ::WG_ERULESET (not a table)
 * @threads_reader
 */
WG_API int wg_map_line_name(const char **out, const wg_map *map, int line);

/**
 * @brief The points of a line as x0, y0, x1, y1, … (see wg_map_area_points()).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no such line), ::WG_ERULESET (not a
 *         table), ::WG_EBUFSIZE
 * @threads_reader
 */
WG_API int wg_map_line_points(int32_t *xy, size_t cap, size_t *count, const wg_map *map, int line);

/**
 * @brief Adds a place: a named point of the table (names are unique, not empty).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, an empty or repeated name), ::WG_ERANGE (off the
 *         table), ::WG_ERULESET (not a table), ::WG_ENOMEM (nothing changed)
 * @threads_writer
 */
WG_API int wg_map_place_add(int *out, wg_map *map, const char *name, int32_t x, int32_t y);

/**
 * @brief Number of places of a table.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERULESET (not a table)
 * @threads_reader
 */
WG_API int wg_map_place_count(int *out, const wg_map *map);

/**
 * @brief A place: its point and name. @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no such place), ::WG_ERULESET (not a table)
 * @threads_reader
 */
WG_API int wg_map_place(int32_t *x, int32_t *y, const char **name, const wg_map *map, int place);

/**
 * @brief The place of a name.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERULESET (not a table), ::WG_ENOTFOUND
 * @threads_reader
 */
WG_API int wg_map_place_find(int *out, const wg_map *map, const char *name);

/**
 * @brief The topmost area (the last added) holding the point, its boundary included; -1 when
 *        none does.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (a coordinate beyond ±::WG_GEOM_MAX),
 *         ::WG_ERULESET (not a table)
 * @threads_reader
 */
WG_API int wg_map_table_area_at(int *out, const wg_map *map, int32_t x, int32_t y);

/**
 * @brief The ground level at a point: the highest level of the areas holding it (boundary
 *        included), 0 where none does.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (a coordinate beyond ±::WG_GEOM_MAX),
 *         ::WG_ERULESET (not a table)
 * @threads_reader
 */
WG_API int wg_map_table_level_at(int *out, const wg_map *map, int32_t x, int32_t y);

/**
 * @brief The areas whose interior the segment (ax, ay)–(bx, by) passes through (running along an
 *        area's edge or touching a corner does not count), in increasing space id.
 *
 * @p count receives the full number; with @p cap too small, ::WG_EBUFSIZE and nothing is written.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (a coordinate beyond ±::WG_GEOM_MAX),
 *         ::WG_ERULESET (not a table), ::WG_EBUFSIZE
 * @threads_reader
 */
WG_API int wg_map_table_areas_crossed(int *spaces, size_t cap, size_t *count, const wg_map *map, int32_t ax,
                                      int32_t ay, int32_t bx, int32_t by);

/**
 * @brief The lines the segment (ax, ay)–(bx, by) meets (crossing or touching), in increasing line id.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (a coordinate beyond ±::WG_GEOM_MAX),
 *         ::WG_ERULESET (not a table), ::WG_EBUFSIZE
 * @threads_reader
 */
WG_API int wg_map_table_lines_crossed(int *lines, size_t cap, size_t *count, const wg_map *map, int32_t ax,
                                      int32_t ay, int32_t bx, int32_t by);

/**
 * @brief Line of sight over the table between the points a and b.
 *
 * With la and lb the ground levels of the two points (wg_map_table_level_at()), the sight is
 * blocked by
 * - an area with a flag of @p block_flags whose interior the segment passes through, that holds
 *   neither point, and whose level is at least max(la, lb) (a wood blocks between units on its
 *   own level, not for a unit on a hill above it);
 * - a line of type @p crest_type (-1: none) whose level is above min(la, lb) and that the segment
 *   meets, unless point a lies within @p margin_a of it or point b within @p margin_b (an observer
 *   close to a crest sees over it).
 *
 * @p visible receives 1 or 0; @p area and @p line (each may be NULL) the first blocking area and
 * line by id, -1 for none.  Rulesets add their own conditions (units that mask, depth in a wood).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, a negative margin), ::WG_ERANGE (a coordinate beyond
 *         ±::WG_GEOM_MAX, an undeclared line type), ::WG_ERULESET (not a table)
 * @threads_reader
 */
WG_API int wg_map_table_los(int *visible, int *area, int *line, const wg_map *map, int32_t ax, int32_t ay,
                            int32_t bx, int32_t by, uint32_t block_flags, int crest_type, int32_t margin_a,
                            int32_t margin_b);

/**
 * @brief The corners of a base: front-left, front-right, rear-right, rear-left, as 8 values.
 *
 * The base stands with the centre of its front edge at (x, y), faces along the integer vector
 * (fx, fy) (not zero; any length), and is @p front wide and @p depth deep (0..4194304 each).  Corners
 * are rounded to the coordinate by integer arithmetic, the same on every machine.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, a zero facing, a negative size; message on @p ctx),
 *         ::WG_ERANGE (a coordinate, a facing component or a size beyond its bound, or a corner beyond
 *         ±::WG_GEOM_MAX), ::WG_EBUFSIZE (@p cap below 8)
 * @threads_writer
 */
WG_API int wg_geom_base_corners(int32_t *xy, size_t cap, size_t *count, wg_ctx *ctx, int32_t x, int32_t y,
                                int32_t fx, int32_t fy, int32_t front, int32_t depth);

/**
 * @brief The distance between two shapes (a point, a segment or a polygon each), rounded down to
 *        the coordinate; 0 when they meet (a shape inside a polygon meets it).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, a count that is not 2, 4 or an even 6..2048, a
 *         polygon that is not simple; message on @p ctx), ::WG_ERANGE (a coordinate beyond ±::WG_GEOM_MAX)
 * @threads_writer
 */
WG_API int wg_geom_distance(int32_t *out, wg_ctx *ctx, const int32_t *a, size_t na, const int32_t *b, size_t nb);

/**
 * @brief Whether two shapes are within @p r of each other (0 ≤ r ≤ 2^26), exactly.
 * @return ::WG_OK, ::WG_EINVAL (as wg_geom_distance(), or a negative @p r), ::WG_ERANGE (a coordinate
 *         beyond ±::WG_GEOM_MAX, @p r above 2^26)
 * @threads_writer
 */
WG_API int wg_geom_within(int *out, wg_ctx *ctx, const int32_t *a, size_t na, const int32_t *b, size_t nb,
                          int32_t r);

/**
 * @brief How two shapes meet: 0 apart, 1 touching only (boundaries meet), 2 overlapping (a point
 *        of each interior in common; for a point or a segment, passing through the polygon's
 *        interior).
 * @return ::WG_OK, ::WG_EINVAL (as wg_geom_distance()), ::WG_ERANGE (a coordinate beyond ±::WG_GEOM_MAX)
 * @threads_writer
 */
WG_API int wg_geom_overlap(int *out, wg_ctx *ctx, const int32_t *a, size_t na, const int32_t *b, size_t nb);

/**
 * @brief Whether any point of a shape lies within the arc of half-angle @p half_angle (in tenths of
 *        a degree: 225, 450 or 900) about the facing (fx, fy) from the apex (x, y), boundary
 *        included, exactly (22.5° uses tan 22.5° = √2 − 1 without rounding).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, a zero facing, another half-angle, a bad shape;
 *         message on @p ctx), ::WG_ERANGE (a coordinate beyond ±::WG_GEOM_MAX)
 * @threads_writer
 */
WG_API int wg_geom_in_arc(int *out, wg_ctx *ctx, int32_t x, int32_t y, int32_t fx, int32_t fy, int half_angle,
                          const int32_t *b, size_t nb);

/**
 * @brief The face (::wg_face) of a base (its 8 corner values, as wg_geom_base_corners() writes them)
 *        nearest to another shape; on a tie, the face whose outward side holds the shape's centre
 *        farthest, then the lower face number.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, a base that is not 8 values or not a convex
 *         quadrilateral, a bad shape; message on @p ctx), ::WG_ERANGE (a coordinate beyond ±::WG_GEOM_MAX)
 * @threads_writer
 */
WG_API int wg_geom_face(int *out, wg_ctx *ctx, const int32_t *base, size_t nbase, const int32_t *b, size_t nb);

/** @} */

/* ======================================================================== */
/** @defgroup table Combat and procedure tables
 *
 * A table has rows (usually die results) and columns (odds, differences),
 * each labelled, and cells holding a result code or nothing.  A cell holds
 * nothing when the rulebook does not print it and the host has not
 * supplied it: looking it up fails with ::WG_ETABLEGAP naming the cell.
 *  @{ */

/** @brief A lookup table. */
typedef struct wg_table wg_table;

/** @brief Where a cell's value comes from. */
typedef enum wg_cell_source {
    WG_CELL_GAP = 0,      /**< not printed and not supplied */
    WG_CELL_PRINTED = 1,  /**< printed in the rulebook */
    WG_CELL_SUPPLIED = 2  /**< supplied by the host (API or data file) */
} wg_cell_source;

/**
 * @brief Creates an empty table (every cell a gap).
 * @param out receives the table
 * @param ctx the owning context (errors are reported on it)
 * @param name its name, 1 to 127 bytes (saves carry it)
 * @param rows number of rows, 1 to 65535
 * @param cols number of columns, 1 to 65535 (rows × cols within the cell limit)
 * @return ::WG_OK, ::WG_EINVAL (NULL, an empty or a too long name, bad dimensions; @p out is set to
 *         NULL), ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_table_new(wg_table **out, wg_ctx *ctx, const char *name, int rows, int cols);

/**
 * @brief Builds a table from a data document of kind `table`.
 * @return ::WG_OK, ::WG_ENOMEM, ::WG_EPARSE (the context message names the line)
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_writer
 */
WG_API int wg_table_load(wg_table **out, wg_ctx *ctx, const char *buf, size_t len);

/**
 * @brief Supplies cells to an existing table from a data document of kind `table`.
 *
 * The document's `cell` records fill cells (marked ::WG_CELL_SUPPLIED);
 * printed cells cannot be overwritten.  All or nothing.
 * @return ::WG_OK, ::WG_EPARSE, ::WG_EILLEGAL (tries to change a printed cell), ::WG_ENOMEM
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_writer
 */
WG_API int wg_table_supply(wg_table *table, const char *buf, size_t len);

/**
 * @brief Frees a table (NULL is ignored).
 * @threads_writer
 */
WG_API void wg_table_free(wg_table *table);

/**
 * @brief The last error message of the table. @ownership borrowed
 * @threads_reader
 */
WG_API const char *wg_table_errmsg(const wg_table *table);

/**
 * @brief The table's name. @ownership borrowed
 * @threads_reader
 */
WG_API const char *wg_table_name(const wg_table *table);

/**
 * @brief Rows and columns; either out-parameter may be NULL, not both.
 * @return ::WG_OK, ::WG_EINVAL (a NULL table, or both out-parameters NULL)
 * @threads_reader
 */
WG_API int wg_table_size(int *rows, int *cols, const wg_table *table);

/**
 * @brief Labels a row.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ENOMEM (out of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_table_set_row_label(wg_table *table, int row, const char *label);

/**
 * @brief Labels a column.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_ENOMEM (out of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_table_set_col_label(wg_table *table, int col, const char *label);

/**
 * @brief The label of a row. @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_table_row_label(const char **out, const wg_table *table, int row);

/**
 * @brief The label of a column. @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_table_col_label(const char **out, const wg_table *table, int col);

/**
 * @brief Finds a row by label.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOTFOUND
 *         (no such name or entry)
 * @threads_reader
 */
WG_API int wg_table_find_row(int *out, const wg_table *table, const char *label);

/**
 * @brief Finds a column by label.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOTFOUND
 *         (no such name or entry)
 * @threads_reader
 */
WG_API int wg_table_find_col(int *out, const wg_table *table, const char *label);

/**
 * @brief Defines (or finds) the result code named @p name (1 to 127 bytes: saves carry it) and
 *        returns its code.  A failure changes nothing, memory in use included.
 * @return ::WG_OK, ::WG_EINVAL (NULL, an empty or a too long name), ::WG_ERANGE (too many codes),
 *         ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_table_code(int *out, wg_table *table, const char *name);

/**
 * @brief Number of result codes defined.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_table_code_count(int *out, const wg_table *table);

/**
 * @brief The name of a result code. @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_table_code_name(const char **out, const wg_table *table, int code);

/**
 * @brief Supplies a cell with a result code (marks it ::WG_CELL_SUPPLIED).
 *
 * A table owned by a game (::wg_game_table) accepts new cells at any time, but once the game has
 * taken its first decision a supplied cell keeps its value: the recorded decisions, undo and saves
 * depend on it.
 * @return ::WG_OK, ::WG_ERANGE, ::WG_EILLEGAL (the cell is printed, or supplied in a game's table with another value)
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_writer
 */
WG_API int wg_table_set(wg_table *table, int row, int col, int code);

/**
 * @brief Removes a supplied cell (it becomes a gap again); printed cells, and supplied cells of a game's table once the game has taken a decision, cannot be cleared.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range), ::WG_EILLEGAL (not a legal choice now)
 * @threads_writer
 */
WG_API int wg_table_clear(wg_table *table, int row, int col);

/**
 * @brief The source of a cell (::wg_cell_source).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_table_source(int *out, const wg_table *table, int row, int col);

/**
 * @brief Looks a cell up.
 * @return ::WG_OK, ::WG_ERANGE, ::WG_ETABLEGAP (the message names the cell)
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_writer
 */
WG_API int wg_table_lookup(int *out, wg_table *table, int row, int col);

/**
 * @brief Exact distribution of a column when every row is equally likely.
 *
 * `counts[c]` receives how many rows of column @p col hold code c (for c
 * below @p cap; @p counts may be NULL when @p cap is 0), and @p gaps (may be NULL) how many
 * rows are gaps.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_table_column_dist(uint64_t *counts, size_t cap, uint64_t *gaps, const wg_table *table, int col);

/** @} */

/* ======================================================================== */
/** @defgroup oob Orders of battle
 *
 * An order of battle lists units with a side, a name and named integer attributes (strength,
 * movement, ...), loaded from a data document (doc/data-format.md) or built by calls.
 *  @{ */

/** @brief An order of battle: units with a side, a name and integer attributes. */
typedef struct wg_oob wg_oob;

/**
 * @brief Creates an empty order of battle.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOMEM (out
 *         of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_oob_new(wg_oob **out, wg_ctx *ctx);

/**
 * @brief Builds an order of battle from a data document of kind `oob`.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 *         also ::WG_EPARSE (a malformed document), ::WG_ENOMEM (out of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_oob_load(wg_oob **out, wg_ctx *ctx, const char *buf, size_t len);

/**
 * @brief Frees an order of battle (NULL is ignored).
 * @threads_writer
 */
WG_API void wg_oob_free(wg_oob *oob);

/**
 * @brief The last error message. @ownership borrowed
 * @threads_reader
 */
WG_API const char *wg_oob_errmsg(const wg_oob *oob);

/**
 * @brief Adds a unit; @p out (may be NULL) receives its index.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOMEM (out
 *         of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_oob_add(int *out, wg_oob *oob, int side, const char *name);

/**
 * @brief Number of units.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_oob_count(int *out, const wg_oob *oob);

/**
 * @brief The side of a unit.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 *         also ::WG_ERANGE (an index out of range)
 * @threads_reader
 */
WG_API int wg_oob_side(int *out, const wg_oob *oob, int unit);

/**
 * @brief The name of a unit. @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 *         also ::WG_ERANGE (an index out of range)
 * @threads_reader
 */
WG_API int wg_oob_name(const char **out, const wg_oob *oob, int unit);

/**
 * @brief Sets an integer attribute of a unit ("strength", "ma", ...).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOMEM (out
 *         of memory; nothing changed)
 *         also ::WG_ERANGE (an index out of range)
 * @threads_writer
 */
WG_API int wg_oob_set_attr(wg_oob *oob, int unit, const char *key, int64_t value);

/**
 * @brief An integer attribute of a unit.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no unit @p unit), ::WG_ENOTFOUND (the
 *         attribute is not set)
 * @threads_reader
 */
WG_API int wg_oob_attr(int64_t *out, const wg_oob *oob, int unit, const char *key);

/** @} */

/* ======================================================================== */
/** @defgroup registry Rulesets and scenarios
 *
 * The rulesets compiled into the library, their scenarios and the data slots a host may fill
 * with its own documents (a map, a scenario, a table), by index and by name.
 *  @{ */

/**
 * @brief Number of rulesets compiled into the library.
 * @threads_any
 */
WG_API int wg_ruleset_count(void);

/**
 * @brief The id of ruleset @p i ("lga", "marechaux", ...), or NULL. @ownership static
 * @threads_any
 */
WG_API const char *wg_ruleset_id(int i);

/**
 * @brief The full name of a ruleset. @ownership static
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOTFOUND
 *         (no such name or entry)
 * @threads_any
 */
WG_API int wg_ruleset_name(const char **out, const char *ruleset);

/**
 * @brief Number of bundled scenarios of a ruleset.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOTFOUND
 *         (no such name or entry)
 * @threads_any
 */
WG_API int wg_ruleset_scenario_count(int *out, const char *ruleset);

/**
 * @brief The id of scenario @p i of a ruleset. @ownership static
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ENOTFOUND (no such ruleset), ::WG_ERANGE (no
 *         scenario @p i)
 * @threads_any
 */
WG_API int wg_ruleset_scenario_id(const char **out, const char *ruleset, int i);

/**
 * @brief The name of data slot @p i of a ruleset (the documents a host may supply with ::wg_setup_add_data).
 * @ownership static
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND (no such ruleset), ::WG_ERANGE (no slot @p i)
 * @threads_any
 */
WG_API int wg_ruleset_data_slot(const char **out, const char *ruleset, int i);

/**
 * @brief The title of scenario @p i of a ruleset. @ownership static
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ENOTFOUND (no such ruleset), ::WG_ERANGE (no
 *         scenario @p i)
 * @threads_any
 */
WG_API int wg_ruleset_scenario_name(const char **out, const char *ruleset, int i);

/** @} */

/* ======================================================================== */
/** @defgroup game Games and decisions
 *
 * A game always waits for exactly one decision: by a player, or by chance.
 * The options of the decision are enumerable; ::wg_game_choose takes one.
 * A chance decision is taken by ::wg_game_roll (the game's own seeded
 * generator) or by ::wg_game_choose with the face the host rolled.
 * Every completed step appends events.
 *  @{ */

/** @brief A game in progress. */
typedef struct wg_game wg_game;

/** @brief Special player numbers (real players are 0, 1, ...). */
typedef enum wg_player {
    WG_PLAYER_NONE = -1,   /**< nobody decides: the game is over */
    WG_PLAYER_CHANCE = -2, /**< a die roll or a draw decides */
    WG_VIEW_REFEREE = -3   /**< as a viewer: sees everything */
} wg_player;

/** @brief Kinds of decision. Values are fixed forever; rulesets add new ones at the end. */
typedef enum wg_decision_kind {
    WG_DEC_NONE = 0,        /**< the game is over */
    WG_DEC_ROLL = 1,        /**< chance: a die face */
    WG_DEC_DRAW = 2,        /**< chance: a draw from a hidden pool */
    WG_DEC_PLACE = 3,       /**< choose where a unit is set up */
    WG_DEC_SELECT = 4,      /**< choose a unit or stack to act with, or end the phase */
    WG_DEC_MOVE = 5,        /**< choose a destination */
    WG_DEC_ATTACK = 6,      /**< declare an attack, or finish declaring */
    WG_DEC_SUPPLY = 7,      /**< allocate supply */
    WG_DEC_RETREAT = 8,     /**< choose a retreat space */
    WG_DEC_LOSS = 9,        /**< allocate a loss */
    WG_DEC_ADVANCE = 10,    /**< advance after combat or not */
    WG_DEC_ORDER = 11,      /**< choose which battle to resolve next */
    WG_DEC_CARD = 12,       /**< play a card or an event */
    WG_DEC_YESNO = 13,      /**< a yes/no choice */
    WG_DEC_ORGANIZE = 14,   /**< combine or break down units */
    WG_DEC_ELIMINATE = 15,  /**< choose units to eliminate */
    WG_DEC_OTHER = 16       /**< any other choice (see the option labels) */
} wg_decision_kind;

/**
 * @brief Creates a game of a bundled scenario.
 * @param out receives the game
 * @param ctx the owning context (constructor errors are reported on it)
 * @param ruleset a ruleset id, e.g. "lga"
 * @param scenario a scenario id of that ruleset, e.g. "1805"
 * @param options NULL, "" or "key=value,key=value" ruleset options, 1023 bytes at most (saves
 *        carry them)
 * @param seed the seed of the game's dice
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, an unknown or malformed option, options longer
 *         than 1023 bytes), ::WG_ENOTFOUND (no such ruleset or scenario), ::WG_ENOMEM (out of memory;
 *         *out is NULL and nothing is kept).  Documents a host supplies, and the statuses they
 *         bring, go through ::wg_game_new_setup.
 * @threads_writer
 */
WG_API int wg_game_new(wg_game **out, wg_ctx *ctx, const char *ruleset, const char *scenario, const char *options,
                       uint64_t seed);

/**
 * @brief Game set-up parameters: ruleset, scenario, options, seed and host-supplied data.
 *
 * Use it when the bundled data is not enough: a host map, a data pack of values the rulebook does
 * not print, a scenario file of one's own.  Each ruleset names the data slots it reads
 * (::wg_ruleset_data_slot); a document supplied for a slot replaces the bundled one.  Saved games
 * carry the supplied documents, so they load on their own.
 */
typedef struct wg_setup wg_setup;

/**
 * @brief Creates set-up parameters for a scenario (options "", seed 0, no supplied data).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND (ruleset or scenario; the context message lists the ids), ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_setup_new(wg_setup **out, wg_ctx *ctx, const char *ruleset, const char *scenario);

/**
 * @brief Frees set-up parameters (NULL is ignored); games made from them do not depend on them.
 * @threads_writer
 */
WG_API void wg_setup_free(wg_setup *setup);

/**
 * @brief The last error message of the set-up parameters. @ownership borrowed
 * @threads_reader
 */
WG_API const char *wg_setup_errmsg(const wg_setup *setup);

/**
 * @brief Sets the ruleset options ("key=value,key=value"; NULL means ""). The text is copied.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOMEM (out
 *         of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_setup_set_options(wg_setup *setup, const char *options);

/**
 * @brief Sets the seed of the game's dice.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_writer
 */
WG_API int wg_setup_set_seed(wg_setup *setup, uint64_t seed);

/**
 * @brief Supplies a data document for a slot of the ruleset (the bytes are copied; a second call for the same slot replaces the first).
 * @param setup the set-up parameters
 * @param slot a slot name of the ruleset, e.g. "map" (see ::wg_ruleset_data_slot)
 * @param buf the document (core data format, see doc/data-format.md)
 * @param len its length in bytes
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ENOTFOUND (the ruleset has no such slot; the message lists them), ::WG_ENOMEM
 * @threads_writer
 */
WG_API int wg_setup_add_data(wg_setup *setup, const char *slot, const char *buf, size_t len);

/**
 * @brief Creates a game from set-up parameters.
 *
 * Errors in supplied documents are reported on the context, naming the slot and the line.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, an unknown or malformed option), ::WG_EPARSE (a
 *         malformed supplied document), ::WG_EDATA (a document whose values are out of range or
 *         inconsistent), ::WG_EILLEGAL (a supplied table cell that changes a printed one),
 *         ::WG_ENOMEM (out of memory; *out is NULL and nothing is kept)
 * @threads_ctxwriter
 */
WG_API int wg_game_new_setup(wg_game **out, const wg_setup *setup);

/**
 * @brief Frees a game (NULL is ignored).
 * @threads_writer
 */
WG_API void wg_game_free(wg_game *game);

/**
 * @brief The last error message of the game. @ownership borrowed
 * @threads_reader
 */
WG_API const char *wg_game_errmsg(const wg_game *game);

/**
 * @brief The ruleset id of the game. @ownership static
 * @threads_reader
 */
WG_API const char *wg_game_ruleset(const wg_game *game);

/**
 * @brief The scenario id of the game. @ownership static
 * @threads_reader
 */
WG_API const char *wg_game_scenario(const wg_game *game);

/**
 * @brief Number of players.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_game_player_count(int *out, const wg_game *game);

/**
 * @brief The name of a player ("Allied", "French", ...): the ruleset's, or for Les Aigles the battle's
 *        name for that side.  @ownership borrowed (valid while the game or a clone of it lives)
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_reader
 */
WG_API int wg_game_player_name(const char **out, const wg_game *game, int player);

/**
 * @brief The current decision.
 * @param player receives the deciding player, ::WG_PLAYER_CHANCE or ::WG_PLAYER_NONE
 * @param kind receives the ::wg_decision_kind
 * @param game the game
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_game_decision(int *player, int *kind, const wg_game *game);

/**
 * @brief Describes the current decision in words, as the deciding player sees it.
 *
 * @b Referee-only: in games with hidden information show it only to the deciding player, or use
 * ::wg_game_decision_text_for.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 *         also ::WG_EBUFSIZE (the buffer is too small; the full length is still reported)
 * @threads_reader
 */
WG_API int wg_game_decision_text(char *buf, size_t cap, size_t *len, const wg_game *game);

/**
 * @brief Describes the current decision as @p viewer may see it.
 *
 * The deciding player and ::WG_VIEW_REFEREE get the full text (and so does everyone for a
 * chance decision); any other player learns only who decides and the kind of decision.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such viewer), ::WG_EBUFSIZE
 * @threads_reader
 */
WG_API int wg_game_decision_text_for(char *buf, size_t cap, size_t *len, const wg_game *game, int viewer);

/**
 * @brief Number of options of the current decision (0 when the game is over).
 *
 * @b Referee-only: in a game with hidden information the number of options can tell what the
 * rules hide from the player who does not decide (how many decoys a stack may take, which
 * connections a stack with baggage may use).  Show it to the deciding player only, or use
 * ::wg_game_option_count_for.
 * @return ::WG_OK, ::WG_EINVAL
 *         also ::WG_ENOMEM (out of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_game_option_count(size_t *out, wg_game *game);

/**
 * @brief Number of options of the current decision, for @p viewer.
 *
 * The options are the decider's: the deciding player and ::WG_VIEW_REFEREE get the count; any
 * other player gets ::WG_ESTATE, with a message naming who decides.  A chance decision's options
 * are public when its distribution is (a die); a draw from a pool only one side may look into
 * (Les Maréchaux fatigue and event markers) answers ::WG_ESTATE to the other side.
 * When the game is over the count is 0 for every viewer.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such viewer), ::WG_ESTATE (the options are not
 *         @p viewer's to see)
 * @threads_writer
 */
WG_API int wg_game_option_count_for(size_t *out, wg_game *game, int viewer);

/**
 * @brief The label of option @p i ("move 2-5 Inf [3] 0412 -> 0513 (3 MP)"), as the deciding player sees it.
 *
 * @b Referee-only: in games with hidden information show it only to the deciding player, or use
 * ::wg_game_option_label_for.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such option), ::WG_ESTATE (game over), ::WG_EBUFSIZE
 * @threads_writer
 */
WG_API int wg_game_option_label(char *buf, size_t cap, size_t *len, wg_game *game, size_t i);

/**
 * @brief The label of option @p i as @p viewer may see it.
 *
 * The deciding player and ::WG_VIEW_REFEREE get the full label; any other player gets
 * ::WG_ESTATE (the options are the decider's; see ::wg_game_option_count_for).  The labels of a
 * chance decision are public, except for a draw from a pool only one side may look into (Les
 * Maréchaux fatigue and event markers: the drawing side and the referee read which marker lies in
 * each slot, so a host drawing from a real cup picks a slot holding the marker drawn).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such option or viewer), ::WG_ESTATE (game over,
 *         or the options are not @p viewer's to see), ::WG_EBUFSIZE
 * @threads_writer
 */
WG_API int wg_game_option_label_for(char *buf, size_t cap, size_t *len, wg_game *game, size_t i, int viewer);

/**
 * @brief The stable action code of option @p i (what the decision log records).
 *
 * @b Referee-only: an action code names what the option does; for a player's view use
 * ::wg_game_option_action_for.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such option), ::WG_ESTATE (game over)
 * @threads_writer
 */
WG_API int wg_game_option_action(uint64_t *out, wg_game *game, size_t i);

/**
 * @brief The action code of option @p i for @p viewer: the deciding player and the referee get
 *        it, any other player ::WG_ESTATE (as ::wg_game_option_label_for).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such option or viewer), ::WG_ESTATE (game over,
 *         or the options are not @p viewer's to see)
 * @threads_writer
 */
WG_API int wg_game_option_action_for(uint64_t *out, wg_game *game, size_t i, int viewer);

/**
 * @brief The chance weight of option @p i: its probability is weight / total.
 * @param weight receives the option's weight (1 for a player's option)
 * @param total receives the sum of the weights of all options
 * @param game the game
 * @param i the option index
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no option @p i), ::WG_ESTATE (the game
 *         is over), ::WG_ENOMEM (out of memory listing the options; nothing changed)
 * @threads_writer
 */
WG_API int wg_game_option_weight(uint64_t *weight, uint64_t *total, wg_game *game, size_t i);

/**
 * @brief Takes option @p i of the current decision (a player's choice, or the die face the host rolled).
 * @return ::WG_OK, ::WG_ERANGE, ::WG_ESTATE (game over), ::WG_ENOMEM
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ETABLEGAP (the
 *         rules need a table cell the rulebook does not print and the host has not supplied
 *         (::wg_game_table))
 * @threads_writer
 */
WG_API int wg_game_choose(wg_game *game, size_t i);

/**
 * @brief Takes the option whose action code is @p action.
 * @return ::WG_OK, ::WG_EILLEGAL (no such option now; the message says why), ::WG_ENOMEM
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ETABLEGAP (the
 *         rules need a table cell the rulebook does not print and the host has not supplied
 *         (::wg_game_table))
 * @threads_writer
 */
WG_API int wg_game_choose_action(wg_game *game, uint64_t action);

/**
 * @brief The most parameters an option carries (::wg_game_option_param_count).
 */
#define WG_MAX_PARAMS 16

/**
 * @brief The number of integer parameters option @p i carries, and whether it is taken only
 *        with them.
 *
 * A parameterized option leaves part of the decision to the host as integers within ranges the
 * engine states (::wg_game_option_param): a position and a facing, a number of dice, a multiset of
 * die faces entered from the table.  The host gives them to ::wg_game_choose_params, which checks
 * each range and the rules that tie the values together, and records them with the step (saves,
 * undo and replays keep them; ::wg_game_step_params reads them back).  An option whose parameters
 * are @e required cannot be taken by ::wg_game_choose; an option with optional parameters can,
 * and then the engine does without them (a chance option with optional die faces: the faces the
 * host rolled, recorded and checked against the outcome).  The bot and ::wg_game_roll draw
 * required parameters themselves.  doc/view.md lists the parameters of each ruleset.
 *
 * Like ::wg_game_option_label, the parameters are the deciding player's: show them to him only.
 * @param out receives the number of parameters, 0 .. ::WG_MAX_PARAMS
 * @param required receives 1 when the option is taken only with its parameters, else 0 (may be
 *        NULL)
 * @param game the game
 * @param i the option index
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no option @p i), ::WG_ESTATE (the game
 *         is over), ::WG_ENOMEM (out of memory listing the options; nothing changed)
 * @threads_writer
 */
WG_API int wg_game_option_param_count(size_t *out, int *required, wg_game *game, size_t i);

/**
 * @brief Parameter @p p of option @p i: its name and the range of its values.
 * @param name receives the parameter's name ("die 1", "facing"; static storage; may be NULL)
 * @param min receives the least value allowed (may be NULL)
 * @param max receives the greatest value allowed (may be NULL)
 * @param game the game
 * @param i the option index
 * @param p the parameter's index, 0 .. ::wg_game_option_param_count - 1
 * @ownership static
 * @return ::WG_OK, ::WG_EINVAL (a NULL game), ::WG_ERANGE (no option @p i, or it has no such
 *         parameter), ::WG_ESTATE (the game is over), ::WG_ENOMEM (out of memory listing the
 *         options; nothing changed)
 * @threads_writer
 */
WG_API int wg_game_option_param(const char **name, int64_t *min, int64_t *max, wg_game *game, size_t i, size_t p);

/**
 * @brief Takes option @p i with parameters: @p nparams values, in the order of
 *        ::wg_game_option_param (@p nparams 0 is ::wg_game_choose).
 *
 * Each value must lie in its range, and together they must obey the rule that ties them (the
 * faces of two dice add up to the outcome chosen); otherwise nothing changes and the message
 * names the parameter, its range, or the rule.
 * @param game the game
 * @param i the option index
 * @param params the values (may be NULL when @p nparams is 0)
 * @param nparams their number: 0 (options whose parameters are optional) or exactly
 *        ::wg_game_option_param_count
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, or @p nparams is neither 0 nor the option's count,
 *         or 0 for an option whose parameters are required), ::WG_ERANGE (no option @p i, or a
 *         value outside its range), ::WG_EILLEGAL (the values break a rule; the message names it),
 *         ::WG_ESTATE (the game is over), ::WG_ETABLEGAP (as ::wg_game_choose), ::WG_ENOMEM (out of
 *         memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_game_choose_params(wg_game *game, size_t i, const int64_t *params, size_t nparams);

/**
 * @brief The parameters recorded with decision @p step (0-based, below ::wg_game_step_count).
 * @param out receives up to @p cap values (may be NULL when @p cap is 0)
 * @param cap the capacity of @p out in values
 * @param len receives the number of parameters recorded (0 for a step taken without)
 * @param game the game
 * @param step the step
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no such step), ::WG_EBUFSIZE (@p cap is
 *         too small; @p len still says how many)
 * @threads_reader
 */
WG_API int wg_game_step_params(int64_t *out, size_t cap, size_t *len, const wg_game *game, uint64_t step);

/**
 * @brief Takes a chance decision with the game's own generator.
 * @param chosen receives the index of the option drawn (may be NULL)
 * @param game the game
 * @return ::WG_OK, ::WG_ESTATE (the decision is not chance), ::WG_ENOMEM
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_writer
 */
WG_API int wg_game_roll(size_t *chosen, wg_game *game);

/**
 * @brief Lets the uniformly random bot take the current decision.
 *
 * Chance decisions are rolled; a player's decision is drawn uniformly from
 * the options with the game's bot generator (seeded from the game seed, so
 * bot games replay exactly).  @p chosen (may be NULL) receives the index of the option taken.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ESTATE (the game is over), ::WG_ETABLEGAP
 *         (the step needs a table cell the rulebook does not print and the host has not supplied:
 *         ::wg_game_table), ::WG_EDATA (the step needs a value the rules data lack), ::WG_ENOMEM
 *         (out of memory; nothing changed)
 * @threads_writer
 */
WG_API int wg_game_bot_step(size_t *chosen, wg_game *game);

/**
 * @brief Plays random-bot steps until the game ends or @p max_steps were taken.
 * @param steps receives the number of steps taken, 0 on failure (may be NULL)
 * @param game the game
 * @param max_steps the most steps to take
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ETABLEGAP and ::WG_EDATA (as
 *         ::wg_game_bot_step), ::WG_ENOMEM (out of memory); a failed playout is undone: the game is
 *         as it was and *steps is 0
 * @threads_writer
 */
WG_API int wg_game_playout(uint64_t *steps, wg_game *game, uint64_t max_steps);

/**
 * @brief Non-zero when the game is over.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_game_is_over(int *out, const wg_game *game);

/**
 * @brief The current result in words (victory points and level, or the winner).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_EBUFSIZE (the buffer is too small; the full
 *         length is still reported)
 * @threads_reader
 */
WG_API int wg_game_result_text(char *buf, size_t cap, size_t *len, const wg_game *game);

/**
 * @brief The winner of a finished game: the player the result declares the winner, or
 * ::WG_PLAYER_NONE for a draw.
 *
 * What decides, per ruleset: `lga` the scenario's victory level of the final victory points (an
 * Allied level: player 0, a French level: player 1, a draw level: ::WG_PLAYER_NONE); `marechaux`
 * more victory points (equal: a draw); `ccn` the side that reached its Victory Flags (or won by a
 * scenario's sudden-death condition); `aigles` the side the end of the battle declares (a side
 * broke, or the losses differ by enough of the budget; else a draw).  ::wg_game_result_text says
 * the same in words.
 * @param out  the winner (0 .. players − 1) or ::WG_PLAYER_NONE; ::WG_PLAYER_NONE on every error
 * @param game the game; only read
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ESTATE (the game is not over)
 * @threads_reader
 */
WG_API int wg_game_winner(int *out, const wg_game *game);

/**
 * @brief Where the data of a game comes from: one line per document it was set up from.
 *
 * Each line reads `SLOT: SOURCE; PROVENANCE` — the data slot (::wg_ruleset_data_slot, or `rules`
 * for what the rulebook prints and the engine holds as code), `bundled FILE` or `host document`,
 * and what the document is: `rule` (as printed), or `provisional` followed by what it stands in
 * for.  A game that plays on provisional data says "provisional data" in its scenario's title and
 * its describe text as well.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_EBUFSIZE (the buffer is too small; the full
 *         length is still reported)
 * @threads_reader
 */
WG_API int wg_game_provenance(char *buf, size_t cap, size_t *len, const wg_game *game);

/**
 * @brief Sets @p out to 1 when some data the game uses is provisional (not printed in the rulebook
 * and not supplied by the host), 0 otherwise; ::wg_game_provenance says which.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer)
 * @threads_reader
 */
WG_API int wg_game_provisional(int *out, const wg_game *game);

/**
 * @brief The current score of the game: one integer whose meaning and sign depend on the ruleset.
 *
 * - `lga`: the French victory points (the Victory Point record of the rules: objectives held,
 *   exits, Lines A/B); positive favours the French (player 1), and the scenario's victory levels
 *   are read on it.
 * - `marechaux`: the victory points of player 0 (Anglo-Allied) minus those of player 1 (French);
 *   positive favours player 0.
 * - `ccn`: the victory banners (flags) won by player 0 (Coalition) minus those won by player 1
 *   (French); positive favours player 0.
 * - `aigles`: the value of the losses of player 1 (Allies) minus those of player 0 (French), in
 *   hundredths of the mean of the two sides' budgets in points; positive favours player 0.
 *
 * The score is public: every player may read it.  ::wg_game_result_text says who won.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_game_score(int64_t *out, const wg_game *game);

/**
 * @brief The current game-turn (1-based).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_game_turn(int *out, const wg_game *game);

/**
 * @brief A text picture of the state as @p viewer may see it (a player or ::WG_VIEW_REFEREE).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (@p viewer is not a player or
 *         ::WG_VIEW_REFEREE), ::WG_EBUFSIZE (the buffer is too small; the full length is still reported)
 * @threads_reader
 */
WG_API int wg_game_describe(char *buf, size_t cap, size_t *len, const wg_game *game, int viewer);

/**
 * @brief Number of pieces on the map as @p viewer may see them (units, leaders, markers; a
 *        hidden counter counts as one piece).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such viewer)
 * @threads_reader
 */
WG_API int wg_game_piece_count(size_t *out, const wg_game *game, int viewer);

/**
 * @brief Piece @p i on the map as @p viewer may see it: its side and its space (a hex or zone of
 *        ::wg_game_map).  The order of the pieces depends only on what the viewer may see.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such piece or viewer)
 * @threads_reader
 */
WG_API int wg_game_piece(int *side, int *space, const wg_game *game, int viewer, size_t i);

/**
 * @brief The label of piece @p i as @p viewer may see it ("Fr Inf 5-4 #3", or "hidden counter").
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE, ::WG_EBUFSIZE
 * @threads_reader
 */
WG_API int wg_game_piece_label(char *buf, size_t cap, size_t *len, const wg_game *game, int viewer, size_t i);

/* ------------------------------------------------------------------------ */
/* Uniform doors: spaces by the players' names, typed attributes, the JSON view (doc/view.md). */

/** @brief The kinds of object that carry attributes. Values are fixed forever. */
typedef enum wg_attr_of {
    WG_ATTR_PIECE = 0,  /**< a piece as a viewer sees it (index as ::wg_game_piece) */
    WG_ATTR_OPTION = 1, /**< an option of the current decision (index as ::wg_game_option_label) */
    WG_ATTR_SPACE = 2   /**< a space of the game's map */
} wg_attr_of;

/** @brief The types of attribute values. */
typedef enum wg_attr_type {
    WG_ATTR_INT = 0, /**< an integer: ::wg_game_attr_int */
    WG_ATTR_TEXT = 1 /**< a text: ::wg_game_attr_text */
} wg_attr_type;

/**
 * @brief The number of spaces of the game's map.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer)
 * @threads_reader
 */
WG_API int wg_game_space_count(int *out, const wg_game *game);

/**
 * @brief The players' name of a space: on a hex map that prints hex numbers, the number printed
 *        in the hex ("4851": column 48, row 51, counted from 1), as event texts and option labels
 *        write it; on a zone graph, the zone's name.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no space @p space), ::WG_EBUFSIZE
 *         (the buffer is too small; the full length is still reported)
 * @threads_reader
 */
WG_API int wg_game_space_name(char *buf, size_t cap, size_t *len, const wg_game *game, int space);

/**
 * @brief The space a players' name names, as ::wg_game_space_name writes it.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ENOTFOUND (no space has that name)
 * @threads_reader
 */
WG_API int wg_game_space_find(int *out, const wg_game *game, const char *name);

/**
 * @brief The number of attribute keys objects of kind @p of carry in this game's ruleset.
 *
 * The keys are the core's, which every ruleset has (pieces: `side`, `space`, `space_name`,
 * `label`; options: `label`, `action`, `weight`; spaces: `name`, `kind`, `terrain`, and on hex
 * maps `col`, `row`), then the
 * ruleset's own (doc/view.md lists them per ruleset; every ruleset's pieces have `id`, stable for
 * the whole game and never reused).
 * @param out receives the number of keys
 * @param game the game
 * @param of a ::wg_attr_of
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, or @p of is not a ::wg_attr_of)
 * @threads_reader
 */
WG_API int wg_game_attr_key_count(int *out, const wg_game *game, int of);

/**
 * @brief Attribute key @p k of the objects of kind @p of: its name and its ::wg_attr_type.
 * @param name receives the key's name (static storage)
 * @param type receives its ::wg_attr_type (may be NULL)
 * @param game the game
 * @param of a ::wg_attr_of
 * @param k the key's index, 0 .. ::wg_game_attr_key_count - 1
 * @ownership static
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, or @p of is not a ::wg_attr_of), ::WG_ERANGE (no key
 *         @p k)
 * @threads_reader
 */
WG_API int wg_game_attr_key(const char **name, int *type, const wg_game *game, int of, int k);

/**
 * @brief An integer attribute of piece, option or space @p i, as player @p viewer may know it.
 *
 * Pieces are indexed as ::wg_game_piece indexes them for @p viewer; options are those of the
 * current decision, readable by the viewers ::wg_game_option_label_for lets read them; spaces are
 * 0 .. ::wg_game_space_count - 1.  What @p viewer may not know is absent for him:
 * ::WG_ENOTFOUND, as for a key the object does not carry.  The call lists the options when
 * @p of is ::WG_ATTR_OPTION (hence a non-const game).
 * @param out receives the value
 * @param game the game
 * @param viewer a player or ::WG_VIEW_REFEREE
 * @param of a ::wg_attr_of
 * @param i the object's index
 * @param key the key's name
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, @p of is not a ::wg_attr_of, or @p key is a text
 *         key), ::WG_ERANGE (no object @p i, or @p viewer is not a player or ::WG_VIEW_REFEREE),
 *         ::WG_ENOTFOUND (no such key, or the object carries none for this viewer), ::WG_ESTATE
 *         (options: the game is over, or they are not the viewer's to read), ::WG_ENOMEM (out of
 *         memory listing the options; nothing changed)
 * @threads_writer
 */
WG_API int wg_game_attr_int(int64_t *out, wg_game *game, int viewer, int of, size_t i, const char *key);

/**
 * @brief A text attribute of piece, option or space @p i, as player @p viewer may know it (as
 *        ::wg_game_attr_int for the objects, viewers and absences).
 * @param buf the buffer
 * @param cap its capacity in bytes
 * @param len receives the text's length (may be NULL)
 * @param game the game
 * @param viewer a player or ::WG_VIEW_REFEREE
 * @param of a ::wg_attr_of
 * @param i the object's index
 * @param key the key's name
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, @p of is not a ::wg_attr_of, or @p key is an
 *         integer key), ::WG_ERANGE (no object @p i, or @p viewer is not a player or
 *         ::WG_VIEW_REFEREE), ::WG_ENOTFOUND (no such key, or the object carries none for this
 *         viewer), ::WG_ESTATE (options: the game is over, or they are not the viewer's to read),
 *         ::WG_EBUFSIZE (the buffer is too small; the full length is still reported), ::WG_ENOMEM
 *         (out of memory listing the options; nothing changed)
 * @threads_writer
 */
WG_API int wg_game_attr_text(char *buf, size_t cap, size_t *len, wg_game *game, int viewer, int of, size_t i,
                             const char *key);

/**
 * @brief The game as player @p viewer sees it, as one JSON object (schema: doc/view.schema.json).
 *
 * It holds the ruleset, scenario, turn, step and whether the game is over (with the result); the
 * decision (who decides, its kind, its text for @p viewer) and, when @p viewer may read them, its
 * options with their attributes; every piece @p viewer sees with its attributes; the spaces pieces
 * stand in, with theirs; and the events from index @p first_event on, as @p viewer may read them.
 * Numbers are written the same in every C locale.  A front end polls it after each step.
 * @param buf the buffer
 * @param cap its capacity in bytes
 * @param len receives the text's length (may be NULL)
 * @param game the game
 * @param viewer a player or ::WG_VIEW_REFEREE
 * @param first_event the first event to include (the event count of the previous view)
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (@p viewer is not a player or
 *         ::WG_VIEW_REFEREE, or @p first_event is past the events), ::WG_EBUFSIZE (the buffer is too
 *         small; the full length is still reported), ::WG_ENOMEM (out of memory listing the options
 *         or writing a long text; nothing changed)
 * @threads_writer
 */
WG_API int wg_game_view_json(char *buf, size_t cap, size_t *len, wg_game *game, int viewer, size_t first_event);

/**
 * @brief A picture of the board as @p viewer may see it: one SVG 1.1 document written into a
 *        caller buffer.
 *
 * The picture shows the map of the ruleset (hexes with their numbers, terrain, rivers and roads;
 * the zones of Les Maréchaux and their connections; the sections of the Commands & Colors board;
 * the Les Aigles table with its terrain areas, lines and places) and every piece @p viewer sees,
 * drawn as a counter with its values (on a table: a unit's base as a rectangle turned to its
 * facing).  Each visible piece is one element whose `id` is the piece's `id` attribute of the
 * JSON view (::wg_game_view_json) and no other element has an id; nothing hidden from @p viewer
 * is drawn or named.  The output depends only on what @p viewer may see; coordinates are integers,
 * written the same in every C locale; text from the data is escaped.  Zone graphs carry no
 * coordinates: their zones are laid out by a deterministic integer rule.  The structure, the
 * classes a front end can restyle with CSS and the layout rules: doc/svg.md.
 * @param buf the buffer
 * @param cap its capacity in bytes
 * @param len receives the text's length (may be NULL)
 * @param game the game
 * @param viewer a player or ::WG_VIEW_REFEREE
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (@p viewer is not a player or
 *         ::WG_VIEW_REFEREE), ::WG_EBUFSIZE (the buffer is too small; the full length is still
 *         reported; the buffer holds the start of the text), ::WG_ENOMEM (out of memory laying
 *         out the picture; the buffer is emptied, the game is unchanged)
 * @threads_writer
 */
WG_API int wg_game_svg(char *buf, size_t cap, size_t *len, wg_game *game, int viewer);

/**
 * @brief The exact odds of a hypothetical action, as player @p viewer may compute them, written as
 *        one JSON object (schema: doc/view.schema.json, `$defs/odds`).
 *
 * @p action describes the action in a small text form: a verb, then `key=value` fields separated
 * by spaces; a value is an integer, a space's players' name (::wg_game_space_name), or a list of
 * them separated by commas.  The verbs and fields of each ruleset are listed in doc/view.md
 * (La Grande Armée: `attack attackers=12,15 target=4851`; Les Maréchaux: `combat zone=Porto
 * attackers=3,7`, `command`, `disengage`, `demoralization`).  Pieces are named by their `id`
 * attribute as @p viewer sees them.  Nothing need be declared: the odds are those the rules give
 * were the action taken now.
 *
 * The object holds `total` and the `outcomes`, each with a `label` and an integer `weight`
 * (probability weight / total, exact), and the `modifiers` that made them, each with a `name`,
 * an integer `value`, a `text` and the `rule` that gives it.  A fact @p viewer may not know never
 * enters: an action that would need one is refused with ::WG_ESTATE naming what is hidden.  The
 * game does not change.  Numbers are written the same in every C locale.
 *
 * This call supersedes ::wg_lga_attack_odds, ::wg_marechaux_combat_odds and the other odds calls
 * of one ruleset, which stay for the ABI.
 * @param buf the buffer
 * @param cap its capacity in bytes
 * @param len receives the text's length (may be NULL)
 * @param game the game
 * @param viewer a player or ::WG_VIEW_REFEREE
 * @param action the action's description
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, or a malformed description: an unknown verb or
 *         field, a missing field, a value that does not parse; the message names it), ::WG_ERANGE
 *         (@p viewer is not a player or ::WG_VIEW_REFEREE), ::WG_ENOTFOUND (a piece or space the
 *         description names does not exist for @p viewer), ::WG_ESTATE (the action is not one the
 *         rules could take now, or it needs a fact hidden from @p viewer), ::WG_EBUFSIZE (the
 *         buffer is too small; the full length is still reported), ::WG_ENOMEM (out of memory;
 *         nothing changed).  A table cell neither printed nor supplied is no error: the
 *         probability falling on it is an outcome of its own.
 * @threads_writer
 */
WG_API int wg_game_odds(char *buf, size_t cap, size_t *len, wg_game *game, int viewer, const char *action);

/**
 * @brief Number of events so far.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_game_event_count(size_t *out, const wg_game *game);

/**
 * @brief The kind code of event @p i (ruleset-defined).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no event @p i)
 * @threads_reader
 */
WG_API int wg_game_event_kind(int *out, const wg_game *game, size_t i);

/**
 * @brief The checklist item behind event @p i ("LGA-CRT-03").
 *
 * @b Referee-only: where several rules could lie behind an event a player sees only in part (Les
 * Maréchaux: a fatigue marker returned under the baggage or the commander rule), the tag tells
 * which; use ::wg_game_event_rule_for.
 * @ownership static
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such event)
 * @threads_reader
 */
WG_API int wg_game_event_rule(const char **out, const wg_game *game, size_t i);

/**
 * @brief The checklist item behind event @p i as @p viewer may read it: the tag the event text
 *        for that viewer starts with.  A viewer who sees the event in full (and the referee) reads
 *        its own tag; another reads a tag that names only what he may know ("LM-FATIGUE-07/08").
 * @ownership static
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such event or viewer)
 * @threads_reader
 */
WG_API int wg_game_event_rule_for(const char **out, const wg_game *game, size_t i, int viewer);

/**
 * @brief The step (decision number) that produced event @p i.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no event @p i)
 * @threads_reader
 */
WG_API int wg_game_event_step(uint64_t *out, const wg_game *game, size_t i);

/**
 * @brief Event @p i in words as @p viewer may see it (hidden details are redacted).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no event @p i, or @p viewer is not a
 *         player or ::WG_VIEW_REFEREE), ::WG_EBUFSIZE (the buffer is too small; the full length is
 *         still reported)
 * @threads_reader
 */
WG_API int wg_game_event_text(char *buf, size_t cap, size_t *len, const wg_game *game, size_t i, int viewer);

/**
 * @brief Number of decisions taken so far.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_game_step_count(uint64_t *out, const wg_game *game);

/**
 * @brief Returns the game to the state after @p step decisions (0 = the start).
 *
 * Events of the undone steps are dropped.  Replays from the start, so the
 * dice fall as before.  @b Referee-only: a player who may undo could replay a chance
 * decision or read what an undone step revealed; a host offers undo within its own policy.
 * @return ::WG_OK, ::WG_ERANGE, ::WG_ENOMEM
 *         also ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_writer
 */
WG_API int wg_game_undo_to(wg_game *game, uint64_t step);

/**
 * @brief The undo policy of a player: the step to undo to (::wg_game_undo_to) to take back
 *        @p viewer's most recent decision, when the rules of fair play allow it.
 *
 * A player may take back a decision of his own as long as no new information has come out since
 * it: nothing was rolled or drawn (a ::WG_PLAYER_CHANCE decision) after it, and no event from it
 * on revealed to @p viewer a fact he could not see before (::wg_game_event_reveals).  The other
 * players' decisions taken after it are undone with it (a bot replays its own choices, so
 * undoing against a bot is repeatable).  Each call looks one decision back: a host calls it again
 * after ::wg_game_undo_to to go further.  A host that offers a practice mode without the policy
 * calls ::wg_game_undo_to directly.  The game does not change.
 * @param step receives the step count to pass to ::wg_game_undo_to (the decisions before
 *        @p viewer's most recent one)
 * @param game the game
 * @param viewer a player (not ::WG_VIEW_REFEREE)
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (@p viewer is not a player),
 *         ::WG_ENOTFOUND (@p viewer has taken no decision since the start), ::WG_ESTATE (new
 *         information came out since that decision; the message names the step and whether it
 *         was a roll or draw or a reveal)
 * @threads_writer
 */
WG_API int wg_game_undo_point(uint64_t *step, wg_game *game, int viewer);

/**
 * @brief A 64-bit hash of the complete game state (dice generators included).
 *
 * @b Referee-only: the hash covers hidden facts, so two positions a player cannot tell apart
 * hash differently.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_game_hash(uint64_t *out, const wg_game *game);

/**
 * @brief A copy of the game (same context).  @b Referee-only: the copy holds every hidden fact
 *        and the dice generators.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOMEM (out
 *         of memory; nothing changed)
 * @threads_ctxwriter
 */
WG_API int wg_game_clone(wg_game **out, const wg_game *game);

/**
 * @brief A copy of the game in another context, for play on another thread.
 *
 * The copy's own memory (state, log, events, the game's tables) comes from @p ctx.  The map, the
 * order of battle, the host-supplied documents and the ruleset's read-only data are shared with
 * @p game, not copied: they stay owned by the context that made them, are freed (through that
 * context's allocator, from whichever thread frees the last game holding them) when the last game
 * holding them is freed, and count as live handles of that context, so its ::wg_ctx_free returns
 * ::WG_EBUSY until every clone holding them is freed.  The allocator of a context whose games are
 * cloned elsewhere must therefore be safe to call from the threads that free those clones (the
 * default allocator is).  Calls on the copy and calls on the games of other contexts may run at the
 * same time on different threads (see @ref threads).  @b Referee-only, like ::wg_game_clone.
 * @param out receives the copy (NULL on failure)
 * @param ctx the context of the copy (may be the game's own)
 * @param game the game to copy; only read (a reader call: clones of one game into several contexts
 *        may be made at the same time from several threads)
 * @par Threads:
 * A reader of @p game and a writer of @p ctx (@ref threads).
 * @ownership owned
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer; the message is on @p ctx), ::WG_ENOMEM (the message
 *         is on @p ctx; nothing of @p ctx is kept, @p game is unchanged)
 */
WG_API int wg_game_clone_to(wg_game **out, wg_ctx *ctx, const wg_game *game);

/**
 * @brief A lean copy of the game for search: the state and what its next decisions need, without
 *        the history.
 *
 * The fork holds the current state, the option cache, the dice and bot generators, and nothing of
 * the past: no events (::wg_game_event_count stays 0), no decision log (::wg_game_step_count stays
 * 0, there is nothing to undo) and no starting point (::wg_game_save returns ::WG_ESTATE).  Its own
 * memory (the state, the ruleset's scratch, the option list and one event slot) comes from @p ctx,
 * so a search can keep its forks in a context of its own and count their allocations apart
 * (::wg_ctx_alloc_count); ::wg_game_fork_into reuses a fork without allocating.  Every call on games
 * works on a fork: enumerate, choose (a chance outcome too: ::wg_game_choose with the outcome's
 * index, its probability given by ::wg_game_option_weight), roll, play out, score, clone (a clone
 * of a fork is a full game starting at the fork's position, not savable).
 *
 * The fork @b borrows the read-only data of @p game (map, tables, order of battle, ruleset data,
 * options, supplied documents): free every fork of a game, and every fork of such a fork, before
 * the game (a fork of a fork borrows from the same game), and use a game and its forks from one
 * thread at a time.  ::wg_game_table on a fork returns the game's own table, borrowed from it
 * like the rest.  A step that fails in a fork (the rules refuse it, or memory runs out) leaves
 * the fork unusable (::WG_ESTATE on every later step) until it is forked again with
 * ::wg_game_fork_into: a fork keeps no history to rebuild its state from.  The cost of a fork is a
 * copy of the state bytes plus the option list; bench program wg-bench-bots prints it against a
 * memcpy of the state.
 * @param out receives the fork (NULL on failure); free it with ::wg_game_free
 * @param ctx the context the fork's memory comes from (may be the game's own)
 * @param game the game to fork; only read
 * @par Threads:
 * A reader of @p game and a writer of @p ctx (@ref threads).
 * @ownership owned
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer; the message is on @p ctx), ::WG_ENOMEM (the message
 *         is on @p ctx; nothing of @p ctx is kept, @p game is unchanged)
 */
WG_API int wg_game_fork(wg_game **out, wg_ctx *ctx, const wg_game *game);

/**
 * @brief Makes the fork @p dst a fork of @p game again, reusing its memory (no allocation once
 *        @p dst has held an option list as long as @p game's).
 *
 * @p dst must have been made by ::wg_game_fork from a game of the same ruleset; its previous
 * position is forgotten and it becomes usable again after a failed step.  The borrowing rules of
 * ::wg_game_fork apply to @p game.
 * @param dst a fork (written)
 * @param game the game or fork to copy; only read
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, @p dst is not a fork, or the rulesets differ; the
 *         message is on @p dst), ::WG_ENOMEM (@p dst is as it was)
 * @threads_writer
 */
WG_API int wg_game_fork_into(wg_game *dst, const wg_game *game);

/**
 * @brief A copy of the game as player @p viewer may believe it to be: every fact hidden from him
 *        is sampled anew, consistently with everything he has seen (determinization).
 *
 * What he sees is the same in both games: ::wg_game_describe, the pieces, the decision and, when he
 * decides, its options, all for @p viewer.  What he does not see is drawn from @p seed: in Les
 * Maréchaux, which enemy unit is under each hidden counter (among those he could not tell apart since
 * he last saw them: same zone and markers, or a group that split out of his sight; a decoy never
 * alone) and the enemy's held events (from his container and hand).  The dice generators are seeded
 * from @p seed, so the copy's future dice say nothing of the original's.  In a ruleset without hidden
 * facts (La Grande Armée) only the dice change.
 *
 * The copy starts at the current position: it has no events (its event 0 is the first event after
 * this call), no decisions to undo (::wg_game_step_count is 0), and it cannot be saved
 * (::wg_game_save returns ::WG_ESTATE).  Search bots sample many copies and decide in them for
 * @p viewer without reading what the rules hide.  The copy belongs to @p viewer: a host may show it
 * to him (it holds nothing of the original's hidden facts beyond what he knows), but not to the
 * other players.  Free it with ::wg_game_free.
 * @ownership owned
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (@p viewer is not a player of the
 *         game), ::WG_ENOMEM (@p out is left NULL and @p game unchanged)
 * @threads_ctxwriter
 */
WG_API int wg_game_determinize(wg_game **out, const wg_game *game, int viewer, uint64_t seed);

/**
 * @brief Whether event @p i showed player @p viewer something the rules hid from him until then:
 *        a counter turned over in a combat, a card or event played, a counter eliminated or removed.
 *
 * After such an event a search bot samples its determinized copies (::wg_game_determinize) anew.
 * Sets @p out to 1 or 0 (always 0 in a ruleset without hidden facts, and for ::WG_VIEW_REFEREE).
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERANGE (no such event or viewer)
 * @threads_reader
 */
WG_API int wg_game_event_reveals(int *out, const wg_game *game, size_t i, int viewer);

/**
 * @brief Saves the game to bytes: magic, format version (2), ruleset and its rules revision,
 *        scenario, options, seed, supplied documents and table cells, decision log, checksum.
 *
 * With @p buf NULL or @p cap too small, sets @p len and returns
 * ::WG_EBUFSIZE (when @p buf is non-NULL) or ::WG_OK (when @p buf is NULL).
 * @b Referee-only: a save holds every hidden fact and the seed.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_EBUFSIZE, ::WG_ESTATE (a copy made by ::wg_game_determinize)
 * @threads_reader
 */
WG_API int wg_game_save(void *buf, size_t cap, size_t *len, const wg_game *game);

/**
 * @brief Loads a game saved by ::wg_game_save (replaying its decisions).
 *
 * A save has one form: what ::wg_game_save would never write (a supplied cell listed twice or out
 * of order, a cell outside its table, a printed cell, a supplied cell missing from the list) is
 * refused as corrupt, and a game loaded saves back byte for byte.
 *
 * Format versions: 2 (written since the rules revision is saved) and 1 (read as rules revision 1)
 * are read; a save saves back in format 2.  A save of another format version, or one played under
 * another revision of the ruleset's rules (whose decisions would not replay the same), is refused
 * with ::WG_EVERSION, never misread.  tests/saves/ keeps one save per format.
 * @return ::WG_OK, ::WG_EINVAL (NULL arguments), ::WG_ECORRUPT (truncated, bad checksum, not in the
 *         form save writes, illegal decision), ::WG_EVERSION (an unknown format version, or another
 *         rules revision), ::WG_ENOTFOUND (a ruleset or scenario this library lacks), ::WG_ENOMEM;
 *         @p out is set to NULL on failure
 * @threads_writer
 */
WG_API int wg_game_load(wg_game **out, wg_ctx *ctx, const void *buf, size_t len);

/**
 * @brief The map of the game (owned by the game).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_game_map(const wg_map **out, const wg_game *game);

/**
 * @brief The order of battle of the game (owned by the game).
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ENOTFOUND (the game has no order of battle
 *         handle: La Grande Armée and Les Maréchaux games hold their units in the ruleset state)
 * @threads_reader
 */
WG_API int wg_game_oob(const wg_oob **out, const wg_game *game);

/**
 * @brief Number of tables of the game.
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain)
 * @threads_reader
 */
WG_API int wg_game_table_count(int *out, const wg_game *game);

/**
 * @brief Table @p i of the game (owned by the game).  The host may supply
 *        cells before or during play; saves record supplied cells.
 * @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ERANGE (an
 *         index out of range)
 * @threads_writer
 */
WG_API int wg_game_table(wg_table **out, wg_game *game, int i);

/**
 * @brief The game's table with this name (e.g. "crt"), owned by the game. @ownership borrowed
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer or an argument outside its domain), ::WG_ENOTFOUND
 *         (no such name or entry)
 * @threads_writer
 */
WG_API int wg_game_table_find(wg_table **out, wg_game *game, const char *name);

/** @} */

/* ======================================================================== */
/** @defgroup lga La Grande Armée: exact combat odds
 *
 * Calls of one ruleset kept for the ABI: ::wg_game_odds gives the same odds for every ruleset.
 *  @{ */

/** @brief Combat results of La Grande Armée (the closed vocabulary of the CRT, checklist LGA-GAP-72). */
typedef enum wg_lga_result {
    WG_LGA_R_NONE = 0,    /**< no result */
    WG_LGA_R_AE = 1,      /**< Ae: every attacking unit eliminated */
    WG_LGA_R_ARS = 2,     /**< Ars: attackers retreat scattered */
    WG_LGA_R_AR2 = 3,     /**< Ar2: attackers retreat two hexes */
    WG_LGA_R_AR1 = 4,     /**< Ar1: attackers retreat one hex */
    WG_LGA_R_DE = 5,      /**< De: every defending unit eliminated (also the automatic elimination at 500%) */
    WG_LGA_R_DRS = 6,     /**< Drs: defenders retreat scattered */
    WG_LGA_R_DR2 = 7,     /**< Dr2: defenders retreat two hexes */
    WG_LGA_R_DR1 = 8,     /**< Dr1: defenders retreat one hex */
    WG_LGA_R_HALFEX = 9,  /**< half exchange */
    WG_LGA_R_GAP = 15     /**< the cell is not printed and was not supplied */
} wg_lga_result;

/** @brief Indices into the output of ::wg_lga_attack_odds. */
typedef enum wg_lga_odds_field {
    WG_LGA_ODDS_ATT_BASE = 0,     /**< attacking Combat units' strength after supply */
    WG_LGA_ODDS_ATT_SUPPLIED = 1, /**< printed strength of the attacking units in Combat Supply */
    WG_LGA_ODDS_ATT_LEADERS = 2,  /**< Offensive Leadership Bonuses added (capped by the strength) */
    WG_LGA_ODDS_ATT_TOTAL = 3,    /**< attacker's total */
    WG_LGA_ODDS_DEF_BASE = 4,     /**< defending units' strength after supply */
    WG_LGA_ODDS_DEF_LEADERS = 5,  /**< Defensive Leadership Bonuses added (capped) */
    WG_LGA_ODDS_DEF_MULT = 6,     /**< terrain multiplier (1, 2 or 3: the best one only) */
    WG_LGA_ODDS_DEF_TOTAL = 7,    /**< defender's total */
    WG_LGA_ODDS_PERCENT = 8,      /**< odds percentage, 100 x attacker / defender, fractions dropped (-1: infinite) */
    WG_LGA_ODDS_COLUMN = 9,       /**< CRT column 0..10 */
    WG_LGA_ODDS_FORCED = 10,      /**< 0, or a ::wg_lga_result every face gets without the table (river below 160%, 500%) */
    WG_LGA_ODDS_GAP_FACES = 11,   /**< how many of the six faces fall on cells neither printed nor supplied */
    WG_LGA_ODDS_FACES = 12,       /**< face f (1..6): entries 12+3(f-1) .. 14+3(f-1): first result, second result, cell source (::wg_cell_source) */
    WG_LGA_ODDS_COUNT = 30        /**< number of entries */
} wg_lga_odds_field;

/**
 * @brief The exact distribution of Combat Results Table outcomes of a declared La Grande Armée attack.
 *
 * @p battle is the index of an attack declared in the current Combat Phase (0 = the first declared).
 * The breakdown uses the supply allocated so far.  Every die face is equally likely.
 * @param out receives ::WG_LGA_ODDS_COUNT entries (see ::wg_lga_odds_field); may be NULL when @p cap is 0
 * @param cap capacity of @p out
 * @param len receives ::WG_LGA_ODDS_COUNT
 * @param game a game of the ruleset "lga" (its message explains a failure)
 * @param battle the attack, 0 for the first declared in the current Combat Phase
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERULESET (not an lga game), ::WG_ESTATE (no such attack now), ::WG_EBUFSIZE
 * @threads_writer
 * @deprecated Superseded by ::wg_game_odds (verb `attack`, with `supply=current` for a declared battle);
 *             kept for the ABI.
 */
WG_API int wg_lga_attack_odds(int64_t *out, size_t cap, size_t *len, wg_game *game, int battle);

/**
 * @brief The same distribution in words, with the modifier breakdown and the rules applied.
 * @param buf receives the text (NUL-terminated when @p cap > 0)
 * @param cap capacity of @p buf
 * @param len receives the length of the full text
 * @param game a game of the ruleset "lga"
 * @param battle the attack, 0 for the first declared in the current Combat Phase
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERULESET, ::WG_ESTATE, ::WG_EBUFSIZE
 * @threads_writer
 * @deprecated Superseded by ::wg_game_odds (verb `attack`);
 *             kept for the ABI.
 */
WG_API int wg_lga_attack_odds_text(char *buf, size_t cap, size_t *len, wg_game *game, int battle);

/** @} */

/* ======================================================================== */
/** @defgroup marechaux Les Maréchaux: exact combat odds
 *
 * Calls of one ruleset kept for the ABI: ::wg_game_odds gives the same odds for every ruleset.
 *  @{ */

/** @brief Indices into the output of ::wg_marechaux_combat_odds. */
typedef enum wg_marechaux_odds_field {
    WG_MR_ODDS_TOTAL = 0,     /**< equally likely outcomes enumerated (the CP dice not yet rolled) */
    WG_MR_ODDS_ATTACKER = 1,  /**< the attacking player (0 Anglo-Allied, 1 French) */
    WG_MR_ODDS_ATT_WINS = 2,  /**< outcomes the attacker wins */
    WG_MR_ODDS_DEF_WINS = 3,  /**< outcomes the defender wins */
    WG_MR_ODDS_DRAWS = 4,     /**< outcomes with a CP difference of 0 */
    WG_MR_ODDS_GAPS = 5,      /**< outcomes whose melee cell is neither printed nor supplied */
    WG_MR_ODDS_ATT_CP = 6,    /**< 10 entries: the attacker's CP modifiers without the die (events, artillery, strength ratio, head unit morale, commander SV, terrain, no axis of retreat, back to the river, forced passage, demoralized) */
    WG_MR_ODDS_DEF_CP = 16,   /**< 10 entries: the defender's CP modifiers, same order */
    WG_MR_ODDS_DIFF = 26,     /**< 81 entries: outcomes with CP difference d (attacker minus defender, clamped to -40..40) at index 66 + d */
    WG_MR_ODDS_LOSS_AA = 107, /**< 16 entries: outcomes in which the Anglo-Allied stack loses k steps in the melee (the last: 15 or more) */
    WG_MR_ODDS_LOSS_FR = 123, /**< 16 entries: the same for the French stack */
    WG_MR_ODDS_RETREAT = 139, /**< 8 entries: outcomes in which the loser retreats k zones (the last: 7 or more) */
    WG_MR_ODDS_COUNT = 147    /**< number of entries */
} wg_marechaux_odds_field;

/**
 * @brief The exact distribution of the melee of the Les Maréchaux combat in progress.
 *
 * Available once the strength ratio is known (from the naming of the head units to the last CP die).
 * Head units not named yet count with the best eligible morale; dice already rolled are fixed.
 * @param out receives ::WG_MR_ODDS_COUNT entries (see ::wg_marechaux_odds_field); may be NULL when @p cap is 0
 * @param cap capacity of @p out
 * @param len receives ::WG_MR_ODDS_COUNT
 * @param game a marechaux game with a combat in progress
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERULESET (not a marechaux game), ::WG_ESTATE (no combat at that point), ::WG_EBUFSIZE
 * @threads_writer
 * @deprecated Superseded by ::wg_game_odds (verb `combat`);
 *             kept for the ABI.
 */
WG_API int wg_marechaux_combat_odds(int64_t *out, size_t cap, size_t *len, wg_game *game);

/**
 * @brief The same distribution in words, with each side's CP modifier breakdown.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERULESET, ::WG_ESTATE, ::WG_EBUFSIZE
 * @threads_writer
 * @deprecated Superseded by ::wg_game_odds (verb `combat`);
 *             kept for the ABI.
 */
WG_API int wg_marechaux_combat_odds_text(char *buf, size_t cap, size_t *len, wg_game *game);

/** @brief Indices into the output of ::wg_marechaux_command_odds (all counts are die faces out of 6). */
typedef enum wg_marechaux_command_field {
    WG_MR_CMD_TOTAL = 0,    /**< equally likely outcomes: the 6 faces of the die */
    WG_MR_CMD_EXEMPT = 1,   /**< 1 when the Commander in Chief is in the stack's zone: no test, all MP (LM-CMD-02/03) */
    WG_MR_CMD_NOTHING = 2,  /**< faces with a total of 2 or less: activated, does nothing (LM-CMD-09) */
    WG_MR_CMD_HALF = 3,     /**< faces with a total of 3 or 4: half MP (LM-CMD-08) */
    WG_MR_CMD_ALL = 4,      /**< faces with a total of 5 or more: all MP (LM-CMD-07); 6 when exempt */
    WG_MR_CMD_SV = 5,       /**< modifier: the SV of the stack's commander (LM-CMD-04, LM-CDR-05) */
    WG_MR_CMD_ONLY_CAV = 6, /**< modifier: +1 when the stack holds only cavalry (LM-CMD-05) */
    WG_MR_CMD_PATH = 7,     /**< modifier: +1 for a clear path from the Commander in Chief (LM-CMD-06) */
    WG_MR_CMD_COUNT = 8     /**< number of entries */
} wg_marechaux_command_field;

/**
 * @brief The exact odds of a Les Maréchaux command test, with its modifiers.
 *
 * With @p zone -1 the test is the pending one: the stack being formed to move or to disengage (the
 * test that follows a successful disengagement, GAP-29), or the command die about to be rolled.
 * With a zone, the test the units of @p side in that zone that may still be activated would take
 * if they moved together now.  A player may ask only about his own side's stacks: the commanders
 * and the composition of the enemy's counters are hidden from him (LM-FOG-01).
 * @param out receives ::WG_MR_CMD_COUNT entries (see ::wg_marechaux_command_field); may be NULL when @p cap is 0
 * @param cap capacity of @p out
 * @param len receives ::WG_MR_CMD_COUNT
 * @param game a marechaux game
 * @param viewer who asks: a player (0 Anglo-Allied, 1 French) or ::WG_VIEW_REFEREE
 * @param side the side whose stack is tested (0 Anglo-Allied, 1 French); for the pending test, the side conducting the operation
 * @param zone a zone of ::wg_game_map, or -1 for the pending test
 * @return ::WG_OK, ::WG_EINVAL (NULL pointers; a player asking about the other side's stack),
 *         ::WG_ERULESET (not a marechaux game), ::WG_ERANGE (no such viewer, side or zone),
 *         ::WG_ESTATE (no test pending for @p side; no unit of @p side in @p zone may be
 *         activated),
 *         ::WG_EBUFSIZE
 * @threads_writer
 * @deprecated Superseded by ::wg_game_odds (verb `command`);
 *             kept for the ABI.
 */
WG_API int wg_marechaux_command_odds(int64_t *out, size_t cap, size_t *len, wg_game *game, int viewer, int side, int zone);

/** @brief Indices into the output of ::wg_marechaux_disengage_odds (all counts are die faces out of 6). */
typedef enum wg_marechaux_disengage_field {
    WG_MR_DIS_TOTAL = 0,          /**< equally likely outcomes: the 6 faces of the die */
    WG_MR_DIS_SUCCESS = 1,        /**< faces that succeed (a total of 3 or less), or -1 while the viewer cannot know the enemy's cavalry count */
    WG_MR_DIS_KIND = 2,           /**< 0 a disengagement operation (LM-DISENG-01), 1 a cavalry withdrawal from a combat (LM-COMBAT-08) */
    WG_MR_DIS_OWN_CAV = 3,        /**< cavalry steps of the disengaging stack */
    WG_MR_DIS_ENEMY_CAV = 4,      /**< cavalry steps of the enemy counted (0 when he declined to declare), -1 unknown to the viewer */
    WG_MR_DIS_CAV_MOD = 5,        /**< modifier: -1 more cavalry steps than the enemy, +1 otherwise (LM-DISENG-03), +1 undeclared (GAP-30), 0 unknown */
    WG_MR_DIS_ONLY_CAV = 6,       /**< modifier: -1 when the stack is composed only of cavalry (LM-DISENG-04) */
    WG_MR_DIS_DECLARED = 7,       /**< the disengaging player's declaration: -1 not yet, 0 declined, 1 declared (LM-DISENG-07) */
    WG_MR_DIS_ENEMY_DECLARED = 8, /**< the other player's declaration, made first: -1 not yet, 0 declined, 1 declared (LM-DISENG-08) */
    WG_MR_DIS_IF_MORE = 9,        /**< faces that succeed when declared with more cavalry steps than the enemy's count */
    WG_MR_DIS_IF_NOT_MORE = 10,   /**< faces that succeed when declared with as many cavalry steps or fewer */
    WG_MR_DIS_IF_SECRET = 11,     /**< faces that succeed when the disengaging player declines to declare */
    WG_MR_DIS_COUNT = 12          /**< number of entries */
} wg_marechaux_disengage_field;

/**
 * @brief The exact odds of a Les Maréchaux disengagement or cavalry withdrawal, with its modifiers.
 *
 * With @p zone -1 the test is the pending one: the stack being formed to disengage, the
 * declarations, the disengagement die, or a cavalry withdrawal offered or rolled in the combat in
 * progress (its counters are turned over, so any viewer may ask).  With a zone, the disengagement the
 * units of @p side in that zone that may still be activated would try now, the declarations not yet
 * made.  The modifiers count only when declared (LM-DISENG-07, GAP-30): a player learns the enemy's
 * cavalry count from his declaration; before it, #WG_MR_DIS_SUCCESS is -1 for him and the
 * conditional counts tell the odds; the referee sees the true counts (both sides declaring).
 * @param out receives ::WG_MR_DIS_COUNT entries (see ::wg_marechaux_disengage_field); may be NULL when @p cap is 0
 * @param cap capacity of @p out
 * @param len receives ::WG_MR_DIS_COUNT
 * @param game a marechaux game
 * @param viewer who asks: a player (0 Anglo-Allied, 1 French) or ::WG_VIEW_REFEREE
 * @param side the disengaging side (0 Anglo-Allied, 1 French); for the pending test, the side that rolls
 * @param zone a zone of ::wg_game_map, or -1 for the pending test
 * @return ::WG_OK, ::WG_EINVAL (NULL pointers; a player asking about the other side's stack outside a combat),
 *         ::WG_ERULESET (not a marechaux game), ::WG_ERANGE (no such viewer, side or zone),
 *         ::WG_ESTATE (no test pending for @p side; no unit of @p side in @p zone may be
 *         activated),
 *         ::WG_EBUFSIZE
 * @threads_writer
 * @deprecated Superseded by ::wg_game_odds (verb `disengage`);
 *             kept for the ABI.
 */
WG_API int wg_marechaux_disengage_odds(int64_t *out, size_t cap, size_t *len, wg_game *game, int viewer, int side, int zone);

/** @brief Indices into the output of ::wg_marechaux_demoralization_odds (all counts are die faces out of 6). */
typedef enum wg_marechaux_demoralization_field {
    WG_MR_DEM_TOTAL = 0,       /**< equally likely outcomes: the 6 faces of the die */
    WG_MR_DEM_DEMORALIZED = 1, /**< faces for which 1d6 + the retreat distance exceeds the head unit's morale (LM-DEMOR-01) */
    WG_MR_DEM_SIDE = 2,        /**< the losing side that tests (0 Anglo-Allied, 1 French) */
    WG_MR_DEM_RETREAT = 3,     /**< modifier: the retreat distance of the melee result */
    WG_MR_DEM_HEAD_MORALE = 4, /**< the morale to beat: the head unit's current morale */
    WG_MR_DEM_NEW_HEAD = 5,    /**< 1 when the head unit is gone and the best eligible unit stands in (LM-DEMOR-02, GAP-12) */
    WG_MR_DEM_BY_RETREAT = 6,  /**< 8 entries: demoralizing faces for a retreat of k zones at index 6 + k (k = 0..7) */
    WG_MR_DEM_COUNT = 14       /**< number of entries */
} wg_marechaux_demoralization_field;

/**
 * @brief The exact odds of the demoralization test of the loser of the Les Maréchaux combat in progress.
 *
 * Available from the melee result until the test is rolled, when the melee had a winner and the
 * loser still has units (a successful cavalry withdrawal takes no test).  The counters of a combat
 * are turned over (LM-COMBAT-04), so every viewer may know these odds.  The head unit counts as it
 * stands: losses not yet allocated may still change it.
 * @param out receives ::WG_MR_DEM_COUNT entries (see ::wg_marechaux_demoralization_field); may be NULL when @p cap is 0
 * @param cap capacity of @p out
 * @param len receives ::WG_MR_DEM_COUNT
 * @param game a marechaux game with a combat in progress
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ERULESET (not a marechaux game),
 *         ::WG_ESTATE (no demoralization test at this point: no combat, no melee result yet, a
 *         draw,
 *         no losing unit left, or the test already rolled), ::WG_EBUFSIZE
 * @threads_writer
 * @deprecated Superseded by ::wg_game_odds (verb `demoralization`);
 *             kept for the ABI.
 */
WG_API int wg_marechaux_demoralization_odds(int64_t *out, size_t cap, size_t *len, wg_game *game);

/** @} */

/* ======================================================================== */
/** @defgroup bots Bots
 *
 * Bots that choose the options of a player: a uniformly random bot and a Monte Carlo tree search
 * (MCTS, UCT with chance nodes sampled by their exact weights; Information-Set MCTS over
 * determinizations of the bot's own view in games with hidden facts).  Budgets are counts
 * (iterations, playout steps), never clock time; a bot is deterministic from its seed.  The search
 * works on forks (::wg_game_fork) and tree nodes allocated in a context the bot owns (its
 * allocations are counted apart from the game's: ::wg_bot_stat).  doc/bots.md describes the kinds,
 * the spec keys and their defaults, the evaluation and the rollout policy.
 *  @{ */

/** @brief A bot. */
typedef struct wg_bot wg_bot;

/**
 * @brief Creates a bot from a spec text.
 *
 * The spec is a kind followed by optional settings: `random`; `mcts` (UCT in games of open
 * information, Information-Set MCTS in games with hidden facts); `ismcts` (always over
 * determinizations); `mcts:N` is `mcts iterations=N`.  Settings are `KEY=VALUE` words separated by
 * spaces or commas: `iterations` (`auto`, the default: 500 in every ruleset, 2000 to declare an attack in La Grande Armée),
 * `depth` (rollout steps; `auto`, the default: 0 in `lga` and `marechaux`, 40 in the others), `c`
 * (UCT exploration, default 1.4), `rollout` (`greedy`, the default, or `uniform`), `attack` (the
 * weight of an attack in a greedy rollout, default 4), `determinizations` (ISMCTS: the number of
 * sampled worlds, default 0: a new one every iteration), `scale` (the evaluation difference worth
 * three quarters of a win; `auto`, the default: per ruleset).  ::wg_bot_spec prints the canonical
 * form, which reads back to the same bot.  doc/bots.md documents each.
 * @param out receives the bot (NULL on failure); free it with ::wg_bot_free
 * @param ctx the context whose allocator the bot uses (the bot counts its allocations in a context
 *        of its own, under the memory limit @p ctx has when the bot is made:
 *        ::wg_ctx_set_memory_limit; a search that reaches it fails with ::WG_ENOMEM)
 * @param spec the spec text
 * @param seed the seed of the bot's generator
 * @ownership owned
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer, or a malformed spec: unknown kind or key, bad value;
 *         the message is on @p ctx), ::WG_ENOMEM (the message is on @p ctx)
 * @threads_ctxwriter
 */
WG_API int wg_bot_new(wg_bot **out, wg_ctx *ctx, const char *spec, uint64_t seed);

/**
 * @brief Frees a bot (NULL is allowed).
 * @threads_writer
 */
WG_API void wg_bot_free(wg_bot *bot);

/**
 * @brief The message of the last failed call on the bot ("" when none).
 * @ownership borrowed (valid until the next call on the bot)
 * @threads_reader
 */
WG_API const char *wg_bot_errmsg(const wg_bot *bot);

/**
 * @brief Chooses an option of the current decision for the player who decides now; the game does
 *        not change.
 * @param option receives the index of the option chosen
 * @param bot the bot
 * @param game the game; only its option cache and message may change
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ESTATE (the game is over, the decision is a
 *         chance decision, or the decision has no option; the message is on the bot),
 *         ::WG_ENOMEM (the message is on the bot)
 * @threads_writer
 */
WG_API int wg_bot_choose(size_t *option, wg_bot *bot, wg_game *game);

/**
 * @brief ::wg_bot_choose for @p player, who must be the player deciding now.
 * @param option receives the index of the option chosen
 * @param bot the bot
 * @param game the game; only its option cache and message may change
 * @param player the player the bot plays
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (@p player is not a player of the
 *         game), ::WG_ESTATE (the game is over, the decision is a chance decision or has no option,
 *         or @p player does not decide now; the message is on the bot), ::WG_ENOMEM (the message is
 *         on the bot)
 * @threads_writer
 */
WG_API int wg_bot_choose_for(size_t *option, wg_bot *bot, wg_game *game, int player);

/**
 * @brief Chooses as ::wg_bot_choose and takes the option chosen (its required parameters drawn
 *        from the bot's generator); on a chance decision it rolls (::wg_game_roll).
 *
 * An option the rules refuse only when it is taken (a drawn parameter or a move that does not fit,
 * in Les Aigles) leaves the game unchanged and is replaced by another option drawn from the bot's
 * generator, up to 16 times; the last refusal's status is returned when none goes through.
 * @param chosen receives the index of the option taken (may be NULL)
 * @param bot the bot
 * @param game the game
 * @return ::WG_OK, ::WG_EINVAL, ::WG_ESTATE (the game is over), ::WG_ENOMEM, or a status of
 *         ::wg_game_choose_params (the message is on the game); a failure changes nothing
 * @threads_writer
 */
WG_API int wg_bot_play(size_t *chosen, wg_bot *bot, wg_game *game);

/** @brief The counters of a bot (::wg_bot_stat), since the bot was made. */
typedef enum wg_bot_stat_kind {
    WG_BOT_DECISIONS = 0,   /**< decisions chosen */
    WG_BOT_ITERATIONS = 1,  /**< search iterations run */
    WG_BOT_NODES = 2,       /**< tree nodes made */
    WG_BOT_FORKS = 3,       /**< forks made or refreshed (::wg_game_fork, ::wg_game_fork_into) */
    WG_BOT_STEPS = 4,       /**< steps taken in forks (tree descent and rollouts) */
    WG_BOT_ALLOCATIONS = 5, /**< allocations in the bot's own context (its forks, node arena, path) */
    WG_BOT_BYTES = 6,       /**< bytes the bot holds now in its own context */
    WG_BOT_BYTES_PEAK = 7   /**< the most bytes it held */
} wg_bot_stat_kind;

/**
 * @brief One of the bot's counters (see ::wg_bot_stat_kind): its allocations are counted apart from
 *        the game's.
 * @param out receives the counter
 * @param bot the bot
 * @param which a ::wg_bot_stat_kind
 * @return ::WG_OK, ::WG_EINVAL (a NULL pointer), ::WG_ERANGE (no such counter)
 * @threads_reader
 */
WG_API int wg_bot_stat(uint64_t *out, const wg_bot *bot, int which);

/**
 * @brief The bot's spec in canonical form: the kind and every setting with its value.
 * @return ::WG_OK, ::WG_EINVAL, ::WG_EBUFSIZE (@p len says how long it is)
 * @threads_reader
 */
WG_API int wg_bot_spec(char *buf, size_t cap, size_t *len, const wg_bot *bot);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* WARGAME_H */

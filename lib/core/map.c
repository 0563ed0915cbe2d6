/* Maps: hex grids with hex-sides, and zone graphs with typed connections.
 *
 * Hex (col, row) is space row * cols + col.  Neighbours and axial coordinates are precomputed
 * when the grid is made, so wg__map_hex_neighbor is one array read.  Searches use scratch arrays
 * kept on the map and grown on demand: a search allocates at most once (when the scratch grows)
 * and never per step. */
#include "internal.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#define WG__MAP_MAX_SIDE 4096
#define WG__MAP_MAX_BITS 32
/* The largest connection cost (doc/data-format-map.md): a path through every connection of a map
   of up to 200,000 connections still sums below INT_MAX, and a search adds costs in long long. */
#define WG__MAP_MAX_COST 9999

/* The message buffer of a map, NULL for a const map: calls on a const handle never write it (the
   header's thread contract), they return the status only. */
#define EB(m) _Generic((m), wg_map *: (m)->err, default: (char *)NULL)
#define MERR(map, st, ...) wg__seterr(EB(map), (st), __VA_ARGS__)

static const char *const vocab_what[WG__MAP_NVOCAB] = {"terrain", "flag", "sideflag", "conntype", "linetype"};

/* ---------------------------------------------------------------- life cycle */

wg_map *wg__map_alloc(wg_ctx *ctx, int kind)
{
    wg_map *m = wg__alloc(ctx, sizeof *m);
    if (!m)
        return NULL;
    m->ctx = ctx;
    m->refs = 1;
    m->kind = kind;
    m->layout = -1;
    wg__ctx_retain(ctx);
    return m;
}

static void names_free(wg_ctx *ctx, wg_map_names *n)
{
    for (int i = 0; i < n->count; i++)
        wg__strfree(ctx, n->name[i]);
    wg__free(ctx, n->name, n->cap * sizeof *n->name);
    n->name = NULL;
    n->count = 0;
    n->cap = 0;
}

static void map_destroy(wg_map *m)
{
    wg_ctx *ctx = m->ctx;
    size_t cap = m->capspace;
    if (m->names)
        for (int i = 0; i < m->nspace; i++)
            wg__strfree(ctx, m->names[i]);
    if (m->adj)
        for (int i = 0; i < m->nspace; i++)
            wg__free(ctx, m->adj[i], m->adj_cap[i] * sizeof(int));
    wg__free(ctx, m->terrain, cap * sizeof *m->terrain);
    wg__free(ctx, m->flags, cap * sizeof *m->flags);
    wg__free(ctx, m->names, cap * sizeof *m->names);
    wg__free(ctx, m->adj_count, cap * sizeof *m->adj_count);
    wg__free(ctx, m->adj, cap * sizeof *m->adj);
    wg__free(ctx, m->adj_cap, cap * sizeof *m->adj_cap);
    wg__free(ctx, m->hexside, cap * 6 * sizeof *m->hexside);
    wg__free(ctx, m->nbr, cap * 6 * sizeof *m->nbr);
    wg__free(ctx, m->hq, cap * sizeof *m->hq);
    wg__free(ctx, m->hr, cap * sizeof *m->hr);
    size_t cc = m->capconn;
    wg__free(ctx, m->conn_a, cc * sizeof(int));
    wg__free(ctx, m->conn_b, cc * sizeof(int));
    wg__free(ctx, m->conn_type, cc * sizeof(int));
    wg__free(ctx, m->conn_cost, cc * sizeof(int));
    wg__map_table_free(m);
    for (int v = 0; v < WG__MAP_NVOCAB; v++)
        names_free(ctx, &m->vocab[v]);
    wg__strfree(ctx, m->title);
    wg__free(ctx, m->scratch, m->scratch_cap * sizeof(int));
    wg__free(ctx, m, sizeof *m);
    wg__ctx_release(ctx);
}

void wg_map_free(wg_map *map)
{
    if (!map)
        return;
    if (--map->refs > 0)
        return;
    map_destroy(map);
}

void wg__map_retain(wg_map *map)
{
    map->refs++;
}

/* Grows n parallel arrays from oldcap to newcap elements: all or nothing. */
int wg__map_grow_parallel(wg_ctx *ctx, void **const *arrs, const size_t *elem, int n, size_t oldcap,
                          size_t newcap)
{
    void *fresh[8] = {NULL};
    for (int i = 0; i < n; i++) {
        if (newcap > SIZE_MAX / elem[i] || !(fresh[i] = wg__alloc(ctx, newcap * elem[i]))) {
            for (int j = 0; j < i; j++)
                wg__free(ctx, fresh[j], newcap * elem[j]);
            return WG_ENOMEM;
        }
    }
    for (int i = 0; i < n; i++) {
        if (*arrs[i]) {
            memcpy(fresh[i], *arrs[i], oldcap * elem[i]);
            wg__free(ctx, *arrs[i], oldcap * elem[i]);
        }
        *arrs[i] = fresh[i];
    }
    return WG_OK;
}

/* Allocates the arrays of a cols x rows grid and precomputes neighbours and axial coordinates. */
static int hex_init(wg_map *m, int cols, int rows, int layout)
{
    size_t n = (size_t)cols * (size_t)rows;
    void **arrs[7] = {(void **)&m->terrain, (void **)&m->flags, (void **)&m->names, (void **)&m->hexside,
                      (void **)&m->nbr,     (void **)&m->hq,    (void **)&m->hr};
    size_t elem[7] = {sizeof(int), sizeof(uint32_t), sizeof(char *), 6 * sizeof(uint32_t),
                      6 * sizeof(int), sizeof(int), sizeof(int)};
    if (wg__map_grow_parallel(m->ctx, arrs, elem, 7, 0, n) != WG_OK)
        return WG_ENOMEM;
    m->kind = WG_MAP_HEX;
    m->cols = cols;
    m->rows = rows;
    m->layout = layout;
    m->nspace = (int)n;
    m->capspace = n;
    for (int row = 0; row < rows; row++) {
        for (int col = 0; col < cols; col++) {
            int s = row * cols + col, q, r;
            wg_hex_offset_to_axial(&q, &r, col, row, layout);
            m->hq[s] = q;
            m->hr[s] = r;
        }
    }
    for (int s = 0; s < m->nspace; s++) {
        for (int d = 0; d < 6; d++) {
            int c, rw;
            wg_hex_axial_to_offset(&c, &rw, m->hq[s] + wg__hex_dq[d], m->hr[s] + wg__hex_dr[d], layout);
            m->nbr[s * 6 + d] = (c >= 0 && c < cols && rw >= 0 && rw < rows) ? rw * cols + c : -1;
        }
    }
    return WG_OK;
}

static int check_grid_args(wg_ctx *ctx, int cols, int rows, int layout)
{
    if (layout < WG_HEX_ODD_Q || layout > WG_HEX_EVEN_R)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_map_new_hex: layout %d is not a wg_hex_layout (0..3)", layout);
    if (cols < 1 || cols > WG__MAP_MAX_SIDE || rows < 1 || rows > WG__MAP_MAX_SIDE)
        return wg__ctx_err(ctx, WG_ERANGE, "wg_map_new_hex: a %dx%d grid is out of range (1..%d each way)", cols,
                           rows, WG__MAP_MAX_SIDE);
    return WG_OK;
}

int wg_map_new_hex(wg_map **out, wg_ctx *ctx, int cols, int rows, int layout)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_map_new_hex: out is NULL");
    int rc = check_grid_args(ctx, cols, rows, layout);
    if (rc != WG_OK)
        return rc;
    wg_map *m = wg__map_alloc(ctx, WG_MAP_HEX);
    if (!m)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating a %dx%d hex map", cols, rows);
    if (hex_init(m, cols, rows, layout) != WG_OK) {
        map_destroy(m);
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating a %dx%d hex map", cols, rows);
    }
    *out = m;
    return WG_OK;
}

int wg_map_new_graph(wg_map **out, wg_ctx *ctx)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_map_new_graph: out is NULL");
    wg_map *m = wg__map_alloc(ctx, WG_MAP_GRAPH);
    if (!m)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating a zone graph");
    *out = m;
    return WG_OK;
}

/* ---------------------------------------------------------------- checks */

const char *wg__map_kind_name(int kind)
{
    return kind == WG_MAP_HEX ? "hex grid" : kind == WG_MAP_GRAPH ? "zone graph" : "table";
}

int wg__map_check_space(char *eb, const wg_map *m, const char *fn, int space)
{
    if (space < 0 || space >= m->nspace)
        return wg__seterr(eb, WG_ERANGE, "%s: space %d is out of range (the map has %d)", fn, space, m->nspace);
    return WG_OK;
}

int wg__map_check_kind(char *eb, const wg_map *m, const char *fn, int kind)
{
    if (m->kind != kind)
        return wg__seterr(eb, WG_ERULESET, "%s: the map is a %s, not a %s", fn, wg__map_kind_name(m->kind),
                          wg__map_kind_name(kind));
    return WG_OK;
}

static int check_dir(char *eb, const char *fn, int dir)
{
    if (dir < 0 || dir > 5)
        return wg__seterr(eb, WG_EINVAL, "%s: direction %d is not 0..5", fn, dir);
    return WG_OK;
}

#define NULLOUT(m, fn, p)                                                                                        \
    do {                                                                                                         \
        if (!(p))                                                                                                \
            return MERR((m), WG_EINVAL, "%s: %s is NULL", (fn), #p);                                             \
    } while (0)

/* ---------------------------------------------------------------- spaces */

const char *wg_map_errmsg(const wg_map *map)
{
    return map ? map->err : "";
}

int wg_map_kind_of(int *out, const wg_map *map)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_kind_of", out);
    *out = map->kind;
    return WG_OK;
}

int wg_map_space_count(int *out, const wg_map *map)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_space_count", out);
    *out = map->nspace;
    return WG_OK;
}

int wg_map_set_terrain(wg_map *map, int space, int terrain)
{
    if (!map)
        return WG_EINVAL;
    int rc = wg__map_check_space(EB(map), map, "wg_map_set_terrain", space);
    if (rc != WG_OK)
        return rc;
    if (terrain < 0)
        return MERR(map, WG_EINVAL, "wg_map_set_terrain: terrain code %d is negative", terrain);
    map->terrain[space] = terrain;
    return WG_OK;
}

int wg_map_terrain(int *out, const wg_map *map, int space)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_terrain", out);
    int rc = wg__map_check_space(EB(map), map, "wg_map_terrain", space);
    if (rc != WG_OK)
        return rc;
    *out = map->terrain[space];
    return WG_OK;
}

int wg_map_set_flags(wg_map *map, int space, uint32_t flags)
{
    if (!map)
        return WG_EINVAL;
    int rc = wg__map_check_space(EB(map), map, "wg_map_set_flags", space);
    if (rc != WG_OK)
        return rc;
    map->flags[space] = flags;
    return WG_OK;
}

int wg_map_flags(uint32_t *out, const wg_map *map, int space)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_flags", out);
    int rc = wg__map_check_space(EB(map), map, "wg_map_flags", space);
    if (rc != WG_OK)
        return rc;
    *out = map->flags[space];
    return WG_OK;
}

/* The lowest space named `name`, or -1. */
static int find_name(const wg_map *m, const char *name)
{
    for (int i = 0; i < m->nspace; i++)
        if (m->names[i] && strcmp(m->names[i], name) == 0)
            return i;
    return -1;
}

int wg_map_set_name(wg_map *map, int space, const char *name)
{
    if (!map)
        return WG_EINVAL;
    int rc = wg__map_check_space(EB(map), map, "wg_map_set_name", space);
    if (rc != WG_OK)
        return rc;
    char *copy = NULL;
    if (name && name[0]) {
        if (map->kind == WG_MAP_GRAPH) {
            int other = find_name(map, name);
            if (other >= 0 && other != space)
                return MERR(map, WG_EINVAL, "wg_map_set_name: zone %d is already named '%.60s'", other, name);
        }
        copy = wg__strdup(map->ctx, name);
        if (!copy)
            return MERR(map, WG_ENOMEM, "wg_map_set_name: out of memory");
    }
    wg__strfree(map->ctx, map->names[space]);
    map->names[space] = copy;
    return WG_OK;
}

int wg_map_name(const char **out, const wg_map *map, int space)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_name", out);
    int rc = wg__map_check_space(EB(map), map, "wg_map_name", space);
    if (rc != WG_OK)
        return rc;
    *out = map->names[space] ? map->names[space] : "";
    return WG_OK;
}

int wg_map_find(int *out, const wg_map *map, const char *name)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_find", out);
    NULLOUT(map, "wg_map_find", name);
    int s = name[0] ? find_name(map, name) : -1;
    if (s < 0)
        return MERR(map, WG_ENOTFOUND, "wg_map_find: no space is named '%.60s'", name);
    *out = s;
    return WG_OK;
}

int wg_map_title(const char **out, const wg_map *map)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_title", out);
    *out = map->title ? map->title : "";
    return WG_OK;
}

/* ---------------------------------------------------------------- vocabularies */

static int vocab_find(const wg_map_names *n, const char *name)
{
    for (int i = 0; i < n->count; i++)
        if (strcmp(n->name[i], name) == 0)
            return i;
    return -1;
}

/* A declared name: not empty, no blanks, no '=' and no '"'. */
static int name_ok(const char *name)
{
    if (!name[0])
        return 0;
    for (const char *p = name; *p; p++)
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '=' || *p == '"')
            return 0;
    return 1;
}

/* Declares a name (or finds it): WG_OK, WG_EINVAL, WG_EOVERFLOW, WG_ENOMEM; message on the map. */
static int vocab_declare(int *code, wg_map *m, int v, const char *name, const char *fn)
{
    if (!name)
        return MERR(m, WG_EINVAL, "%s: name is NULL", fn);
    if (!name_ok(name))
        return MERR(m, WG_EINVAL, "%s: '%.60s' is not a valid %s name (empty, or has a blank, '=' or '\"')", fn,
                    name, vocab_what[v]);
    wg_map_names *n = &m->vocab[v];
    int i = vocab_find(n, name);
    if (i >= 0) {
        *code = i;
        return WG_OK;
    }
    if ((v == WG__MAP_FLAG || v == WG__MAP_SIDEFLAG) && n->count >= WG__MAP_MAX_BITS)
        return MERR(m, WG_EOVERFLOW, "%s: cannot declare %s '%.60s': %d %ss are declared already", fn,
                    vocab_what[v], name, WG__MAP_MAX_BITS, vocab_what[v]);
    if (n->count == INT_MAX)
        return MERR(m, WG_EOVERFLOW, "%s: too many %s names", fn, vocab_what[v]);
    /* the copy first, the array last: a failure leaves the map and the memory in use as they were */
    char *copy = wg__strdup(m->ctx, name);
    if (!copy)
        return MERR(m, WG_ENOMEM, "%s: out of memory", fn);
    void *arr = n->name;
    size_t cap = n->cap;
    if (wg__grow(m->ctx, &arr, &cap, (size_t)n->count + 1, sizeof(char *)) != WG_OK) {
        wg__strfree(m->ctx, copy);
        return MERR(m, WG_ENOMEM, "%s: out of memory", fn);
    }
    n->name = arr;
    n->cap = cap;
    n->name[n->count] = copy;
    *code = n->count++;
    return WG_OK;
}

#define DECLARE_API(fn, v)                                                                                   \
    int fn(int *code, wg_map *map, const char *name)                                                         \
    {                                                                                                        \
        if (!map)                                                                                            \
            return WG_EINVAL;                                                                                \
        NULLOUT(map, #fn, code);                                                                             \
        return vocab_declare(code, map, (v), name, #fn);                                                     \
    }

DECLARE_API(wg_map_declare_terrain, WG__MAP_TERRAIN)
DECLARE_API(wg_map_declare_flag, WG__MAP_FLAG)
DECLARE_API(wg_map_declare_sideflag, WG__MAP_SIDEFLAG)
DECLARE_API(wg_map_declare_conntype, WG__MAP_CONNTYPE)
DECLARE_API(wg_map_declare_linetype, WG__MAP_LINETYPE)

static int vocab_code(int *out, const wg_map *map, int v, const char *name, const char *fn)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, out);
    NULLOUT(map, fn, name);
    int i = vocab_find(&map->vocab[v], name);
    if (i < 0)
        return MERR(map, WG_ENOTFOUND, "%s: no %s is named '%.60s'", fn, vocab_what[v], name);
    *out = i;
    return WG_OK;
}

static int vocab_name(const char **out, const wg_map *map, int v, int code, const char *fn)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, out);
    if (code < 0 || code >= map->vocab[v].count)
        return MERR(map, WG_ENOTFOUND, "%s: %s %d is not declared (%d are)", fn, vocab_what[v], code,
                    map->vocab[v].count);
    *out = map->vocab[v].name[code];
    return WG_OK;
}

static int vocab_count(int *out, const wg_map *map, int v, const char *fn)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, out);
    *out = map->vocab[v].count;
    return WG_OK;
}

int wg_map_terrain_code(int *out, const wg_map *map, const char *name)
{
    return vocab_code(out, map, WG__MAP_TERRAIN, name, "wg_map_terrain_code");
}

int wg_map_terrain_name(const char **out, const wg_map *map, int code)
{
    return vocab_name(out, map, WG__MAP_TERRAIN, code, "wg_map_terrain_name");
}

int wg_map_terrain_count(int *out, const wg_map *map)
{
    return vocab_count(out, map, WG__MAP_TERRAIN, "wg_map_terrain_count");
}

int wg_map_flag_bit(int *out, const wg_map *map, const char *name)
{
    return vocab_code(out, map, WG__MAP_FLAG, name, "wg_map_flag_bit");
}

int wg_map_flag_name(const char **out, const wg_map *map, int bit)
{
    return vocab_name(out, map, WG__MAP_FLAG, bit, "wg_map_flag_name");
}

int wg_map_flag_count(int *out, const wg_map *map)
{
    return vocab_count(out, map, WG__MAP_FLAG, "wg_map_flag_count");
}

int wg_map_sideflag_bit(int *out, const wg_map *map, const char *name)
{
    return vocab_code(out, map, WG__MAP_SIDEFLAG, name, "wg_map_sideflag_bit");
}

int wg_map_sideflag_name(const char **out, const wg_map *map, int bit)
{
    return vocab_name(out, map, WG__MAP_SIDEFLAG, bit, "wg_map_sideflag_name");
}

int wg_map_sideflag_count(int *out, const wg_map *map)
{
    return vocab_count(out, map, WG__MAP_SIDEFLAG, "wg_map_sideflag_count");
}

int wg_map_conntype_code(int *out, const wg_map *map, const char *name)
{
    return vocab_code(out, map, WG__MAP_CONNTYPE, name, "wg_map_conntype_code");
}

int wg_map_conntype_name(const char **out, const wg_map *map, int code)
{
    return vocab_name(out, map, WG__MAP_CONNTYPE, code, "wg_map_conntype_name");
}

int wg_map_conntype_count(int *out, const wg_map *map)
{
    return vocab_count(out, map, WG__MAP_CONNTYPE, "wg_map_conntype_count");
}

int wg_map_linetype_code(int *out, const wg_map *map, const char *name)
{
    return vocab_code(out, map, WG__MAP_LINETYPE, name, "wg_map_linetype_code");
}

int wg_map_linetype_name(const char **out, const wg_map *map, int code)
{
    return vocab_name(out, map, WG__MAP_LINETYPE, code, "wg_map_linetype_name");
}

int wg_map_linetype_count(int *out, const wg_map *map)
{
    return vocab_count(out, map, WG__MAP_LINETYPE, "wg_map_linetype_count");
}

/* ---------------------------------------------------------------- hex grids */

int wg__map_hex_neighbor(const wg_map *map, int space, int dir)
{
    return map->nbr[space * 6 + dir];
}

uint32_t wg__map_hexside(const wg_map *map, int space, int dir)
{
    return map->hexside[space * 6 + dir];
}

int wg__map_hex_distance(const wg_map *map, int a, int b)
{
    return wg_hex_distance(map->hq[a], map->hr[a], map->hq[b], map->hr[b]);
}

/* The space of axial hex (q, r), or -1 off the map. */
static int hex_space(const wg_map *m, int q, int r)
{
    int col, row;
    if (wg_hex_axial_to_offset(&col, &row, q, r, m->layout) != WG_OK)
        return -1;
    if (col < 0 || col >= m->cols || row < 0 || row >= m->rows)
        return -1;
    return row * m->cols + col;
}

int wg_map_hex_size(int *cols, int *rows, int *layout, const wg_map *map)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_hex_size", cols);
    NULLOUT(map, "wg_map_hex_size", rows);
    NULLOUT(map, "wg_map_hex_size", layout);
    int rc = wg__map_check_kind(EB(map), map, "wg_map_hex_size", WG_MAP_HEX);
    if (rc != WG_OK)
        return rc;
    *cols = map->cols;
    *rows = map->rows;
    *layout = map->layout;
    return WG_OK;
}

int wg_map_hex_at(int *out, const wg_map *map, int col, int row)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_hex_at", out);
    int rc = wg__map_check_kind(EB(map), map, "wg_map_hex_at", WG_MAP_HEX);
    if (rc != WG_OK)
        return rc;
    if (col < 0 || col >= map->cols || row < 0 || row >= map->rows)
        return MERR(map, WG_ERANGE, "wg_map_hex_at: hex %d %d is off the %dx%d grid", col, row, map->cols,
                    map->rows);
    *out = row * map->cols + col;
    return WG_OK;
}

static int hex_space_args(char *eb, const wg_map *map, const char *fn, int space)
{
    int rc = wg__map_check_kind(eb, map, fn, WG_MAP_HEX);
    return rc != WG_OK ? rc : wg__map_check_space(eb, map, fn, space);
}

int wg_map_hex_coords(int *col, int *row, const wg_map *map, int space)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_hex_coords", col);
    NULLOUT(map, "wg_map_hex_coords", row);
    int rc = hex_space_args(EB(map), map, "wg_map_hex_coords", space);
    if (rc != WG_OK)
        return rc;
    *col = space % map->cols;
    *row = space / map->cols;
    return WG_OK;
}

int wg_map_hex_neighbor(int *out, const wg_map *map, int space, int dir)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_hex_neighbor", out);
    int rc = hex_space_args(EB(map), map, "wg_map_hex_neighbor", space);
    if (rc == WG_OK)
        rc = check_dir(EB(map), "wg_map_hex_neighbor", dir);
    if (rc != WG_OK)
        return rc;
    int n = map->nbr[space * 6 + dir];
    if (n < 0)
        return MERR(map, WG_ENOTFOUND, "wg_map_hex_neighbor: hex %d %d has no neighbour in direction %d (map edge)",
                    space % map->cols, space / map->cols, dir);
    *out = n;
    return WG_OK;
}

int wg_map_hex_distance(int *out, const wg_map *map, int a, int b)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_hex_distance", out);
    int rc = hex_space_args(EB(map), map, "wg_map_hex_distance", a);
    if (rc == WG_OK)
        rc = wg__map_check_space(EB(map), map, "wg_map_hex_distance", b);
    if (rc != WG_OK)
        return rc;
    *out = wg__map_hex_distance(map, a, b);
    return WG_OK;
}

int wg_map_set_hexside(wg_map *map, int space, int dir, uint32_t flags)
{
    if (!map)
        return WG_EINVAL;
    int rc = hex_space_args(EB(map), map, "wg_map_set_hexside", space);
    if (rc == WG_OK)
        rc = check_dir(EB(map), "wg_map_set_hexside", dir);
    if (rc != WG_OK)
        return rc;
    map->hexside[space * 6 + dir] = flags;
    int n = map->nbr[space * 6 + dir];
    if (n >= 0)
        map->hexside[n * 6 + (dir + 3) % 6] = flags;
    return WG_OK;
}

int wg_map_hexside(uint32_t *out, const wg_map *map, int space, int dir)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_hexside", out);
    int rc = hex_space_args(EB(map), map, "wg_map_hexside", space);
    if (rc == WG_OK)
        rc = check_dir(EB(map), "wg_map_hexside", dir);
    if (rc != WG_OK)
        return rc;
    *out = map->hexside[space * 6 + dir];
    return WG_OK;
}

/* ---------------------------------------------------------------- zone graphs */

int wg_map_zone_add(int *out, wg_map *map, const char *name)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_zone_add", out);
    int rc = wg__map_check_kind(EB(map), map, "wg_map_zone_add", WG_MAP_GRAPH);
    if (rc != WG_OK)
        return rc;
    if (name && name[0]) {
        int other = find_name(map, name);
        if (other >= 0)
            return MERR(map, WG_EINVAL, "wg_map_zone_add: zone %d is already named '%.60s'", other, name);
    }
    if (map->nspace == INT_MAX)
        return MERR(map, WG_EOVERFLOW, "wg_map_zone_add: too many zones");
    char *copy = NULL;
    if (name && name[0] && !(copy = wg__strdup(map->ctx, name)))
        return MERR(map, WG_ENOMEM, "wg_map_zone_add: out of memory");
    if ((size_t)map->nspace == map->capspace) {
        size_t ncap = map->capspace ? map->capspace * 2 : 16;
        void **arrs[6] = {(void **)&map->terrain,   (void **)&map->flags, (void **)&map->names,
                          (void **)&map->adj_count, (void **)&map->adj,   (void **)&map->adj_cap};
        size_t elem[6] = {sizeof(int), sizeof(uint32_t), sizeof(char *), sizeof(int), sizeof(int *), sizeof(size_t)};
        if (wg__map_grow_parallel(map->ctx, arrs, elem, 6, map->capspace, ncap) != WG_OK) {
            wg__strfree(map->ctx, copy);
            return MERR(map, WG_ENOMEM, "wg_map_zone_add: out of memory");
        }
        map->capspace = ncap;
    }
    int z = map->nspace++;
    map->terrain[z] = 0;
    map->flags[z] = 0;
    map->names[z] = copy;
    map->adj_count[z] = 0;
    map->adj[z] = NULL;
    map->adj_cap[z] = 0;
    *out = z;
    return WG_OK;
}

/* A block that replaces an array once every allocation of a call has succeeded. */
typedef struct pending_block {
    void **arr;   /* the array to replace */
    void *fresh;  /* the new block, NULL when the array keeps its block */
    size_t osize; /* bytes of the old block (copied into the new one) */
    size_t nsize; /* bytes of the new block */
} pending_block;

/* Allocates the new block of p (nsize bytes, zeroed); WG_ENOMEM leaves p->fresh NULL. */
static int pending_alloc(wg_ctx *ctx, pending_block *p, void **arr, size_t osize, size_t nsize)
{
    p->arr = arr;
    p->osize = osize;
    p->nsize = nsize;
    p->fresh = wg__alloc(ctx, nsize);
    return p->fresh ? WG_OK : WG_ENOMEM;
}

/* The capacity after cap when one more element of `elem` bytes is needed; 0 on overflow. */
static size_t next_cap(size_t cap, size_t elem)
{
    size_t ncap = cap ? cap * 2 : 8;
    if (ncap < cap || ncap > SIZE_MAX / elem)
        return 0;
    return ncap;
}

int wg_map_conn_add(int *out, wg_map *map, int a, int b, int type, int cost)
{
    static const char fn[] = "wg_map_conn_add";
    if (!map)
        return WG_EINVAL;
    int rc = wg__map_check_kind(EB(map), map, fn, WG_MAP_GRAPH);
    if (rc == WG_OK)
        rc = wg__map_check_space(EB(map), map, fn, a);
    if (rc == WG_OK)
        rc = wg__map_check_space(EB(map), map, fn, b);
    if (rc != WG_OK)
        return rc;
    if (a == b)
        return MERR(map, WG_EINVAL, "%s: a connection must join two different zones (both are %d)", fn, a);
    if (type < 0)
        return MERR(map, WG_EINVAL, "%s: connection type %d is negative", fn, type);
    if (cost < 0)
        return MERR(map, WG_EINVAL, "%s: cost %d is negative", fn, cost);
    if (cost > WG__MAP_MAX_COST)
        return MERR(map, WG_ERANGE, "%s: cost %d is out of range (0..%d)", fn, cost, WG__MAP_MAX_COST);
    if (map->nconn == INT_MAX)
        return MERR(map, WG_EOVERFLOW, "%s: too many connections", fn);
    /* Every block the call needs is allocated first; the map changes only when all succeeded, so a
       failing call leaves the map and the memory in use exactly as they were. */
    pending_block pend[6];
    int np = 0;
    size_t ncapconn = map->capconn;
    rc = WG_OK;
    if ((size_t)map->nconn == map->capconn) {
        ncapconn = map->capconn ? map->capconn * 2 : 16;
        void **arrs[4] = {(void **)&map->conn_a, (void **)&map->conn_b, (void **)&map->conn_type,
                          (void **)&map->conn_cost};
        if (ncapconn > SIZE_MAX / sizeof(int))
            rc = WG_ENOMEM;
        for (int i = 0; i < 4 && rc == WG_OK; i++)
            if ((rc = pending_alloc(map->ctx, &pend[np], arrs[i], map->capconn * sizeof(int),
                                    ncapconn * sizeof(int))) == WG_OK)
                np++;
    }
    size_t ncap[2] = {map->adj_cap[a], map->adj_cap[b]};
    int zs[2] = {a, b};
    for (int k = 0; k < 2 && rc == WG_OK; k++) {
        int z = zs[k];
        if ((size_t)map->adj_count[z] < map->adj_cap[z])
            continue;
        if (!(ncap[k] = next_cap(map->adj_cap[z], sizeof(int))))
            rc = WG_ENOMEM;
        else if ((rc = pending_alloc(map->ctx, &pend[np], (void **)&map->adj[z], map->adj_cap[z] * sizeof(int),
                                     ncap[k] * sizeof(int))) == WG_OK)
            np++;
    }
    if (rc != WG_OK) {
        for (int i = 0; i < np; i++)
            wg__free(map->ctx, pend[i].fresh, pend[i].nsize);
        return MERR(map, WG_ENOMEM, "%s: out of memory", fn);
    }
    for (int i = 0; i < np; i++) {
        if (*pend[i].arr) {
            memcpy(pend[i].fresh, *pend[i].arr, pend[i].osize);
            wg__free(map->ctx, *pend[i].arr, pend[i].osize);
        }
        *pend[i].arr = pend[i].fresh;
    }
    map->capconn = ncapconn;
    map->adj_cap[a] = ncap[0];
    map->adj_cap[b] = ncap[1];
    int c = map->nconn++;
    map->conn_a[c] = a;
    map->conn_b[c] = b;
    map->conn_type[c] = type;
    map->conn_cost[c] = cost;
    map->adj[a][map->adj_count[a]++] = c;
    map->adj[b][map->adj_count[b]++] = c;
    if (out)
        *out = c;
    return WG_OK;
}

int wg_map_conn_count(int *out, const wg_map *map)
{
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, "wg_map_conn_count", out);
    int rc = wg__map_check_kind(EB(map), map, "wg_map_conn_count", WG_MAP_GRAPH);
    if (rc != WG_OK)
        return rc;
    *out = map->nconn;
    return WG_OK;
}

int wg_map_conn_info(int *a, int *b, int *type, int *cost, const wg_map *map, int conn)
{
    static const char fn[] = "wg_map_conn_info";
    if (!map)
        return WG_EINVAL;
    int rc = wg__map_check_kind(EB(map), map, fn, WG_MAP_GRAPH);
    if (rc != WG_OK)
        return rc;
    if (conn < 0 || conn >= map->nconn)
        return MERR(map, WG_ERANGE, "%s: connection %d is out of range (the map has %d)", fn, conn, map->nconn);
    if (a)
        *a = map->conn_a[conn];
    if (b)
        *b = map->conn_b[conn];
    if (type)
        *type = map->conn_type[conn];
    if (cost)
        *cost = map->conn_cost[conn];
    return WG_OK;
}

int wg_map_zone_degree(int *out, const wg_map *map, int zone)
{
    static const char fn[] = "wg_map_zone_degree";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, out);
    int rc = wg__map_check_kind(EB(map), map, fn, WG_MAP_GRAPH);
    if (rc == WG_OK)
        rc = wg__map_check_space(EB(map), map, fn, zone);
    if (rc != WG_OK)
        return rc;
    *out = map->adj_count[zone];
    return WG_OK;
}

int wg_map_zone_conn(int *out, const wg_map *map, int zone, int i)
{
    static const char fn[] = "wg_map_zone_conn";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, out);
    int rc = wg__map_check_kind(EB(map), map, fn, WG_MAP_GRAPH);
    if (rc == WG_OK)
        rc = wg__map_check_space(EB(map), map, fn, zone);
    if (rc != WG_OK)
        return rc;
    if (i < 0 || i >= map->adj_count[zone])
        return MERR(map, WG_ERANGE, "%s: zone %d has %d connections, not %d", fn, zone, map->adj_count[zone], i + 1);
    *out = map->adj[zone][i];
    return WG_OK;
}

/* ---------------------------------------------------------------- searches */

/* An indexed binary min-heap of states keyed by dist[state], ties broken by the state number. */
typedef struct heap {
    int *h;          /* states */
    int *pos;        /* position of each state in h; -1 never queued; -2 settled */
    const int *dist; /* keys */
    int n;
} heap;

static int hless(const heap *hp, int a, int b)
{
    return hp->dist[a] < hp->dist[b] || (hp->dist[a] == hp->dist[b] && a < b);
}

static void hswap(heap *hp, int i, int j)
{
    int t = hp->h[i];
    hp->h[i] = hp->h[j];
    hp->h[j] = t;
    hp->pos[hp->h[i]] = i;
    hp->pos[hp->h[j]] = j;
}

static void hup(heap *hp, int i)
{
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!hless(hp, hp->h[i], hp->h[p]))
            break;
        hswap(hp, i, p);
        i = p;
    }
}

static void hdown(heap *hp, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < hp->n && hless(hp, hp->h[l], hp->h[m]))
            m = l;
        if (r < hp->n && hless(hp, hp->h[r], hp->h[m]))
            m = r;
        if (m == i)
            return;
        hswap(hp, i, m);
        i = m;
    }
}

/* Queues a state whose dist has just dropped. */
static void hpush(heap *hp, int st)
{
    if (hp->pos[st] >= 0) {
        hup(hp, hp->pos[st]);
        return;
    }
    hp->h[hp->n] = st;
    hp->pos[st] = hp->n;
    hp->n++;
    hup(hp, hp->n - 1);
}

static int hpop(heap *hp)
{
    int st = hp->h[0];
    hp->n--;
    if (hp->n > 0) {
        hp->h[0] = hp->h[hp->n];
        hp->pos[hp->h[0]] = 0;
        hdown(hp, 0);
    }
    hp->pos[st] = -2;
    return st;
}

/* Makes the scratch hold at least `need` ints. */
static int scratch(wg_map *m, size_t need, const char *fn)
{
    void *arr = m->scratch;
    size_t cap = m->scratch_cap;
    if (wg__grow(m->ctx, &arr, &cap, need, sizeof(int)) != WG_OK)
        return MERR(m, WG_ENOMEM, "%s: out of memory for the search", fn);
    m->scratch = arr;
    m->scratch_cap = cap;
    return WG_OK;
}

static void heap_init(heap *hp, int *base, int nstate)
{
    int *dist = base;
    hp->pos = base + nstate;
    hp->h = base + 2 * (size_t)nstate;
    hp->dist = dist;
    hp->n = 0;
    for (int i = 0; i < nstate; i++) {
        dist[i] = INT_MAX;
        hp->pos[i] = -1;
    }
}

static int out_args(const int *spaces, size_t cap, const size_t *count)
{
    return count && (cap == 0 || spaces);
}

int wg_map_hex_reach(int *spaces, int *costs, size_t cap, size_t *count, wg_map *map, int start, int budget,
                     wg_step_fn step, void *payload)
{
    static const char fn[] = "wg_map_hex_reach";
    if (!map)
        return WG_EINVAL;
    if (!out_args(spaces, cap, count))
        return MERR(map, WG_EINVAL, "%s: count is NULL, or spaces is NULL with cap > 0", fn);
    int rc = hex_space_args(EB(map), map, fn, start);
    if (rc != WG_OK)
        return rc;
    if (budget < 0)
        return MERR(map, WG_EINVAL, "%s: budget %d is negative", fn, budget);
    if (map->busy)
        return MERR(map, WG_ESTATE, "%s: a search is already running on this map (called from a callback?)", fn);
    int n = map->nspace, ns = 2 * n; /* state 2s: in s, may go on; 2s+1: in s, stopped */
    if ((rc = scratch(map, 3 * (size_t)ns + (size_t)n, fn)) != WG_OK)
        return rc;
    map->busy = 1;
    heap hp;
    heap_init(&hp, map->scratch, ns);
    int *dist = map->scratch, *order = map->scratch + 3 * (size_t)ns;
    int norder = 0;
    dist[2 * start] = 0;
    hpush(&hp, 2 * start);
    while (hp.n > 0) {
        int st = hpop(&hp), s = st >> 1;
        if (hp.pos[st ^ 1] != -2)
            order[norder++] = s;
        if (st & 1)
            continue;
        int d0 = dist[st];
        for (int d = 0; d < 6; d++) {
            int t = map->nbr[s * 6 + d];
            if (t < 0)
                continue;
            int c = 1, stop = 0;
            if (step) {
                rc = step(&c, &stop, s, t, d, payload);
                if (rc != WG_OK) {
                    map->busy = 0;
                    return MERR(map, rc, "%s: the step callback failed with status %d (%s) at %d -> %d", fn, rc,
                                wg_status_str(rc), s, t);
                }
            }
            if (c < 0 || c > budget - d0) /* d0 <= budget: no overflow, and d0 + c <= budget */
                continue;
            int nst = 2 * t + (stop ? 1 : 0);
            if (hp.pos[nst] == -2 || d0 + c >= dist[nst])
                continue;
            dist[nst] = d0 + c;
            hpush(&hp, nst);
        }
    }
    map->busy = 0;
    for (int i = 0; i < norder && (size_t)i < cap; i++) {
        int s = order[i];
        spaces[i] = s;
        if (costs)
            costs[i] = dist[2 * s] < dist[2 * s + 1] ? dist[2 * s] : dist[2 * s + 1];
    }
    *count = (size_t)norder;
    if ((size_t)norder > cap)
        return MERR(map, WG_EBUFSIZE, "%s: %d hexes are reachable, the buffer holds %zu", fn, norder, cap);
    return WG_OK;
}

int wg_map_hex_los(int *visible, wg_map *map, int a, int b, wg_blocks_fn blocks, void *payload)
{
    static const char fn[] = "wg_map_hex_los";
    if (!map)
        return WG_EINVAL;
    NULLOUT(map, fn, visible);
    NULLOUT(map, fn, blocks);
    int rc = hex_space_args(EB(map), map, fn, a);
    if (rc == WG_OK)
        rc = wg__map_check_space(EB(map), map, fn, b);
    if (rc != WG_OK)
        return rc;
    int q1 = map->hq[a], r1 = map->hr[a], q2 = map->hq[b], r2 = map->hr[b];
    int n = wg_hex_distance(q1, r1, q2, r2);
    for (int i = 1; i < n; i++) {
        int q, r, aq, ar;
        wg__hex_line_point(&q, &r, &aq, &ar, q1, r1, q2, r2, n, i);
        int s = hex_space(map, q, r), alt = hex_space(map, aq, ar);
        int blocked = 0;
        /* A hex off the map never blocks; on a hex-side both hexes must block. */
        if (s >= 0) {
            rc = blocks(&blocked, s, payload);
            if (rc != WG_OK)
                return MERR(map, rc, "%s: the blocks callback failed with status %d at space %d", fn, rc, s);
        }
        if (blocked && (q != aq || r != ar)) {
            int b2 = 0;
            if (alt >= 0) {
                rc = blocks(&b2, alt, payload);
                if (rc != WG_OK)
                    return MERR(map, rc, "%s: the blocks callback failed with status %d at space %d", fn, rc, alt);
            }
            blocked = b2;
        }
        if (blocked) {
            *visible = 0;
            return WG_OK;
        }
    }
    *visible = 1;
    return WG_OK;
}

/* Dijkstra over zones from `from`; stops once `target` (>= 0) is settled.  Fills dist/prev in the scratch
   (dist = scratch[0..n), pos, heap, prev = scratch[3n..4n)) and the settle order (scratch[4n..5n)). */
static int zone_search(int *norder, wg_map *m, int from, int target, long long budget, wg_conn_fn filter,
                       void *payload, const char *fn)
{
    int n = m->nspace;
    heap hp;
    heap_init(&hp, m->scratch, n);
    int *dist = m->scratch, *prev = m->scratch + 3 * (size_t)n, *order = m->scratch + 4 * (size_t)n;
    int k = 0;
    dist[from] = 0;
    prev[from] = -1;
    hpush(&hp, from);
    while (hp.n > 0) {
        int z = hpop(&hp);
        order[k++] = z;
        if (z == target)
            break;
        int dz = dist[z];
        for (int i = 0; i < m->adj_count[z]; i++) {
            int conn = m->adj[z][i];
            int t = m->conn_a[conn] == z ? m->conn_b[conn] : m->conn_a[conn];
            if (hp.pos[t] == -2)
                continue;
            int c = m->conn_cost[conn];
            if (filter) {
                int rc = filter(&c, conn, z, t, payload);
                if (rc != WG_OK)
                    return MERR(m, rc, "%s: the filter callback failed with status %d (%s) on connection %d", fn,
                                rc, wg_status_str(rc), conn);
            }
            /* in long long: a filter may return any cost; a distance stays below INT_MAX (unreached) */
            long long nd = (long long)dz + c;
            if (c < 0 || nd > budget || nd >= dist[t])
                continue;
            dist[t] = (int)nd;
            prev[t] = z;
            hpush(&hp, t);
        }
    }
    *norder = k;
    return WG_OK;
}

static int zone_args(wg_map *map, const char *fn, int a)
{
    int rc = wg__map_check_kind(EB(map), map, fn, WG_MAP_GRAPH);
    if (rc != WG_OK)
        return rc;
    rc = wg__map_check_space(EB(map), map, fn, a);
    if (rc != WG_OK)
        return rc;
    if (map->busy)
        return MERR(map, WG_ESTATE, "%s: a search is already running on this map (called from a callback?)", fn);
    return scratch(map, 5 * (size_t)map->nspace, fn);
}

int wg_map_zone_path(int *zones, size_t cap, size_t *count, int *total, wg_map *map, int from, int to,
                     wg_conn_fn filter, void *payload)
{
    static const char fn[] = "wg_map_zone_path";
    if (!map)
        return WG_EINVAL;
    if (!out_args(zones, cap, count) || !total)
        return MERR(map, WG_EINVAL, "%s: count or total is NULL, or zones is NULL with cap > 0", fn);
    int rc = wg__map_check_kind(EB(map), map, fn, WG_MAP_GRAPH);
    if (rc == WG_OK)
        rc = wg__map_check_space(EB(map), map, fn, to);
    if (rc == WG_OK)
        rc = zone_args(map, fn, from);
    if (rc != WG_OK)
        return rc;
    map->busy = 1;
    int norder;
    rc = zone_search(&norder, map, from, to, LLONG_MAX, filter, payload, fn);
    map->busy = 0;
    if (rc != WG_OK)
        return rc;
    int *dist = map->scratch, *prev = map->scratch + 3 * (size_t)map->nspace;
    if (dist[to] == INT_MAX) {
        const char *na = map->names[from] ? map->names[from] : "", *nb = map->names[to] ? map->names[to] : "";
        return MERR(map, WG_ENOTFOUND, "%s: no path from zone %d '%.60s' to zone %d '%.60s'", fn, from, na, to, nb);
    }
    size_t len = 1;
    for (int z = to; prev[z] >= 0; z = prev[z])
        len++;
    size_t i = len;
    for (int z = to; z >= 0; z = prev[z]) {
        i--;
        if (i < cap)
            zones[i] = z;
    }
    *count = len;
    *total = dist[to];
    if (len > cap)
        return MERR(map, WG_EBUFSIZE, "%s: the path has %zu zones, the buffer holds %zu", fn, len, cap);
    return WG_OK;
}

int wg_map_zone_reach(int *zones, int *costs, size_t cap, size_t *count, wg_map *map, int from, int budget,
                      wg_conn_fn filter, void *payload)
{
    static const char fn[] = "wg_map_zone_reach";
    if (!map)
        return WG_EINVAL;
    if (!out_args(zones, cap, count))
        return MERR(map, WG_EINVAL, "%s: count is NULL, or zones is NULL with cap > 0", fn);
    if (budget < 0)
        return MERR(map, WG_EINVAL, "%s: budget %d is negative", fn, budget);
    int rc = zone_args(map, fn, from);
    if (rc != WG_OK)
        return rc;
    map->busy = 1;
    int norder;
    rc = zone_search(&norder, map, from, -1, budget, filter, payload, fn);
    map->busy = 0;
    if (rc != WG_OK)
        return rc;
    const int *dist = map->scratch, *order = map->scratch + 4 * (size_t)map->nspace;
    for (int i = 0; i < norder && (size_t)i < cap; i++) {
        zones[i] = order[i];
        if (costs)
            costs[i] = dist[order[i]];
    }
    *count = (size_t)norder;
    if ((size_t)norder > cap)
        return MERR(map, WG_EBUFSIZE, "%s: %d zones are reachable, the buffer holds %zu", fn, norder, cap);
    return WG_OK;
}

/* ---------------------------------------------------------------- loading (doc/data-format-map.md) */

typedef struct loader {
    wg_ctx *ctx;
    wg_map *m;
    const wg_data *doc;
    size_t rec, line, nf;
    size_t *hexline; /* hex maps: the line that described each hex (0 = none yet) */
} loader;

static int lerr(loader *L, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int lerr(loader *L, int status, const char *fmt, ...)
{
    char msg[WG_ERRMSG_CAP];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return wg__ctx_err(L->ctx, status, "line %zu: %s", L->line, msg);
}

static const char *fld(const loader *L, size_t i)
{
    return wg__data_get(L->doc, L->rec, i);
}

/* Reads field i as an integer in lo..hi (the documented range of the field). */
static int lint(loader *L, int *out, size_t i, const char *what, int lo, int hi)
{
    long long v;
    if (wg__parse_int(fld(L, i), &v) != 0)
        return lerr(L, WG_EPARSE, "'%s' field %s '%.40s' is not an integer (range %d..%d)", fld(L, 0), what,
                    fld(L, i), lo, hi);
    if (v < lo || v > hi)
        return lerr(L, WG_EPARSE, "'%s' field %s %.40s is out of range (%d..%d)", fld(L, 0), what, fld(L, i), lo,
                    hi);
    *out = (int)v;
    return WG_OK;
}

int wg__parse_mm(const char *f, int64_t *out)
{
    const char *p = f;
    int neg = 0;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    int64_t v = 0;
    int digits = 0, dec = 0;
    for (; *p >= '0' && *p <= '9'; p++, digits++) {
        if (v > INT64_C(100000000000))
            return -1;
        v = v * 10 + (*p - '0');
    }
    if (*p == '.') {
        p++;
        for (; *p >= '0' && *p <= '9'; p++, dec++) {
            if (dec == 2)
                return -1;
            v = v * 10 + (*p - '0');
        }
        if (dec == 0)
            return -1;
    }
    if (*p || !digits)
        return -1;
    for (; dec < 2; dec++)
        v *= 10;
    *out = neg ? -v : v;
    return 0;
}

/* Reads field i as a length in millimetres, lo..hi in coordinates (WG_TABLE_UNIT per mm). */
static int lcoord(loader *L, int32_t *out, size_t i, const char *what, int32_t lo, int32_t hi)
{
    int64_t v;
    if (wg__parse_mm(fld(L, i), &v) != 0)
        return lerr(L, WG_EPARSE, "'%s' field %s '%.40s' is not a length in mm (up to two decimals)", fld(L, 0), what,
                    fld(L, i));
    if (v < lo || v > hi)
        return lerr(L, WG_EPARSE, "'%s' field %s %.40s is out of range (%ld.%02ld..%ld.%02ld mm)", fld(L, 0), what,
                    fld(L, i), (long)(lo / WG_TABLE_UNIT), (long)(lo % WG_TABLE_UNIT), (long)(hi / WG_TABLE_UNIT),
                    (long)(hi % WG_TABLE_UNIT));
    *out = (int32_t)v;
    return WG_OK;
}

static int lnfields(loader *L, size_t min, size_t max, const char *usage)
{
    if (L->nf < min || L->nf > max)
        return lerr(L, WG_EPARSE, "'%s' takes %s", fld(L, 0), usage);
    return WG_OK;
}

/* Turns a failure of an API call on the map into a message on the line. */
static int lfrom_map(loader *L, int rc)
{
    if (rc == WG_ENOMEM)
        return lerr(L, WG_ENOMEM, "out of memory");
    return lerr(L, WG_EPARSE, "%s", L->m->err);
}

static int load_vocab(loader *L, int v)
{
    int rc = lnfields(L, 2, SIZE_MAX, "one or more names");
    for (size_t i = 1; rc == WG_OK && i < L->nf; i++) {
        const char *name = fld(L, i);
        if (vocab_find(&L->m->vocab[v], name) >= 0)
            return lerr(L, WG_EPARSE, "%s '%.60s' is declared twice", vocab_what[v], name);
        int code;
        rc = vocab_declare(&code, L->m, v, name, fld(L, 0));
        if (rc != WG_OK)
            return lfrom_map(L, rc);
    }
    return rc;
}

static int load_grid(loader *L)
{
    static const char *const layouts[4] = {"odd-q", "even-q", "odd-r", "even-r"};
    if (L->m->kind != 0)
        return lerr(L, WG_EPARSE, "a second 'grid' record (the map has one already)");
    int rc = lnfields(L, 2, 5, "'hex COLS ROWS LAYOUT', 'graph' or 'table WIDTH DEPTH'");
    if (rc != WG_OK)
        return rc;
    const char *k = fld(L, 1);
    if (strcmp(k, "graph") == 0) {
        if (L->nf != 2)
            return lerr(L, WG_EPARSE, "'grid graph' takes no more fields");
        L->m->kind = WG_MAP_GRAPH;
        return WG_OK;
    }
    if (strcmp(k, "table") == 0) {
        if (L->nf != 4)
            return lerr(L, WG_EPARSE, "'grid table' takes WIDTH DEPTH (millimetres)");
        int32_t w = 0, d = 0;
        if ((rc = lcoord(L, &w, 2, "WIDTH", WG_TABLE_UNIT, WG_TABLE_MAX_SIZE)) != WG_OK ||
            (rc = lcoord(L, &d, 3, "DEPTH", WG_TABLE_UNIT, WG_TABLE_MAX_SIZE)) != WG_OK)
            return rc;
        L->m->kind = WG_MAP_TABLE;
        L->m->width = w;
        L->m->depth = d;
        return WG_OK;
    }
    if (strcmp(k, "hex") != 0)
        return lerr(L, WG_EPARSE, "unknown grid kind '%.40s' (hex, graph or table)", k);
    if (L->nf != 5)
        return lerr(L, WG_EPARSE, "'grid hex' takes COLS ROWS LAYOUT");
    int cols = 0, rows = 0, layout = -1;
    if ((rc = lint(L, &cols, 2, "COLS", 1, WG__MAP_MAX_SIDE)) != WG_OK ||
        (rc = lint(L, &rows, 3, "ROWS", 1, WG__MAP_MAX_SIDE)) != WG_OK)
        return rc;
    for (int i = 0; i < 4; i++)
        if (strcmp(fld(L, 4), layouts[i]) == 0)
            layout = i;
    if (layout < 0)
        return lerr(L, WG_EPARSE, "unknown layout '%.40s' (odd-q, even-q, odd-r or even-r)", fld(L, 4));
    if (cols < 1 || cols > WG__MAP_MAX_SIDE || rows < 1 || rows > WG__MAP_MAX_SIDE)
        return lerr(L, WG_EPARSE, "a %dx%d grid is out of range (COLS and ROWS 1..%d)", cols, rows, WG__MAP_MAX_SIDE);
    if (hex_init(L->m, cols, rows, layout) != WG_OK)
        return lerr(L, WG_ENOMEM, "out of memory for a %dx%d grid", cols, rows);
    L->hexline = wg__alloc(L->ctx, (size_t)L->m->nspace * sizeof *L->hexline);
    if (!L->hexline)
        return lerr(L, WG_ENOMEM, "out of memory for a %dx%d grid", cols, rows);
    return WG_OK;
}

static int need_kind(loader *L, int kind)
{
    if (L->m->kind == 0)
        return lerr(L, WG_EPARSE, "'%s' before the 'grid' record", fld(L, 0));
    if (L->m->kind != kind)
        return lerr(L, WG_EPARSE, "'%s' record in a %s map", fld(L, 0), L->m->kind == WG_MAP_HEX ? "hex" : L->m->kind == WG_MAP_GRAPH ? "graph" : "table");
    return WG_OK;
}

/* Reads "COL ROW" at fields 1, 2 into a space id: COL 0..COLS-1, ROW 0..ROWS-1. */
static int lhex(loader *L, int *space)
{
    long long col, row;
    const char *what[2] = {"COL", "ROW"};
    long long *v[2] = {&col, &row};
    for (int k = 0; k < 2; k++)
        if (wg__parse_int(fld(L, 1 + (size_t)k), v[k]) != 0)
            return lerr(L, WG_EPARSE, "'%s' field %s '%.40s' is not an integer (range 0..%d)", fld(L, 0), what[k],
                        fld(L, 1 + (size_t)k), (k ? L->m->rows : L->m->cols) - 1);
    if (col < 0 || col >= L->m->cols || row < 0 || row >= L->m->rows)
        return lerr(L, WG_EPARSE, "hex %.20s %.20s is off the %dx%d grid (COL 0..%d, ROW 0..%d)", fld(L, 1), fld(L, 2),
                    L->m->cols, L->m->rows, L->m->cols - 1, L->m->rows - 1);
    *space = (int)row * L->m->cols + (int)col;
    return WG_OK;
}

static int lvocab(loader *L, int *code, int v, size_t i)
{
    int c = vocab_find(&L->m->vocab[v], fld(L, i));
    if (c < 0)
        return lerr(L, WG_EPARSE, "unknown %s '%.60s'", vocab_what[v], fld(L, i));
    *code = c;
    return WG_OK;
}

static int load_hex(loader *L)
{
    int rc = need_kind(L, WG_MAP_HEX);
    if (rc == WG_OK)
        rc = lnfields(L, 4, SIZE_MAX, "COL ROW TERRAIN [FLAG ...] [name=TEXT]");
    int s = 0, terrain = 0;
    if (rc != WG_OK || (rc = lhex(L, &s)) != WG_OK || (rc = lvocab(L, &terrain, WG__MAP_TERRAIN, 3)) != WG_OK)
        return rc;
    if (L->hexline[s])
        return lerr(L, WG_EPARSE, "hex %s %s is already described on line %zu", fld(L, 1), fld(L, 2),
                    L->hexline[s]);
    uint32_t flags = 0;
    const char *name = NULL;
    for (size_t i = 4; i < L->nf; i++) {
        const char *f = fld(L, i);
        if (strncmp(f, "name=", 5) == 0) {
            if (name)
                return lerr(L, WG_EPARSE, "hex %s %s has two names", fld(L, 1), fld(L, 2));
            name = f + 5;
            if (!name[0])
                return lerr(L, WG_EPARSE, "hex %s %s has an empty name", fld(L, 1), fld(L, 2));
            continue;
        }
        int bit;
        if ((rc = lvocab(L, &bit, WG__MAP_FLAG, i)) != WG_OK)
            return rc;
        flags |= (uint32_t)1 << bit;
    }
    if (name && (rc = wg_map_set_name(L->m, s, name)) != WG_OK)
        return lfrom_map(L, rc);
    L->m->terrain[s] = terrain;
    L->m->flags[s] = flags;
    L->hexline[s] = L->line;
    return WG_OK;
}

/* Reads a direction: 0..5, or a compass name for the layout. */
static int ldir(loader *L, int *dir, size_t i)
{
    static const char *const flat[6] = {"ne", "se", "s", "sw", "nw", "n"};
    static const char *const pointy[6] = {"ne", "e", "se", "sw", "w", "nw"};
    const char *const *names = L->m->layout <= WG_HEX_EVEN_Q ? flat : pointy;
    const char *f = fld(L, i);
    for (int d = 0; d < 6; d++) {
        if (strcmp(f, names[d]) == 0) {
            *dir = d;
            return WG_OK;
        }
    }
    long long v;
    if (wg__parse_int(f, &v) == 0 && v >= 0 && v <= 5) {
        *dir = (int)v;
        return WG_OK;
    }
    return lerr(L, WG_EPARSE, "direction '%.20s' is not 0..5 or one of %s %s %s %s %s %s", f, names[0], names[1],
                names[2], names[3], names[4], names[5]);
}

static int load_side(loader *L)
{
    int rc = need_kind(L, WG_MAP_HEX);
    if (rc == WG_OK)
        rc = lnfields(L, 5, SIZE_MAX, "COL ROW DIR SIDEFLAG ...");
    int s = 0, dir = 0;
    if (rc != WG_OK || (rc = lhex(L, &s)) != WG_OK || (rc = ldir(L, &dir, 3)) != WG_OK)
        return rc;
    uint32_t flags = 0;
    for (size_t i = 4; i < L->nf; i++) {
        int bit;
        if ((rc = lvocab(L, &bit, WG__MAP_SIDEFLAG, i)) != WG_OK)
            return rc;
        flags |= (uint32_t)1 << bit;
    }
    return wg_map_set_hexside(L->m, s, dir, L->m->hexside[s * 6 + dir] | flags);
}

static int load_zone(loader *L)
{
    int rc = need_kind(L, WG_MAP_GRAPH);
    if (rc == WG_OK)
        rc = lnfields(L, 3, SIZE_MAX, "NAME TERRAIN [FLAG ...]");
    int terrain = 0;
    if (rc != WG_OK || (rc = lvocab(L, &terrain, WG__MAP_TERRAIN, 2)) != WG_OK)
        return rc;
    const char *name = fld(L, 1);
    if (!name[0])
        return lerr(L, WG_EPARSE, "a zone needs a name");
    uint32_t flags = 0;
    for (size_t i = 3; i < L->nf; i++) {
        int bit;
        if ((rc = lvocab(L, &bit, WG__MAP_FLAG, i)) != WG_OK)
            return rc;
        flags |= (uint32_t)1 << bit;
    }
    int other = find_name(L->m, name);
    if (other >= 0)
        return lerr(L, WG_EPARSE, "zone '%.60s' is declared twice", name);
    int z;
    if ((rc = wg_map_zone_add(&z, L->m, name)) != WG_OK)
        return lfrom_map(L, rc);
    L->m->terrain[z] = terrain;
    L->m->flags[z] = flags;
    return WG_OK;
}

static int lzone(loader *L, int *z, size_t i)
{
    int s = find_name(L->m, fld(L, i));
    if (s < 0)
        return lerr(L, WG_EPARSE, "unknown zone '%.60s'", fld(L, i));
    *z = s;
    return WG_OK;
}

static int load_conn(loader *L)
{
    int rc = need_kind(L, WG_MAP_GRAPH);
    if (rc == WG_OK)
        rc = lnfields(L, 5, 5, "ZONE ZONE CONNTYPE COST");
    int a = 0, b = 0, type = 0, cost = 0;
    if (rc != WG_OK || (rc = lzone(L, &a, 1)) != WG_OK || (rc = lzone(L, &b, 2)) != WG_OK ||
        (rc = lvocab(L, &type, WG__MAP_CONNTYPE, 3)) != WG_OK || (rc = lint(L, &cost, 4, "COST", 0, WG__MAP_MAX_COST)) != WG_OK)
        return rc;
    if (a == b)
        return lerr(L, WG_EPARSE, "zone '%.60s' is connected to itself", fld(L, 1));
    if ((rc = wg_map_conn_add(NULL, L->m, a, b, type, cost)) != WG_OK)
        return lfrom_map(L, rc);
    return WG_OK;
}

/* Reads a point field "X,Y" (millimetres) that must lie on the table. */
static int lpoint(loader *L, int32_t *xy, size_t i)
{
    const char *f = fld(L, i);
    const char *comma = strchr(f, ',');
    char part[64];
    size_t nx = comma ? (size_t)(comma - f) : 0;
    int64_t x, y;
    if (!comma || nx >= sizeof part || strlen(comma + 1) >= sizeof part)
        return lerr(L, WG_EPARSE, "'%s' point '%.40s' is not X,Y", fld(L, 0), f);
    memcpy(part, f, nx);
    part[nx] = 0;
    if (wg__parse_mm(part, &x) != 0 || wg__parse_mm(comma + 1, &y) != 0)
        return lerr(L, WG_EPARSE, "'%s' point '%.40s' is not X,Y in mm (up to two decimals)", fld(L, 0), f);
    if (x < 0 || x > L->m->width || y < 0 || y > L->m->depth)
        return lerr(L, WG_EPARSE, "'%s' point %.40s is off the %ld x %ld mm table", fld(L, 0), f,
                    (long)(L->m->width / WG_TABLE_UNIT), (long)(L->m->depth / WG_TABLE_UNIT));
    xy[0] = (int32_t)x;
    xy[1] = (int32_t)y;
    return WG_OK;
}

/* The fields of an area or a line after its type: name=, level=, flags (areas) and points. */
typedef struct feature_fields {
    const char *name;
    int level;
    uint32_t flags;
    size_t nxy;
    int32_t xy[2 * WG_GEOM_MAX_POINTS];
} feature_fields;

static int lfeature(loader *L, feature_fields *ff, int with_flags)
{
    int rc;
    int have_level = 0;
    ff->name = NULL;
    ff->level = 0;
    ff->flags = 0;
    ff->nxy = 0;
    for (size_t i = 2; i < L->nf; i++) {
        const char *f = fld(L, i);
        if (strncmp(f, "name=", 5) == 0) {
            if (ff->name)
                return lerr(L, WG_EPARSE, "'%s' has two names", fld(L, 0));
            if (!f[5])
                return lerr(L, WG_EPARSE, "'%s' has an empty name", fld(L, 0));
            ff->name = f + 5;
        } else if (strncmp(f, "level=", 6) == 0) {
            long long v;
            if (have_level)
                return lerr(L, WG_EPARSE, "'%s' has two levels", fld(L, 0));
            if (wg__parse_int(f + 6, &v) != 0 || v < -100 || v > 100)
                return lerr(L, WG_EPARSE, "'%s' level '%.40s' is not an integer -100..100", fld(L, 0), f + 6);
            ff->level = (int)v;
            have_level = 1;
        } else if (strchr(f, ',')) {
            if (ff->nxy == 2 * WG_GEOM_MAX_POINTS)
                return lerr(L, WG_EPARSE, "'%s' has more than %d points", fld(L, 0), WG_GEOM_MAX_POINTS);
            if ((rc = lpoint(L, ff->xy + ff->nxy, i)) != WG_OK)
                return rc;
            ff->nxy += 2;
        } else if (with_flags) {
            int bit;
            if ((rc = lvocab(L, &bit, WG__MAP_FLAG, i)) != WG_OK)
                return rc;
            ff->flags |= (uint32_t)1 << bit;
        } else {
            return lerr(L, WG_EPARSE, "'%s' field '%.40s' is not name=, level= or a point X,Y", fld(L, 0), f);
        }
    }
    return WG_OK;
}

static int load_area(loader *L)
{
    int rc = need_kind(L, WG_MAP_TABLE);
    if (rc == WG_OK)
        rc = lnfields(L, 5, SIZE_MAX, "TERRAIN [name=TEXT] [level=N] [FLAG ...] X,Y X,Y X,Y ...");
    int terrain = 0;
    if (rc != WG_OK || (rc = lvocab(L, &terrain, WG__MAP_TERRAIN, 1)) != WG_OK)
        return rc;
    feature_fields *ff = wg__alloc(L->ctx, sizeof *ff);
    if (!ff)
        return lerr(L, WG_ENOMEM, "out of memory");
    int s = -1;
    if ((rc = lfeature(L, ff, 1)) == WG_OK) {
        if (ff->nxy < 6)
            rc = lerr(L, WG_EPARSE, "an area needs at least 3 points (it has %zu)", ff->nxy / 2);
        else if ((rc = wg_map_area_add(&s, L->m, terrain, ff->level, ff->xy, ff->nxy)) != WG_OK)
            rc = lfrom_map(L, rc);
    }
    if (rc == WG_OK && ff->name && (rc = wg_map_set_name(L->m, s, ff->name)) != WG_OK)
        rc = lfrom_map(L, rc);
    if (rc == WG_OK)
        L->m->flags[s] = ff->flags;
    wg__free(L->ctx, ff, sizeof *ff);
    return rc;
}

static int load_line(loader *L)
{
    int rc = need_kind(L, WG_MAP_TABLE);
    if (rc == WG_OK)
        rc = lnfields(L, 4, SIZE_MAX, "LINETYPE [name=TEXT] [level=N] X,Y X,Y ...");
    int type = 0;
    if (rc != WG_OK || (rc = lvocab(L, &type, WG__MAP_LINETYPE, 1)) != WG_OK)
        return rc;
    feature_fields *ff = wg__alloc(L->ctx, sizeof *ff);
    if (!ff)
        return lerr(L, WG_ENOMEM, "out of memory");
    int id;
    if ((rc = lfeature(L, ff, 0)) == WG_OK) {
        if (ff->nxy < 4)
            rc = lerr(L, WG_EPARSE, "a line needs at least 2 points (it has %zu)", ff->nxy / 2);
        else if ((rc = wg_map_line_add(&id, L->m, type, ff->level, ff->name, ff->xy, ff->nxy)) != WG_OK)
            rc = lfrom_map(L, rc);
    }
    wg__free(L->ctx, ff, sizeof *ff);
    return rc;
}

static int load_place(loader *L)
{
    int rc = need_kind(L, WG_MAP_TABLE);
    if (rc == WG_OK)
        rc = lnfields(L, 3, 3, "NAME X,Y");
    int32_t xy[2];
    int id;
    if (rc != WG_OK || (rc = lpoint(L, xy, 2)) != WG_OK)
        return rc;
    if ((rc = wg_map_place_add(&id, L->m, fld(L, 1), xy[0], xy[1])) != WG_OK)
        return lfrom_map(L, rc);
    return WG_OK;
}

static int load_title(loader *L)
{
    int rc = lnfields(L, 2, 2, "one text field (quote it when it has blanks)");
    if (rc != WG_OK)
        return rc;
    if (L->m->title)
        return lerr(L, WG_EPARSE, "a second 'title' record");
    if (!(L->m->title = wg__strdup(L->ctx, fld(L, 1))))
        return lerr(L, WG_ENOMEM, "out of memory");
    return WG_OK;
}

static int load_record(loader *L)
{
    const char *kw = fld(L, 0);
    if (strcmp(kw, "title") == 0)
        return load_title(L);
    if (strcmp(kw, "grid") == 0)
        return load_grid(L);
    if (strcmp(kw, "terrain") == 0)
        return load_vocab(L, WG__MAP_TERRAIN);
    if (strcmp(kw, "flag") == 0)
        return load_vocab(L, WG__MAP_FLAG);
    if (strcmp(kw, "sideflag") == 0)
        return load_vocab(L, WG__MAP_SIDEFLAG);
    if (strcmp(kw, "conntype") == 0)
        return load_vocab(L, WG__MAP_CONNTYPE);
    if (strcmp(kw, "hex") == 0)
        return load_hex(L);
    if (strcmp(kw, "side") == 0)
        return load_side(L);
    if (strcmp(kw, "zone") == 0)
        return load_zone(L);
    if (strcmp(kw, "conn") == 0)
        return load_conn(L);
    if (strcmp(kw, "linetype") == 0)
        return load_vocab(L, WG__MAP_LINETYPE);
    if (strcmp(kw, "area") == 0)
        return load_area(L);
    if (strcmp(kw, "line") == 0)
        return load_line(L);
    if (strcmp(kw, "place") == 0)
        return load_place(L);
    return lerr(L, WG_EPARSE, "unknown keyword '%.40s' in a map", kw);
}

int wg_map_load(wg_map **out, wg_ctx *ctx, const char *buf, size_t len)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_map_load: out is NULL");
    if (!buf)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_map_load: buf is NULL");
    wg_data *doc = NULL;
    int rc = wg__data_open(&doc, ctx, buf, len, "map");
    if (rc != WG_OK)
        return rc;
    loader L = {ctx, NULL, doc, 0, 1, 0, NULL};
    L.m = wg__map_alloc(ctx, 0);
    if (!L.m) {
        wg_data_free(doc);
        return wg__ctx_err(ctx, WG_ENOMEM, "wg_map_load: out of memory");
    }
    size_t nrec = 0;
    wg_data_record_count(&nrec, doc);
    for (L.rec = 0; rc == WG_OK && L.rec < nrec; L.rec++) {
        wg_data_line(&L.line, doc, L.rec);
        L.nf = wg__data_nfield(doc, L.rec);
        rc = load_record(&L);
    }
    if (rc == WG_OK && L.m->kind == 0) {
        L.line = 1;
        rc = lerr(&L, WG_EPARSE, "the map has no 'grid' record");
    }
    if (L.hexline)
        wg__free(ctx, L.hexline, (size_t)L.m->nspace * sizeof *L.hexline);
    wg_data_free(doc);
    if (rc != WG_OK) {
        map_destroy(L.m);
        return rc;
    }
    *out = L.m;
    return WG_OK;
}

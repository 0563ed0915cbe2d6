/* The uniform doors of every ruleset: spaces by the players' names, typed attributes of pieces,
   options and spaces read for a viewer, and the JSON view a front end is built on (doc/view.md).
   The core's own keys come first, then the ruleset's (wg_ruleset_ops.attr_keys). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* ------------------------------------------------------------------ the core's keys */

enum { CORE_P_SIDE, CORE_P_SPACE, CORE_P_SPACE_NAME, CORE_P_LABEL, CORE_P_COUNT };
static const wg_attr_key core_piece[] = {
    {"side", WG_ATTR_INT}, {"space", WG_ATTR_INT}, {"space_name", WG_ATTR_TEXT}, {"label", WG_ATTR_TEXT}, {NULL, 0}};

enum { CORE_O_LABEL, CORE_O_ACTION, CORE_O_WEIGHT, CORE_O_COUNT };
static const wg_attr_key core_option[] = {
    {"label", WG_ATTR_TEXT}, {"action", WG_ATTR_INT}, {"weight", WG_ATTR_INT}, {NULL, 0}};

enum { CORE_S_NAME, CORE_S_KIND, CORE_S_TERRAIN, CORE_S_COL, CORE_S_ROW, CORE_S_COUNT };
static const wg_attr_key core_space[] = {{"name", WG_ATTR_TEXT}, {"kind", WG_ATTR_TEXT}, {"terrain", WG_ATTR_TEXT},
                                         {"col", WG_ATTR_INT},   {"row", WG_ATTR_INT},   {NULL, 0}};

static const wg_attr_key *const core_keys[3] = {core_piece, core_option, core_space};
static const int core_count[3] = {CORE_P_COUNT, CORE_O_COUNT, CORE_S_COUNT};
static const char *const of_name[3] = {"pieces", "options", "spaces"};

static int ruleset_count(const wg_game *g, int of)
{
    const wg_attr_key *k = g->ops->attr_keys[of];
    int n = 0;
    while (k && k[n].name)
        n++;
    return n;
}

static const wg_attr_key *key_at(const wg_game *g, int of, int k)
{
    return k < core_count[of] ? &core_keys[of][k] : &g->ops->attr_keys[of][k - core_count[of]];
}

/* The index of a key among the keys of `of`, -1 when there is none. */
static int key_find(const wg_game *g, int of, const char *name)
{
    int n = core_count[of] + ruleset_count(g, of);
    for (int k = 0; k < n; k++)
        if (strcmp(key_at(g, of, k)->name, name) == 0)
            return k;
    return -1;
}

/* ------------------------------------------------------------------ spaces */

static int space_count(const wg_game *g)
{
    return g->map ? g->map->nspace : 0;
}

static void space_name(const wg_game *g, int space, wg_sb *sb)
{
    if (g->ops->space_name)
        g->ops->space_name(g, space, sb);
    else if (g->map->names[space] && g->map->names[space][0])
        wg__sb_printf(sb, "%s", g->map->names[space]);
    else
        wg__sb_printf(sb, "%d", space);
}

int wg_game_space_count(int *out, const wg_game *game)
{
    if (!out || !game)
        return WG_EINVAL;
    *out = space_count(game);
    return WG_OK;
}

int wg_game_space_name(char *buf, size_t cap, size_t *len, const wg_game *game, int space)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    if (space < 0 || space >= space_count(game))
        return WG_ERANGE;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    space_name(game, space, &sb);
    return wg__sb_finish(&sb, len);
}

int wg_game_space_find(int *out, const wg_game *game, const char *name)
{
    if (!out || !game || !name)
        return WG_EINVAL;
    size_t want = strlen(name);
    char tmp[256];
    for (int s = 0; s < space_count(game); s++) {
        wg_sb sb;
        wg__sb_init(&sb, tmp, sizeof tmp);
        space_name(game, s, &sb);
        if (sb.len == want && sb.len < sizeof tmp && memcmp(tmp, name, want) == 0) {
            *out = s;
            return WG_OK;
        }
    }
    return WG_ENOTFOUND;
}

/* ------------------------------------------------------------------ keys */

int wg_game_attr_key_count(int *out, const wg_game *game, int of)
{
    if (!out || !game || of < 0 || of > 2)
        return WG_EINVAL;
    *out = core_count[of] + ruleset_count(game, of);
    return WG_OK;
}

int wg_game_attr_key(const char **name, int *type, const wg_game *game, int of, int k)
{
    if (!name || !game || of < 0 || of > 2)
        return WG_EINVAL;
    if (k < 0 || k >= core_count[of] + ruleset_count(game, of))
        return WG_ERANGE;
    const wg_attr_key *key = key_at(game, of, k);
    *name = key->name;
    if (type)
        *type = key->type;
    return WG_OK;
}

/* ------------------------------------------------------------------ values */

/* The value of key k of object i for viewer (the object exists and the viewer may look at it). */
static int attr_value(const wg_game *g, int viewer, int of, size_t i, int k, int64_t *iv, wg_sb *sb)
{
    if (k >= core_count[of])
        return g->ops->attr ? g->ops->attr(g, viewer, of, i, k - core_count[of], iv, sb) : WG_ENOTFOUND;
    if (of == WG_ATTR_PIECE) {
        size_t n = 0;
        int side = 0, space = -1;
        int rc = g->ops->piece(g, viewer, i, &n, &side, &space, k == CORE_P_LABEL ? sb : NULL);
        if (rc)
            return rc;
        switch (k) {
        case CORE_P_SIDE: *iv = side; return WG_OK;
        case CORE_P_SPACE:
            if (space < 0)
                return WG_ENOTFOUND;
            *iv = space;
            return WG_OK;
        case CORE_P_SPACE_NAME:
            if (space < 0 || space >= space_count(g))
                return WG_ENOTFOUND;
            space_name(g, space, sb);
            return WG_OK;
        default: return WG_OK; /* the label, written by piece() */
        }
    }
    if (of == WG_ATTR_OPTION) {
        switch (k) {
        case CORE_O_LABEL: return g->ops->option_label(g, g->opts[i].action, sb);
        case CORE_O_ACTION: *iv = (int64_t)g->opts[i].action; return WG_OK;
        default: *iv = (int64_t)g->opts[i].weight; return WG_OK;
        }
    }
    const wg_map *m = g->map;
    int s = (int)i;
    switch (k) {
    case CORE_S_NAME: space_name(g, s, sb); return WG_OK;
    case CORE_S_KIND:
        wg__sb_printf(sb, "%s", m->kind == WG_MAP_HEX ? "hex" : m->kind == WG_MAP_TABLE ? "area" : "zone");
        return WG_OK;
    case CORE_S_TERRAIN: {
        int t = m->terrain[s];
        const wg_map_names *v = &m->vocab[WG__MAP_TERRAIN];
        if (t < 0 || t >= v->count)
            return WG_ENOTFOUND;
        wg__sb_printf(sb, "%s", v->name[t]);
        return WG_OK;
    }
    default:
        if (m->kind != WG_MAP_HEX)
            return WG_ENOTFOUND;
        *iv = k == CORE_S_COL ? s % m->cols : s / m->cols;
        return WG_OK;
    }
}

/* For lib/core/svg.c: the value of attribute `key` of object i (which exists for the viewer) as the
   viewer may read it: *iv for an integer key, sb for a text key; WG_ENOTFOUND when absent. */
int wg__attr_get(const wg_game *g, int viewer, int of, size_t i, const char *key, int64_t *iv, wg_sb *sb)
{
    int k = key_find(g, of, key);
    if (k < 0)
        return WG_ENOTFOUND;
    int type = key_at(g, of, k)->type;
    if ((type == WG_ATTR_INT && !iv) || (type == WG_ATTR_TEXT && !sb))
        return WG_ENOTFOUND;
    int64_t v = 0;
    int rc = attr_value(g, viewer, of, i, k, &v, sb);
    if (rc == WG_OK && type == WG_ATTR_INT)
        *iv = v;
    return rc;
}

void wg__space_name(const wg_game *g, int space, wg_sb *sb)
{
    space_name(g, space, sb);
}

/* Checks of, viewer, key (by name, of the wanted type) and object i; lists the options when of is
   WG_ATTR_OPTION (a failure gives back what the listing took).  Sets *k. */
static int attr_args(wg_game *g, int viewer, int of, size_t i, const char *key, int type, int *k)
{
    if (of < 0 || of > 2 || !key)
        return wg__seterr(g->err, WG_EINVAL, "wg_game_attr: %s", !key ? "key is NULL" : "not a kind of object");
    if (wg__game_check_viewer(g, viewer) != WG_OK)
        return wg__seterr(g->err, WG_ERANGE, "wg_game_attr: viewer %d is not a player of the game", viewer);
    *k = key_find(g, of, key);
    if (*k < 0)
        return wg__seterr(g->err, WG_ENOTFOUND, "%s of %s have no key '%.60s'", of_name[of], g->ops->id, key);
    if (key_at(g, of, *k)->type != type)
        return wg__seterr(g->err, WG_EINVAL, "key '%.60s' of %s is %s", key, of_name[of],
                          type == WG_ATTR_INT ? "a text (wg_game_attr_text)" : "an integer (wg_game_attr_int)");
    if (of == WG_ATTR_PIECE) {
        size_t n = 0;
        int side, space;
        g->ops->piece(g, viewer, (size_t)-1, &n, &side, &space, NULL);
        if (i >= n)
            return wg__seterr(g->err, WG_ERANGE, "piece %zu out of range: the viewer sees %zu", i, n);
        return WG_OK;
    }
    if (of == WG_ATTR_SPACE) {
        if (i >= (size_t)space_count(g))
            return wg__seterr(g->err, WG_ERANGE, "space %zu out of range: the map has %d", i, space_count(g));
        return WG_OK;
    }
    return wg__game_option_index(g, viewer, i);
}

int wg_game_attr_int(int64_t *out, wg_game *game, int viewer, int of, size_t i, const char *key)
{
    if (!out || !game)
        return WG_EINVAL;
    int k = 0;
    int rc = attr_args(game, viewer, of, i, key, WG_ATTR_INT, &k);
    if (rc)
        return rc;
    int64_t v = 0;
    rc = attr_value(game, viewer, of, i, k, &v, NULL);
    if (rc == WG_ENOTFOUND)
        return wg__seterr(game->err, rc, "%s %zu carries no '%.60s' for this viewer", of_name[of], i, key);
    if (rc)
        return rc;
    *out = v;
    return WG_OK;
}

int wg_game_attr_text(char *buf, size_t cap, size_t *len, wg_game *game, int viewer, int of, size_t i,
                      const char *key)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    int k = 0;
    int rc = attr_args(game, viewer, of, i, key, WG_ATTR_TEXT, &k);
    if (rc)
        return rc;
    char probe[1];
    wg_sb sb;
    /* a failure writes nothing: the value goes to the caller's buffer only once it is known */
    wg__sb_init(&sb, probe, 0);
    int64_t v = 0;
    rc = attr_value(game, viewer, of, i, k, &v, &sb);
    if (rc == WG_ENOTFOUND)
        return wg__seterr(game->err, rc, "%s %zu carries no '%.60s' for this viewer", of_name[of], i, key);
    if (rc)
        return rc;
    wg__sb_init(&sb, buf, cap);
    attr_value(game, viewer, of, i, k, &v, &sb);
    return wg__sb_finish(&sb, len);
}

/* ------------------------------------------------------------------ JSON */

static void sb_putc(wg_sb *sb, char c)
{
    if (sb->buf && sb->len + 1 < sb->cap) {
        sb->buf[sb->len] = c;
        sb->buf[sb->len + 1] = '\0';
    }
    sb->len++;
}

static void sb_puts(wg_sb *sb, const char *s)
{
    while (*s)
        sb_putc(sb, *s++);
}

/* A JSON string: quotes, backslashes and control characters escaped; other bytes (UTF-8) as they are. */
static void json_str(wg_sb *sb, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    sb_putc(sb, '"');
    for (size_t k = 0; k < n; k++) {
        unsigned char c = (unsigned char)s[k];
        if (c == '"' || c == '\\') {
            sb_putc(sb, '\\');
            sb_putc(sb, (char)c);
        } else if (c == '\n') {
            sb_puts(sb, "\\n");
        } else if (c == '\t') {
            sb_puts(sb, "\\t");
        } else if (c < 0x20 || c == 0x7f) {
            sb_puts(sb, "\\u00");
            sb_putc(sb, hex[c >> 4]);
            sb_putc(sb, hex[c & 15]);
        } else {
            sb_putc(sb, (char)c);
        }
    }
    sb_putc(sb, '"');
}

static void json_int(wg_sb *sb, long long v)
{
    char tmp[32];
    /* integers: the same digits in every C locale (no grouping flag) */
    wg_sb t;
    wg__sb_init(&t, tmp, sizeof tmp);
    wg__sb_printf(&t, "%lld", v);
    sb_puts(sb, tmp);
}

/* A text produced into a scratch buffer (grown through the context when long), then escaped. */
typedef struct scratch {
    wg_ctx *ctx;
    char small[2048];
    char *big;
    size_t bigcap;
} scratch;

typedef void (*text_fn)(const wg_game *g, const void *arg, wg_sb *sb);

static const char *scratch_text(scratch *s, size_t *n, wg_sb *probe)
{
    *n = probe->len;
    if (probe->len < sizeof s->small)
        return s->small;
    return s->big;
}

/* A text that did not fit the small buffer: makes the big one hold it and points t at it, for the
   text to be written again. */
static int scratch_grow(scratch *sc, wg_sb *t)
{
    size_t need = t->len + 1;
    if (need > sc->bigcap) {
        char *p = wg__realloc(sc->ctx, sc->big, sc->bigcap, need);
        if (!p)
            return WG_ENOMEM;
        sc->big = p;
        sc->bigcap = need;
    }
    wg__sb_init(t, sc->big, sc->bigcap);
    return WG_OK;
}

/* Writes "key": <value of attribute k of object i> and a comma before it unless first. */
static int json_attr(wg_sb *sb, scratch *sc, const wg_game *g, int viewer, int of, size_t i, int k, int *first)
{
    const wg_attr_key *key = key_at(g, of, k);
    int64_t v = 0;
    wg_sb t;
    wg__sb_init(&t, sc->small, sizeof sc->small);
    int rc = attr_value(g, viewer, of, i, k, &v, key->type == WG_ATTR_TEXT ? &t : NULL);
    if (rc == WG_ENOTFOUND)
        return WG_OK; /* absent for this viewer */
    if (rc)
        return rc;
    if (key->type == WG_ATTR_TEXT && t.len >= sizeof sc->small) {
        if (scratch_grow(sc, &t) != WG_OK)
            return WG_ENOMEM;
        attr_value(g, viewer, of, i, k, &v, &t);
    }
    if (!*first)
        sb_putc(sb, ',');
    *first = 0;
    json_str(sb, key->name, strlen(key->name));
    sb_putc(sb, ':');
    if (key->type == WG_ATTR_INT) {
        json_int(sb, (long long)v);
    } else {
        size_t n = 0;
        const char *txt = scratch_text(sc, &n, &t);
        json_str(sb, txt, n);
    }
    return WG_OK;
}

static int json_object(wg_sb *sb, scratch *sc, const wg_game *g, int viewer, int of, size_t i)
{
    int first = 1, n = core_count[of] + ruleset_count(g, of);
    sb_putc(sb, '{');
    if (of != WG_ATTR_PIECE) {
        sb_puts(sb, of == WG_ATTR_SPACE ? "\"space\":" : "\"index\":");
        json_int(sb, (long long)i);
        first = 0;
    }
    for (int k = 0; k < n; k++) {
        int rc = json_attr(sb, sc, g, viewer, of, i, k, &first);
        if (rc)
            return rc;
    }
    if (of == WG_ATTR_OPTION && g->ops->option_params) {
        /* the option's parameters: names and ranges (wg_game_option_param) */
        wg_param p[WG_MAX_PARAMS];
        int req = 0;
        int np = g->ops->option_params(g, g->opts[i].action, p, &req);
        if (np > WG_MAX_PARAMS)
            np = WG_MAX_PARAMS;
        if (np > 0) {
            sb_puts(sb, ",\"params\":[");
            for (int k = 0; k < np; k++) {
                sb_puts(sb, k ? ",{\"name\":" : "{\"name\":");
                json_str(sb, p[k].name, strlen(p[k].name));
                sb_puts(sb, ",\"min\":");
                json_int(sb, (long long)p[k].min);
                sb_puts(sb, ",\"max\":");
                json_int(sb, (long long)p[k].max);
                sb_putc(sb, '}');
            }
            sb_puts(sb, req ? "],\"params_required\":true" : "],\"params_required\":false");
        }
    }
    sb_putc(sb, '}');
    return WG_OK;
}

/* Writes a text made by fn into the JSON as a string (through the scratch). */
static int json_text(wg_sb *sb, scratch *sc, const wg_game *g, text_fn fn, const void *arg)
{
    wg_sb t;
    wg__sb_init(&t, sc->small, sizeof sc->small);
    fn(g, arg, &t);
    if (t.len >= sizeof sc->small) {
        if (scratch_grow(sc, &t) != WG_OK)
            return WG_ENOMEM;
        fn(g, arg, &t);
    }
    size_t n = 0;
    const char *txt = scratch_text(sc, &n, &t);
    json_str(sb, txt, n);
    return WG_OK;
}

typedef struct ev_arg {
    const wg_event *e;
    int viewer;
} ev_arg;

static void ev_text(const wg_game *g, const void *arg, wg_sb *sb)
{
    const ev_arg *a = arg;
    g->ops->event_text(g, a->e, a->viewer, sb);
}

static void dec_text(const wg_game *g, const void *arg, wg_sb *sb)
{
    const int *viewer = arg;
    int player, kind;
    g->ops->decision(g, &player, &kind);
    if (*viewer == WG_VIEW_REFEREE || *viewer == player || player < 0)
        g->ops->decision_text(g, sb);
    else
        wg__sb_printf(sb, "%s decides (%s)", wg__player_name(g, player), wg__decision_kind_name(kind));
}

static void res_text(const wg_game *g, const void *arg, wg_sb *sb)
{
    (void)arg;
    g->ops->result_text(g, sb);
}

static int view_json(wg_sb *sb, scratch *sc, wg_game *g, int viewer, size_t first_event)
{
    int rc;
    sb_puts(sb, "{\"ruleset\":");
    json_str(sb, g->ops->id, strlen(g->ops->id));
    const char *scn = g->ops->scenarios[g->scenario].id;
    sb_puts(sb, ",\"scenario\":");
    json_str(sb, scn, strlen(scn));
    sb_puts(sb, ",\"viewer\":");
    json_int(sb, viewer);
    sb_puts(sb, ",\"turn\":");
    json_int(sb, g->ops->turn(g));
    sb_puts(sb, ",\"step\":");
    json_int(sb, (long long)g->nlog);
    int player = WG_PLAYER_NONE, kind = WG_DEC_NONE;
    g->ops->decision(g, &player, &kind);
    sb_puts(sb, ",\"over\":");
    sb_puts(sb, player == WG_PLAYER_NONE ? "true" : "false");
    if (player == WG_PLAYER_NONE) {
        sb_puts(sb, ",\"result\":");
        if ((rc = json_text(sb, sc, g, res_text, NULL)) != WG_OK)
            return rc;
        sb_puts(sb, ",\"score\":");
        json_int(sb, (long long)g->ops->score(g));
    }
    sb_puts(sb, ",\"decision\":{\"player\":");
    json_int(sb, player);
    if (player >= 0) {
        sb_puts(sb, ",\"player_name\":");
        json_str(sb, wg__player_name(g, player), strlen(wg__player_name(g, player)));
    }
    sb_puts(sb, ",\"kind\":");
    const char *kn = wg__decision_kind_name(kind);
    json_str(sb, kn, strlen(kn));
    sb_puts(sb, ",\"text\":");
    if ((rc = json_text(sb, sc, g, dec_text, &viewer)) != WG_OK)
        return rc;
    sb_putc(sb, '}');
    /* the options, when the viewer may read them (else none: the view says nothing of them) */
    if (player != WG_PLAYER_NONE) {
        char msg[WG_ERRMSG_CAP];
        memcpy(msg, g->err, sizeof msg);
        rc = wg__game_options_for(g, viewer);
        memcpy(g->err, msg, sizeof msg);
        if (rc == WG_ENOMEM)
            return rc;
        if (rc == WG_OK) {
            sb_puts(sb, ",\"options\":[");
            for (size_t i = 0; i < g->nopts; i++) {
                if (i)
                    sb_putc(sb, ',');
                if ((rc = json_object(sb, sc, g, viewer, WG_ATTR_OPTION, i)) != WG_OK)
                    return rc;
            }
            sb_putc(sb, ']');
        }
    }
    /* the pieces the viewer sees, and the spaces they stand in */
    size_t np = 0;
    int side, space;
    if (g->ops->piece)
        g->ops->piece(g, viewer, (size_t)-1, &np, &side, &space, NULL);
    sb_puts(sb, ",\"pieces\":[");
    for (size_t i = 0; i < np; i++) {
        if (i)
            sb_putc(sb, ',');
        if ((rc = json_object(sb, sc, g, viewer, WG_ATTR_PIECE, i)) != WG_OK)
            return rc;
    }
    sb_puts(sb, "],\"spaces\":[");
    int firsts = 1, ns = space_count(g);
    unsigned char *used = ns ? wg__alloc(g->ctx, (size_t)ns) : NULL;
    if (ns && !used)
        return WG_ENOMEM;
    for (size_t i = 0; i < np; i++) {
        size_t n2 = 0;
        space = -1;
        g->ops->piece(g, viewer, i, &n2, &side, &space, NULL);
        if (space >= 0 && space < ns)
            used[space] = 1;
    }
    for (int s = 0; s < ns; s++) {
        if (!used[s])
            continue;
        if (!firsts)
            sb_putc(sb, ',');
        firsts = 0;
        if ((rc = json_object(sb, sc, g, viewer, WG_ATTR_SPACE, (size_t)s)) != WG_OK) {
            wg__free(g->ctx, used, (size_t)ns);
            return rc;
        }
    }
    if (used)
        wg__free(g->ctx, used, (size_t)ns);
    sb_puts(sb, "],\"events\":[");
    for (size_t e = first_event; e < g->nev; e++) {
        const wg_event *ev = &g->ev[e];
        if (e > first_event)
            sb_putc(sb, ',');
        sb_puts(sb, "{\"index\":");
        json_int(sb, (long long)e);
        sb_puts(sb, ",\"step\":");
        json_int(sb, (long long)ev->step);
        sb_puts(sb, ",\"kind\":");
        json_int(sb, ev->kind);
        const char *rule = g->ops->event_rule ? g->ops->event_rule(g, ev, viewer) : ev->rule;
        sb_puts(sb, ",\"rule\":");
        json_str(sb, rule ? rule : "", rule ? strlen(rule) : 0);
        sb_puts(sb, ",\"text\":");
        ev_arg a = {ev, viewer};
        if ((rc = json_text(sb, sc, g, ev_text, &a)) != WG_OK)
            return rc;
        sb_putc(sb, '}');
    }
    sb_puts(sb, "]}");
    return WG_OK;
}

int wg_game_view_json(char *buf, size_t cap, size_t *len, wg_game *game, int viewer, size_t first_event)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    if (wg__game_check_viewer(game, viewer) != WG_OK)
        return wg__seterr(game->err, WG_ERANGE, "wg_game_view_json: viewer %d is not a player of the game", viewer);
    if (first_event > game->nev)
        return wg__seterr(game->err, WG_ERANGE, "wg_game_view_json: event %zu is past the %zu events", first_event,
                          game->nev);
    scratch *sc = wg__alloc(game->ctx, sizeof *sc);
    if (!sc)
        return wg__seterr(game->err, WG_ENOMEM, "out of memory writing the view");
    sc->ctx = game->ctx;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    int rc = view_json(&sb, sc, game, viewer, first_event);
    if (sc->big)
        wg__free(game->ctx, sc->big, sc->bigcap);
    wg__free(game->ctx, sc, sizeof *sc);
    if (rc == WG_ENOMEM) {
        if (buf && cap)
            buf[0] = '\0';
        return wg__seterr(game->err, rc, "out of memory writing the view");
    }
    if (rc) {
        if (buf && cap)
            buf[0] = '\0';
        return rc;
    }
    return wg__sb_finish(&sb, len);
}

/* ------------------------------------------------------------------ odds of a described action */

/* The request with the copy of the description its fields point into. */
typedef struct odds_buf {
    wg_odds_req req;
    char text[1024];
} odds_buf;

/* Splits "verb key=value key="a value" ..." into the request (in place, in ob->text). */
static int odds_parse(wg_game *g, odds_buf *ob, const char *action)
{
    size_t n = strlen(action);
    if (n >= sizeof ob->text)
        return wg__seterr(g->err, WG_EINVAL, "wg_game_odds: the description is %zu bytes long, at most %zu are read", n,
                          sizeof ob->text - 1);
    memcpy(ob->text, action, n + 1);
    char *p = ob->text;
    wg_odds_req *r = &ob->req;
    r->verb = NULL;
    r->nargs = 0;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        if (!*p)
            break;
        char *tok = p;
        if (!r->verb) {
            while (*p && *p != ' ' && *p != '\t' && *p != '\n')
                p++;
            if (*p)
                *p++ = '\0';
            r->verb = tok;
            continue;
        }
        while (*p && *p != '=' && *p != ' ' && *p != '\t' && *p != '\n')
            p++;
        if (*p != '=' || p == tok) {
            char c = *p;
            *p = '\0';
            return wg__seterr(g->err, WG_EINVAL, "wg_game_odds: field '%.40s%s' is not key=value", tok,
                              c == '=' ? "=" : "");
        }
        *p++ = '\0';
        char *val = p;
        if (*p == '"') {
            val = ++p;
            while (*p && *p != '"')
                p++;
            if (*p != '"')
                return wg__seterr(g->err, WG_EINVAL, "wg_game_odds: the value of '%.40s' has no closing quote", tok);
            *p++ = '\0';
            if (*p && *p != ' ' && *p != '\t' && *p != '\n')
                return wg__seterr(g->err, WG_EINVAL, "wg_game_odds: text after the closing quote of '%.40s'", tok);
        } else {
            while (*p && *p != ' ' && *p != '\t' && *p != '\n')
                p++;
            if (*p)
                *p++ = '\0';
        }
        if (!*val)
            return wg__seterr(g->err, WG_EINVAL, "wg_game_odds: field '%.40s' has an empty value", tok);
        for (size_t k = 0; k < r->nargs; k++)
            if (strcmp(r->arg[k].key, tok) == 0)
                return wg__seterr(g->err, WG_EINVAL, "wg_game_odds: field '%.40s' is given twice", tok);
        if (r->nargs == WG__ODDS_MAXARGS)
            return wg__seterr(g->err, WG_EINVAL, "wg_game_odds: more than %d fields", WG__ODDS_MAXARGS);
        r->arg[r->nargs].key = tok;
        r->arg[r->nargs].val = val;
        r->arg[r->nargs].used = 0;
        r->nargs++;
    }
    if (!r->verb)
        return wg__seterr(g->err, WG_EINVAL, "wg_game_odds: the description is empty (it starts with a verb)");
    return WG_OK;
}

const char *wg__odds_arg(wg_odds_req *r, const char *key)
{
    for (size_t k = 0; k < r->nargs; k++)
        if (strcmp(r->arg[k].key, key) == 0) {
            r->arg[k].used = 1;
            return r->arg[k].val;
        }
    return NULL;
}

/* Parses a decimal integer (optional sign) of the whole of [s, end); 0 on success. */
static int parse_i64(const char *s, const char *end, int64_t *out)
{
    int neg = 0;
    if (s < end && (*s == '-' || *s == '+'))
        neg = *s++ == '-';
    if (s == end)
        return -1;
    uint64_t v = 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_C(9223372036854775808) - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    if (!neg && v > INT64_MAX)
        return -1;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 0;
}

int wg__odds_int(wg_game *g, wg_odds_req *r, const char *key, int64_t lo, int64_t hi, int64_t *out)
{
    const char *v = wg__odds_arg(r, key);
    if (!v)
        return wg__seterr(g->err, WG_EINVAL, "%s: field '%s' is missing", r->verb, key);
    int64_t x = 0;
    if (parse_i64(v, v + strlen(v), &x) != 0)
        return wg__seterr(g->err, WG_EINVAL, "%s: field '%s' is '%.40s', not an integer", r->verb, key, v);
    if (x < lo || x > hi)
        return wg__seterr(g->err, WG_EINVAL, "%s: field '%s' is %lld, outside %lld..%lld", r->verb, key, (long long)x,
                          (long long)lo, (long long)hi);
    *out = x;
    return WG_OK;
}

int wg__odds_ints(wg_game *g, wg_odds_req *r, const char *key, int64_t *out, size_t cap, size_t *n)
{
    const char *v = wg__odds_arg(r, key);
    if (!v)
        return wg__seterr(g->err, WG_EINVAL, "%s: field '%s' is missing", r->verb, key);
    *n = 0;
    for (const char *p = v;;) {
        const char *e = strchr(p, ',');
        if (!e)
            e = p + strlen(p);
        if (*n == cap)
            return wg__seterr(g->err, WG_EINVAL, "%s: field '%s' lists more than %zu values", r->verb, key, cap);
        if (parse_i64(p, e, &out[*n]) != 0)
            return wg__seterr(g->err, WG_EINVAL, "%s: field '%s' holds '%.*s', not an integer", r->verb, key,
                              (int)(e - p > 40 ? 40 : e - p), p);
        (*n)++;
        if (!*e)
            break;
        p = e + 1;
    }
    return WG_OK;
}

int wg__odds_space(wg_game *g, wg_odds_req *r, const char *key, int *space)
{
    const char *v = wg__odds_arg(r, key);
    if (!v)
        return wg__seterr(g->err, WG_EINVAL, "%s: field '%s' is missing", r->verb, key);
    if (wg_game_space_find(space, g, v) != WG_OK)
        return wg__seterr(g->err, WG_ENOTFOUND, "%s: field '%s': no space is named '%.60s'", r->verb, key, v);
    return WG_OK;
}

static void copy_text(char *dst, size_t cap, const char *fmt, va_list ap)
{
    wg_sb sb;
    wg__sb_init(&sb, dst, cap);
    char tmp[256];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    (void)n;
    wg__sb_printf(&sb, "%s", tmp);
}

int wg__odds_outcome(wg_odds_out *o, uint64_t weight, const char *fmt, ...)
{
    if (wg__grow(o->ctx, (void **)&o->out, &o->capout, o->nout + 1, sizeof *o->out))
        return WG_ENOMEM;
    wg_odds_outcome *x = &o->out[o->nout++];
    x->weight = weight;
    va_list ap;
    va_start(ap, fmt);
    copy_text(x->label, sizeof x->label, fmt, ap);
    va_end(ap);
    return WG_OK;
}

int wg__odds_modifier(wg_odds_out *o, const char *name, int64_t value, const char *rule, const char *fmt, ...)
{
    if (wg__grow(o->ctx, (void **)&o->mod, &o->capmod, o->nmod + 1, sizeof *o->mod))
        return WG_ENOMEM;
    wg_odds_mod *x = &o->mod[o->nmod++];
    x->value = value;
    wg_sb sb;
    wg__sb_init(&sb, x->name, sizeof x->name);
    wg__sb_printf(&sb, "%s", name);
    wg__sb_init(&sb, x->rule, sizeof x->rule);
    wg__sb_printf(&sb, "%s", rule ? rule : "");
    va_list ap;
    va_start(ap, fmt);
    copy_text(x->text, sizeof x->text, fmt, ap);
    va_end(ap);
    return WG_OK;
}

static void odds_json(wg_sb *sb, const wg_game *g, int viewer, const wg_odds_req *r, const wg_odds_out *o)
{
    uint64_t total = 0;
    for (size_t i = 0; i < o->nout; i++)
        total += o->out[i].weight;
    sb_puts(sb, "{\"ruleset\":");
    json_str(sb, g->ops->id, strlen(g->ops->id));
    sb_puts(sb, ",\"viewer\":");
    json_int(sb, viewer);
    sb_puts(sb, ",\"action\":");
    json_str(sb, r->verb, strlen(r->verb));
    sb_puts(sb, ",\"total\":");
    char tmp[32];
    wg_sb t;
    wg__sb_init(&t, tmp, sizeof tmp);
    wg__sb_printf(&t, "%llu", (unsigned long long)total);
    sb_puts(sb, tmp);
    sb_puts(sb, ",\"outcomes\":[");
    for (size_t i = 0; i < o->nout; i++) {
        sb_puts(sb, i ? ",{\"label\":" : "{\"label\":");
        json_str(sb, o->out[i].label, strlen(o->out[i].label));
        sb_puts(sb, ",\"weight\":");
        wg__sb_init(&t, tmp, sizeof tmp);
        wg__sb_printf(&t, "%llu", (unsigned long long)o->out[i].weight);
        sb_puts(sb, tmp);
        sb_putc(sb, '}');
    }
    sb_puts(sb, "],\"modifiers\":[");
    for (size_t i = 0; i < o->nmod; i++) {
        sb_puts(sb, i ? ",{\"name\":" : "{\"name\":");
        json_str(sb, o->mod[i].name, strlen(o->mod[i].name));
        sb_puts(sb, ",\"value\":");
        json_int(sb, (long long)o->mod[i].value);
        sb_puts(sb, ",\"text\":");
        json_str(sb, o->mod[i].text, strlen(o->mod[i].text));
        sb_puts(sb, ",\"rule\":");
        json_str(sb, o->mod[i].rule, strlen(o->mod[i].rule));
        sb_putc(sb, '}');
    }
    sb_puts(sb, "]}");
}

int wg_game_odds(char *buf, size_t cap, size_t *len, wg_game *game, int viewer, const char *action)
{
    if (!game || !action || (!buf && cap))
        return WG_EINVAL;
    if (wg__game_check_viewer(game, viewer) != WG_OK)
        return wg__seterr(game->err, WG_ERANGE, "wg_game_odds: viewer %d is not a player of the game", viewer);
    odds_buf *ob = wg__alloc(game->ctx, sizeof *ob);
    if (!ob)
        return wg__seterr(game->err, WG_ENOMEM, "out of memory computing odds");
    wg_odds_out o;
    memset(&o, 0, sizeof o);
    o.ctx = game->ctx;
    int rc = odds_parse(game, ob, action);
    if (rc == WG_OK)
        rc = game->ops->odds ? game->ops->odds(game, viewer, &ob->req, &o)
                             : wg__seterr(game->err, WG_EINVAL, "%s has no odds for '%.40s' (doc/view.md)",
                                          game->ops->id, ob->req.verb);
    if (rc == WG_ENOMEM)
        wg__seterr(game->err, rc, "out of memory computing odds");
    if (rc == WG_OK) {
        for (size_t k = 0; k < ob->req.nargs; k++)
            if (!ob->req.arg[k].used) {
                rc = wg__seterr(game->err, WG_EINVAL, "%s: '%.40s' is not one of its fields (doc/view.md)",
                                ob->req.verb, ob->req.arg[k].key);
                break;
            }
    }
    if (rc == WG_OK) {
        wg_sb sb;
        wg__sb_init(&sb, buf, cap);
        odds_json(&sb, game, viewer, &ob->req, &o);
        rc = wg__sb_finish(&sb, len);
    }
    wg__free(game->ctx, o.out, o.capout * sizeof *o.out);
    wg__free(game->ctx, o.mod, o.capmod * sizeof *o.mod);
    wg__free(game->ctx, ob, sizeof *ob);
    return rc;
}

/* La Grande Armée: loading the bundled map and scenario documents into plain structs (doc/lga-data.md). */
#include "scenario.h"

#include <limits.h>
#include <string.h>

/* The embedded data files (lib/embeds.cmake). */
#include "embedded.h"

const char *const wg__lga_terrain_names[LGA_T_COUNT] = {"clear", "city", "fortress", "mountain", "pass"};
const char *const wg__lga_flag_names[LGA_F_COUNT] = {"austria", "prussia", "saxony", "passentry",
                                                     "linea",   "lineb",   "easta",  "eastb",
                                                     "edge-n",  "edge-s",  "edge-e", "edge-w"};
const char *const wg__lga_sideflag_names[LGA_S_COUNT] = {"river", "bridge", "lake"};

static const char *const nat_names[LGA_NAT_COUNT] = {"french", "austrian", "prussian", "saxon", "russian"};
static const char *const utype_names[LGA_U_COUNT] = {"infantry", "cavalry", "leader", "supply", "depot"};
static const char *const size_names[5] = {"-", "brigade", "division", "corps", "army"};

typedef struct level_name {
    const char *key;
    const char *text;
    int level;
} level_name;

static const level_name level_names[7] = {
    {"allied-decisive", "Allied Decisive Victory", LGA_LV_ALLIED_DECISIVE},
    {"allied-substantive", "Allied Substantive Victory", LGA_LV_ALLIED_SUBSTANTIVE},
    {"allied-marginal", "Allied Marginal Victory", LGA_LV_ALLIED_MARGINAL},
    {"draw", "Draw", LGA_LV_DRAW},
    {"french-marginal", "French Marginal Victory", LGA_LV_FRENCH_MARGINAL},
    {"french-substantive", "French Substantive Victory", LGA_LV_FRENCH_SUBSTANTIVE},
    {"french-decisive", "French Decisive Victory", LGA_LV_FRENCH_DECISIVE},
};

const char *wg__lga_level_name(int level)
{
    for (int i = 0; i < 7; i++)
        if (level_names[i].level == level)
            return level_names[i].text;
    return "?";
}

const char *wg__lga_nat_name(int nat)
{
    return nat >= 0 && nat < LGA_NAT_COUNT ? nat_names[nat] : "?";
}

const char *wg__lga_utype_name(int type)
{
    return type >= 0 && type < LGA_U_COUNT ? utype_names[type] : "?";
}

static int find_word(const char *const *words, int n, const char *w)
{
    for (int i = 0; i < n; i++)
        if (strcmp(words[i], w) == 0)
            return i;
    return -1;
}

/* Prefixes the context message with the document name: "FILE: message". */
static int prefix_err(wg_ctx *ctx, int rc, const char *file)
{
    char msg[WG_ERRMSG_CAP];
    memcpy(msg, ctx->err, sizeof msg);
    msg[WG_ERRMSG_CAP - 1] = 0;
    return wg__ctx_err(ctx, rc, "%s: %s", file, msg);
}

/* ---- maps ---- */

static int check_vocab(wg_ctx *ctx, const wg_map *m, const char *file)
{
    int kind = 0, n = 0;
    const char *name = NULL;
    if (wg_map_kind_of(&kind, m) != WG_OK || kind != WG_MAP_HEX)
        return wg__ctx_err(ctx, WG_EDATA, "%s: an lga map must be a hex grid", file);
    for (int i = 0; i < LGA_T_COUNT; i++)
        if (wg_map_terrain_count(&n, m) != WG_OK || n <= i || wg_map_terrain_name(&name, m, i) != WG_OK ||
            strcmp(name, wg__lga_terrain_names[i]) != 0)
            return wg__ctx_err(ctx, WG_EDATA, "%s: terrain %d must be '%s' (lga vocabulary, doc/lga-data.md)", file,
                               i, wg__lga_terrain_names[i]);
    for (int i = 0; i < LGA_F_COUNT; i++)
        if (wg_map_flag_count(&n, m) != WG_OK || n <= i || wg_map_flag_name(&name, m, i) != WG_OK ||
            strcmp(name, wg__lga_flag_names[i]) != 0)
            return wg__ctx_err(ctx, WG_EDATA, "%s: flag bit %d must be '%s' (lga vocabulary, doc/lga-data.md)", file,
                               i, wg__lga_flag_names[i]);
    for (int i = 0; i < LGA_S_COUNT; i++)
        if (wg_map_sideflag_count(&n, m) != WG_OK || n <= i || wg_map_sideflag_name(&name, m, i) != WG_OK ||
            strcmp(name, wg__lga_sideflag_names[i]) != 0)
            return wg__ctx_err(ctx, WG_EDATA,
                               "%s: sideflag bit %d must be '%s' (lga vocabulary, doc/lga-data.md)", file, i,
                               wg__lga_sideflag_names[i]);
    return WG_OK;
}

int wg__lga_map_load(wg_map **out, wg_ctx *ctx, const char *buf, size_t len, const char *file)
{
    if (!ctx)
        return WG_EINVAL;
    if (!out || !buf)
        return wg__ctx_err(ctx, WG_EINVAL, "wg__lga_map_load: NULL argument");
    if (!file)
        file = "map";
    wg_map *m = NULL;
    int rc = wg_map_load(&m, ctx, buf, len);
    if (rc != WG_OK)
        return prefix_err(ctx, rc, file);
    rc = check_vocab(ctx, m, file);
    if (rc != WG_OK) {
        wg_map_free(m);
        return rc;
    }
    *out = m;
    return WG_OK;
}

int wg__lga_map_builtin(wg_map **out, wg_ctx *ctx)
{
    return wg__lga_map_load(out, ctx, (const char *)wg__data_lga_map, wg__data_lga_map_len,
                            "europe-schematic.wgd");
}

void wg__lga_crt_completion(const char **buf, size_t *len)
{
    if (buf)
        *buf = (const char *)wg__data_lga_crt;
    if (len)
        *len = wg__data_lga_crt_len;
}

/* ---- scenario documents ---- */

typedef struct loader {
    wg_ctx *ctx;
    const wg_map *map;
    const wg_data *d;
    const char *file;
    lga_scenario *s;
    size_t rec;
    int line;
    int have_scenario, have_default;
    int32_t def_thr[LGA_NTRACKS];
    int track_seen[LGA_MAX_TURNS + 1];
    char special_id[LGA_MAX_SPECIALS][LGA_NAME_CAP];
} loader;

/* "FILE:LINE: message" */
static int lerr(loader *L, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int lerr(loader *L, const char *fmt, ...)
{
    char msg[WG_ERRMSG_CAP];
    va_list ap;
    va_start(ap, fmt);
    wg__vseterr(msg, WG_EPARSE, fmt, ap);
    va_end(ap);
    return wg__ctx_err(L->ctx, WG_EPARSE, "%s:%d: %s", L->file, L->line, msg);
}

static size_t nf(loader *L)
{
    return wg__data_nfield(L->d, L->rec);
}

static const char *fld(loader *L, size_t i)
{
    return wg__data_get(L->d, L->rec, i);
}

static int get_int(loader *L, const char *s, long long lo, long long hi, int32_t *out, const char *what)
{
    long long v;
    if (wg__parse_int(s, &v) != 0 || v < lo || v > hi)
        return lerr(L, "%s must be an integer in %lld..%lld, not '%.40s'", what, lo, hi, s);
    *out = (int32_t)v;
    return WG_OK;
}

/* An integer or "-" (LGA_UNPRINTED). */
static int get_int_or_dash(loader *L, const char *s, long long lo, long long hi, int32_t *out, const char *what)
{
    if (strcmp(s, "-") == 0) {
        *out = LGA_UNPRINTED;
        return WG_OK;
    }
    return get_int(L, s, lo, hi, out, what);
}

static int copy_name(loader *L, char *dst, size_t cap, const char *src, const char *what)
{
    size_t n = strlen(src);
    if (n == 0 || n >= cap)
        return lerr(L, "%s must have 1 to %zu bytes: '%.40s'", what, cap - 1, src);
    memcpy(dst, src, n + 1);
    return WG_OK;
}

static int get_side(loader *L, const char *s, int32_t *out)
{
    if (strcmp(s, "allied") == 0)
        *out = LGA_ALLIED;
    else if (strcmp(s, "french") == 0)
        *out = LGA_FRENCH;
    else
        return lerr(L, "unknown side '%.40s' (allied or french)", s);
    return WG_OK;
}

static int get_place(loader *L, const char *name, int32_t *out)
{
    int sp;
    if (!name[0])
        return lerr(L, "empty place name");
    if (wg_map_find(&sp, L->map, name) != WG_OK)
        return lerr(L, "unknown place \"%.60s\" (not on the map)", name);
    *out = sp;
    return WG_OK;
}

/* A comma-separated list of map flag names into a mask. */
static int get_flags(loader *L, const char *list, uint32_t *out)
{
    char buf[128];
    size_t n = strlen(list);
    uint32_t mask = 0;
    if (n == 0 || n >= sizeof buf)
        return lerr(L, "bad flag list '%.40s'", list);
    memcpy(buf, list, n + 1);
    for (char *p = buf; p;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = 0;
        int b = find_word(wg__lga_flag_names, LGA_F_COUNT, p);
        if (b < 0)
            return lerr(L, "unknown map flag '%.40s'", p);
        mask |= 1u << b;
        p = comma ? comma + 1 : NULL;
    }
    *out = mask;
    return WG_OK;
}

/* A comma-separated list of place names. */
static int get_places(loader *L, const char *list, lga_place *p)
{
    char buf[160];
    size_t n = strlen(list);
    if (n == 0 || n >= sizeof buf)
        return lerr(L, "bad place list '%.40s'", list);
    memcpy(buf, list, n + 1);
    p->nplace = 0;
    for (char *q = buf; q;) {
        char *comma = strchr(q, ',');
        if (comma)
            *comma = 0;
        if (p->nplace >= LGA_MAX_PLACES)
            return lerr(L, "more than %d places in one placement rule", LGA_MAX_PLACES);
        int rc = get_place(L, q, &p->place[p->nplace]);
        if (rc)
            return rc;
        p->nplace++;
        q = comma ? comma + 1 : NULL;
    }
    return WG_OK;
}

static int special_index(loader *L, const char *id)
{
    for (int i = 0; i < L->s->nspecial; i++)
        if (strcmp(L->special_id[i], id) == 0)
            return i;
    return -1;
}

/* "key=value" split: returns the value or NULL when the field does not start with key=. */
static const char *kv(const char *field, const char *key)
{
    size_t n = strlen(key);
    if (strncmp(field, key, n) == 0 && field[n] == '=')
        return field + n + 1;
    return NULL;
}

static int rec_scenario(loader *L)
{
    if (L->have_scenario)
        return lerr(L, "a second 'scenario' record");
    if (nf(L) != 3)
        return lerr(L, "expected 'scenario ID \"TITLE\"'");
    int rc = copy_name(L, L->s->id, sizeof L->s->id, fld(L, 1), "scenario id");
    if (!rc)
        rc = copy_name(L, L->s->title, sizeof L->s->title, fld(L, 2), "scenario title");
    L->have_scenario = 1;
    return rc;
}

static int rec_turns(loader *L)
{
    if (nf(L) < 2 || nf(L) > 3 || (nf(L) == 3 && strcmp(fld(L, 2), "unprinted") != 0))
        return lerr(L, "expected 'turns N [unprinted]'");
    if (L->s->turns)
        return lerr(L, "a second 'turns' record");
    L->s->turns_printed = nf(L) == 2;
    return get_int(L, fld(L, 1), 1, LGA_MAX_TURNS, &L->s->turns, "game length");
}

static int rec_rules(loader *L)
{
    for (size_t i = 1; i < nf(L); i++) {
        const char *w = fld(L, i);
        if (strcmp(w, "prussian") == 0)
            L->s->rules |= LGA_R_PRUSSIAN;
        else if (strcmp(w, "austria-closed") == 0)
            L->s->rules |= LGA_R_AUSTRIA_CLOSED;
        else if (strcmp(w, "austrian-1805") == 0)
            L->s->rules |= LGA_R_AUSTRIAN_1805;
        else if (strcmp(w, "austrian-1809") == 0)
            L->s->rules |= LGA_R_AUSTRIAN_1809;
        else
            return lerr(L, "unknown rule switch '%.40s'", w);
    }
    if ((L->s->rules & LGA_R_AUSTRIAN_1805) && (L->s->rules & LGA_R_AUSTRIAN_1809))
        return lerr(L, "austrian-1805 and austrian-1809 exclude each other");
    return WG_OK;
}

static int rec_track(loader *L)
{
    int32_t t = 0;
    if (nf(L) != 3 && nf(L) != 5)
        return lerr(L, "expected 'track TURN \"DATE\" [A P]'");
    int rc = get_int(L, fld(L, 1), 1, LGA_MAX_TURNS, &t, "game-turn");
    if (rc)
        return rc;
    if (L->track_seen[t])
        return lerr(L, "game-turn %d is already on the track", (int)t);
    lga_turn *tu = &L->s->turn[t];
    rc = copy_name(L, tu->date, sizeof tu->date, fld(L, 2), "date");
    for (int k = 0; k < LGA_NTRACKS && !rc; k++) {
        tu->thr[k] = LGA_UNPRINTED;
        if (nf(L) == 5)
            rc = get_int_or_dash(L, fld(L, 3 + (size_t)k), -1000, 1000, &tu->thr[k], "threshold");
        tu->thr_printed[k] = tu->thr[k] != LGA_UNPRINTED;
    }
    L->track_seen[t] = L->line;
    return rc;
}

static int rec_track_default(loader *L)
{
    if (nf(L) != 3)
        return lerr(L, "expected 'track-default A P'");
    if (L->have_default)
        return lerr(L, "a second 'track-default' record");
    L->have_default = 1;
    int rc = get_int(L, fld(L, 1), -1000, 1000, &L->def_thr[0], "A threshold");
    return rc ? rc : get_int(L, fld(L, 2), -1000, 1000, &L->def_thr[1], "P threshold");
}

static int rec_special(loader *L)
{
    lga_scenario *s = L->s;
    if (nf(L) < 4)
        return lerr(L, "expected 'special ID SIDE arrive=WHEN [trigger...]'");
    if (s->nspecial >= LGA_MAX_SPECIALS)
        return lerr(L, "more than %d special reinforcements", LGA_MAX_SPECIALS);
    lga_special *sp = &s->special[s->nspecial];
    memset(sp, 0, sizeof *sp);
    sp->arrive = -1;
    sp->after = -1;
    sp->near_hex = -1;
    sp->line = L->line;
    int rc = copy_name(L, sp->id, sizeof sp->id, fld(L, 1), "special id");
    if (!rc && special_index(L, fld(L, 1)) >= 0)
        rc = lerr(L, "special '%.40s' is declared twice", fld(L, 1));
    if (!rc)
        rc = get_side(L, fld(L, 2), &sp->side);
    for (size_t i = 3; i < nf(L) && !rc; i++) {
        const char *f = fld(L, i), *v;
        if ((v = kv(f, "arrive"))) {
            if (strcmp(v, "next") == 0)
                sp->arrive = LGA_AR_NEXT_PLAYER_TURN;
            else if (strcmp(v, "immediate") == 0)
                sp->arrive = LGA_AR_IMMEDIATE;
            else if (strcmp(v, "after-french") == 0)
                sp->arrive = LGA_AR_AFTER_FRENCH;
            else
                rc = lerr(L, "unknown arrival '%.40s' (next, immediate or after-french)", v);
        } else if ((v = kv(f, "vp-below"))) {
            sp->trig |= LGA_TR_VP_BELOW;
            if (strcmp(v, "A") == 0)
                sp->track = LGA_TRACK_A;
            else if (strcmp(v, "P") == 0)
                sp->track = LGA_TRACK_P;
            else
                rc = lerr(L, "vp-below takes A or P, not '%.40s'", v);
        } else if ((v = kv(f, "enter"))) {
            sp->trig |= LGA_TR_ENTER;
            rc = get_flags(L, v, &sp->enter_flags);
        } else if ((v = kv(f, "near"))) {
            char buf[80];
            const char *colon = strchr(v, ':');
            size_t n = colon ? (size_t)(colon - v) : 0;
            if (!colon || n == 0 || n >= sizeof buf) {
                rc = lerr(L, "near takes PLACE:RADIUS, not '%.40s'", v);
                break;
            }
            memcpy(buf, v, n);
            buf[n] = 0;
            sp->trig |= LGA_TR_NEAR;
            rc = get_place(L, buf, &sp->near_hex);
            if (!rc)
                rc = get_int(L, colon + 1, 0, 100, &sp->near_radius, "near radius");
        } else if ((v = kv(f, "after"))) {
            sp->trig |= LGA_TR_AFTER;
            sp->after = special_index(L, v);
            if (sp->after < 0)
                rc = lerr(L, "after=%.40s names no special declared before", v);
        } else {
            rc = lerr(L, "unknown special field '%.40s'", f);
        }
    }
    if (rc)
        return rc;
    if (sp->arrive < 0)
        return lerr(L, "special '%s' has no arrive=", sp->id);
    if (!sp->trig)
        return lerr(L, "special '%s' has no trigger", sp->id);
    memcpy(L->special_id[s->nspecial], sp->id, sizeof sp->id);
    s->nspecial++;
    return WG_OK;
}

static int rec_group(loader *L)
{
    lga_scenario *s = L->s;
    if (nf(L) < 4)
        return lerr(L, "expected 'group ID SIDE WHEN [placement...]'");
    if (s->ngroup >= LGA_MAX_GROUPS)
        return lerr(L, "more than %d groups", LGA_MAX_GROUPS);
    if (s->ngroup > 0 && s->group[s->ngroup - 1].nspec == 0)
        return lerr(L, "group '%s' has no units", s->group[s->ngroup - 1].id);
    lga_group *g = &s->group[s->ngroup];
    memset(g, 0, sizeof *g);
    g->special = -1;
    g->line = L->line;
    g->first_spec = s->nspec;
    int rc = copy_name(L, g->id, sizeof g->id, fld(L, 1), "group id");
    for (int i = 0; i < s->ngroup && !rc; i++)
        if (strcmp(s->group[i].id, g->id) == 0)
            rc = lerr(L, "group '%s' is declared twice (line %d)", g->id, (int)s->group[i].line);
    if (!rc)
        rc = get_side(L, fld(L, 2), &g->side);
    if (rc)
        return rc;
    const char *w = fld(L, 3), *v;
    if (strcmp(w, "setup") == 0) {
        g->when = LGA_W_SETUP;
    } else if ((v = kv(w, "turn"))) {
        g->when = LGA_W_TURN;
        rc = get_int(L, v, 1, LGA_MAX_TURNS, &g->turn, "arrival game-turn");
    } else if ((v = kv(w, "special"))) {
        g->when = LGA_W_SPECIAL;
        g->special = special_index(L, v);
        if (g->special < 0)
            rc = lerr(L, "special=%.40s names no special declared before", v);
        else if (s->special[g->special].side != g->side)
            rc = lerr(L, "group '%s' is not on the side of special '%s'", g->id, s->special[g->special].id);
    } else {
        rc = lerr(L, "expected setup, turn=N or special=ID, not '%.40s'", w);
    }
    for (size_t i = 4; i < nf(L) && !rc; i++) {
        const char *f = fld(L, i);
        if ((v = kv(f, "at")))
            rc = get_places(L, v, &g->place);
        else if ((v = kv(f, "within")))
            rc = get_int(L, v, 0, 100, &g->place.radius, "radius");
        else if ((v = kv(f, "all")))
            rc = get_flags(L, v, &g->place.flags_all);
        else if ((v = kv(f, "none")))
            rc = get_flags(L, v, &g->place.flags_none);
        else if (strcmp(f, "one-hex") == 0)
            g->place.one_hex = 1;
        else if (strcmp(f, "fm-supply") == 0)
            g->flags |= LGA_GF_FM_SUPPLY;
        else if (strcmp(f, "free-triple") == 0)
            g->flags |= LGA_GF_FREE_TRIPLE;
        else
            rc = lerr(L, "unknown group field '%.40s'", f);
    }
    if (rc)
        return rc;
    if (g->place.nplace == 0 && g->place.flags_all == 0 && g->place.flags_none == 0)
        return lerr(L, "group '%s' has no placement (at=PLACE, all=FLAG or none=FLAG)", g->id);
    if (g->place.nplace == 0 && g->place.radius)
        return lerr(L, "group '%s': within= needs at=", g->id);
    /* the area must hold at least one hex of the map */
    int n = 0, any = 0;
    wg_map_space_count(&n, L->map);
    for (int h = 0; h < n && !any; h++)
        any = wg__lga_place_ok(L->map, &g->place, h);
    if (!any)
        return lerr(L, "group '%s': no hex of the map satisfies its placement", g->id);
    s->ngroup++;
    return WG_OK;
}

static int add_spec(loader *L, lga_unit_spec **out)
{
    lga_scenario *s = L->s;
    if (s->ngroup == 0)
        return lerr(L, "'%s' before any group", fld(L, 0));
    if (s->nspec >= LGA_MAX_SPECS)
        return lerr(L, "more than %d unit lines", LGA_MAX_SPECS);
    lga_unit_spec *u = &s->spec[s->nspec];
    memset(u, 0, sizeof *u);
    u->line = L->line;
    *out = u;
    return WG_OK;
}

/* "S-M" or "(S)-M" */
static int get_values(loader *L, const char *v, int paren, int32_t *str, int32_t *ma)
{
    char buf[16];
    const char *dash;
    size_t n = strlen(v);
    if (paren) {
        if (n < 4 || v[0] != '(' || !(dash = strstr(v, ")-")))
            return lerr(L, "expected values '(S)-M', not '%.40s'", v);
        size_t k = (size_t)(dash - v) - 1;
        if (k == 0 || k >= sizeof buf)
            return lerr(L, "expected values '(S)-M', not '%.40s'", v);
        memcpy(buf, v + 1, k);
        buf[k] = 0;
        dash++;
    } else {
        dash = strchr(v, '-');
        size_t k = dash ? (size_t)(dash - v) : 0;
        if (!dash || k == 0 || k >= sizeof buf)
            return lerr(L, "expected values 'S-M', not '%.40s'", v);
        memcpy(buf, v, k);
        buf[k] = 0;
    }
    int rc = get_int(L, buf, 0, 18, str, "Combat Strength");
    return rc ? rc : get_int(L, dash + 1, 0, 8, ma, "Movement Allowance");
}

static int rec_unit(loader *L)
{
    lga_unit_spec *u;
    int rc = add_spec(L, &u);
    if (rc)
        return rc;
    if (nf(L) != 6)
        return lerr(L, "expected 'unit NAT TYPE SIZE S-M xN'");
    u->nat = find_word(nat_names, LGA_NAT_COUNT, fld(L, 1));
    u->type = find_word(utype_names, LGA_U_COUNT, fld(L, 2));
    u->size = find_word(size_names, 5, fld(L, 3));
    if (u->nat < 0)
        return lerr(L, "unknown nationality '%.40s'", fld(L, 1));
    if (u->type < 0 || u->type == LGA_U_LEADER)
        return lerr(L, "unknown unit type '%.40s' (infantry, cavalry, supply, depot)", fld(L, 2));
    if (u->size < 0)
        return lerr(L, "unknown unit size '%.40s'", fld(L, 3));
    int combat = u->type == LGA_U_INFANTRY || u->type == LGA_U_CAVALRY;
    if (combat != (u->size != LGA_SZ_NONE))
        return lerr(L, "combat units have a size, supply and depots have '-'");
    rc = get_values(L, fld(L, 4), 0, &u->strength, &u->ma);
    if (rc)
        return rc;
    if (u->type == LGA_U_SUPPLY && u->strength != 0)
        return lerr(L, "a Supply unit has Combat Strength 0 (LGA-UNIT-09)");
    const char *c = fld(L, 5);
    if (c[0] != 'x')
        return lerr(L, "expected a count 'xN', not '%.40s'", c);
    rc = get_int(L, c + 1, 1, 64, &u->count, "count");
    if (rc)
        return rc;
    const lga_group *g = &L->s->group[L->s->ngroup - 1];
    if ((u->nat == LGA_NAT_FRENCH) != (g->side == LGA_FRENCH))
        return lerr(L, "a %s unit in %s group '%s'", nat_names[u->nat], g->side == LGA_FRENCH ? "French" : "Allied",
                    g->id);
    L->s->nspec++;
    L->s->group[L->s->ngroup - 1].nspec++;
    return WG_OK;
}

static int rec_leader(loader *L)
{
    lga_unit_spec *u;
    int rc = add_spec(L, &u);
    if (rc)
        return rc;
    if (nf(L) != 6)
        return lerr(L, "expected 'leader NAT LETTER \"NAME\" OFF/DEF (S)-M'");
    u->nat = find_word(nat_names, LGA_NAT_COUNT, fld(L, 1));
    if (u->nat < 0)
        return lerr(L, "unknown nationality '%.40s'", fld(L, 1));
    u->type = LGA_U_LEADER;
    u->size = LGA_SZ_NONE;
    u->count = 1;
    const char *letter = fld(L, 2);
    if (strlen(letter) != 1 || letter[0] < 'A' || letter[0] > 'Z')
        return lerr(L, "a leader's ID letter is one capital letter, not '%.40s'", letter);
    u->letter = letter[0];
    rc = copy_name(L, u->name, sizeof u->name, fld(L, 3), "leader name");
    if (rc)
        return rc;
    const char *od = fld(L, 4), *slash = strchr(od, '/');
    char buf[8];
    size_t k = slash ? (size_t)(slash - od) : 0;
    if (!slash || k == 0 || k >= sizeof buf)
        return lerr(L, "expected bonuses 'OFF/DEF', not '%.40s'", od);
    memcpy(buf, od, k);
    buf[k] = 0;
    rc = get_int(L, buf, 0, 99, &u->off, "Offensive bonus");
    if (!rc)
        rc = get_int(L, slash + 1, 0, 99, &u->def, "Defensive bonus");
    if (!rc)
        rc = get_values(L, fld(L, 5), 1, &u->strength, &u->ma);
    if (rc)
        return rc;
    const lga_group *g = &L->s->group[L->s->ngroup - 1];
    if ((u->nat == LGA_NAT_FRENCH) != (g->side == LGA_FRENCH))
        return lerr(L, "a %s leader in %s group '%s'", nat_names[u->nat], g->side == LGA_FRENCH ? "French" : "Allied",
                    g->id);
    /* leaders are unique: one letter and one name per side (LGA-SCEN-01, LGA-UNIT-08) */
    for (int i = 0; i < L->s->nspec; i++) {
        const lga_unit_spec *o = &L->s->spec[i];
        if (o->type != LGA_U_LEADER || (o->nat == LGA_NAT_FRENCH) != (u->nat == LGA_NAT_FRENCH))
            continue;
        if (o->letter == u->letter || strcmp(o->name, u->name) == 0)
            return lerr(L, "leader %s (%c) clashes with %s (%c) on line %d", u->name, u->letter, o->name, o->letter,
                        (int)o->line);
    }
    L->s->nspec++;
    L->s->group[L->s->ngroup - 1].nspec++;
    return WG_OK;
}

static int rec_vp(loader *L)
{
    lga_scenario *s = L->s;
    if (nf(L) < 3)
        return lerr(L, "expected 'vp place PLACE CONTROL SIEGE' or 'vp exit-south|line-a|line-b N'");
    if (s->nvp >= LGA_MAX_VP)
        return lerr(L, "more than %d VP awards", LGA_MAX_VP);
    lga_vp *v = &s->vp[s->nvp];
    memset(v, 0, sizeof *v);
    v->hex = -1;
    v->siege = LGA_UNPRINTED;
    v->line = L->line;
    const char *k = fld(L, 1);
    int rc;
    if (strcmp(k, "place") == 0) {
        if (nf(L) != 5)
            return lerr(L, "expected 'vp place PLACE CONTROL SIEGE'");
        v->kind = LGA_VP_PLACE;
        rc = get_place(L, fld(L, 2), &v->hex);
        if (!rc)
            rc = get_int(L, fld(L, 3), 0, 1000, &v->control, "control points");
        if (!rc)
            rc = get_int_or_dash(L, fld(L, 4), 0, 1000, &v->siege, "siege points");
        if (rc)
            return rc;
        int t = -1;
        wg_map_terrain(&t, L->map, v->hex);
        if (t != LGA_T_CITY && t != LGA_T_FORTRESS)
            return lerr(L, "VP place %s is neither a City nor a Fortress on the map", fld(L, 2));
        /* LGA-GAP-02: a printed siege value means a Fortress; LGA-FORT-13: Cities are never besieged */
        if (v->siege != LGA_UNPRINTED && t != LGA_T_FORTRESS)
            return lerr(L, "%s has a siege value but is not a Fortress on the map (LGA-GAP-02)", fld(L, 2));
        for (int i = 0; i < s->nvp; i++)
            if (s->vp[i].kind == LGA_VP_PLACE && s->vp[i].hex == v->hex)
                return lerr(L, "%s has VP twice", fld(L, 2));
    } else {
        if (nf(L) != 3)
            return lerr(L, "expected 'vp %.20s N'", k);
        if (strcmp(k, "exit-south") == 0)
            v->kind = LGA_VP_EXIT_SOUTH;
        else if (strcmp(k, "line-a") == 0)
            v->kind = LGA_VP_LINE_A;
        else if (strcmp(k, "line-b") == 0)
            v->kind = LGA_VP_LINE_B;
        else
            return lerr(L, "unknown VP award '%.40s'", k);
        for (int i = 0; i < s->nvp; i++)
            if (s->vp[i].kind == v->kind)
                return lerr(L, "VP award '%s' given twice", k);
        rc = get_int(L, fld(L, 2), 0, 1000, &v->control, "points");
        if (rc)
            return rc;
    }
    s->nvp++;
    return WG_OK;
}

static int rec_level(loader *L)
{
    lga_scenario *s = L->s;
    if (nf(L) != 4)
        return lerr(L, "expected 'level MIN MAX NAME'");
    if (s->nlevel >= LGA_MAX_LEVELS)
        return lerr(L, "more than %d victory levels", LGA_MAX_LEVELS);
    lga_level *lv = &s->level[s->nlevel];
    int rc = get_int_or_dash(L, fld(L, 1), -100000, 100000, &lv->min, "minimum");
    if (!rc)
        rc = get_int_or_dash(L, fld(L, 2), -100000, 100000, &lv->max, "maximum");
    if (rc)
        return rc;
    if (lv->min == LGA_UNPRINTED)
        lv->min = INT32_MIN;
    if (lv->max == LGA_UNPRINTED)
        lv->max = INT32_MAX;
    if (lv->min > lv->max)
        return lerr(L, "victory level range is empty");
    int k = -1;
    for (int i = 0; i < 7; i++)
        if (strcmp(level_names[i].key, fld(L, 3)) == 0)
            k = i;
    if (k < 0)
        return lerr(L, "unknown victory level '%.40s'", fld(L, 3));
    lv->level = level_names[k].level;
    if (s->nlevel == 0 && lv->max != INT32_MAX)
        return lerr(L, "the first victory level must be open above (MAX '-')");
    if (s->nlevel > 0) {
        const lga_level *prev = &s->level[s->nlevel - 1];
        if (prev->min == INT32_MIN || lv->max != prev->min - 1)
            return lerr(L, "victory levels must run downwards without gap or overlap (expected MAX %d)",
                        prev->min == INT32_MIN ? 0 : (int)prev->min - 1);
        if (lv->level >= prev->level)
            return lerr(L, "victory levels must get worse for the French going down");
    }
    s->nlevel++;
    return WG_OK;
}

static int rec_control(loader *L)
{
    lga_scenario *s = L->s;
    if (nf(L) != 3)
        return lerr(L, "expected 'control PLACE SIDE'");
    if (s->ncontrol >= LGA_MAX_CONTROL)
        return lerr(L, "more than %d control records", LGA_MAX_CONTROL);
    lga_control *c = &s->control[s->ncontrol];
    int rc = get_place(L, fld(L, 1), &c->hex);
    if (!rc)
        rc = get_side(L, fld(L, 2), &c->side);
    if (rc)
        return rc;
    int t = -1;
    wg_map_terrain(&t, L->map, c->hex);
    if (t != LGA_T_CITY && t != LGA_T_FORTRESS)
        return lerr(L, "%s is neither a City nor a Fortress: it cannot be controlled", fld(L, 1));
    for (int i = 0; i < s->ncontrol; i++)
        if (s->control[i].hex == c->hex)
            return lerr(L, "%s has two initial controllers", fld(L, 1));
    s->ncontrol++;
    return WG_OK;
}

static int rec_setup_radius(loader *L)
{
    if (nf(L) != 2)
        return lerr(L, "expected 'setup-radius N'");
    return get_int(L, fld(L, 1), 0, 10, &L->s->french_setup_radius, "setup radius");
}

typedef struct rec_handler {
    const char *kw;
    int (*fn)(loader *L);
} rec_handler;

static const rec_handler handlers[] = {
    {"scenario", rec_scenario}, {"turns", rec_turns},     {"rules", rec_rules},
    {"setup-radius", rec_setup_radius}, {"track", rec_track}, {"track-default", rec_track_default},
    {"special", rec_special},   {"group", rec_group},     {"unit", rec_unit},
    {"leader", rec_leader},     {"vp", rec_vp},           {"level", rec_level},
    {"control", rec_control},
};

/* Whole-document checks once every record is read. */
static int finish(loader *L)
{
    lga_scenario *s = L->s;
    L->line = 1;
    if (!L->have_scenario)
        return lerr(L, "no 'scenario' record");
    if (!s->turns)
        return lerr(L, "no 'turns' record");
    if (s->ngroup == 0)
        return lerr(L, "no groups");
    if (s->group[s->ngroup - 1].nspec == 0) {
        L->line = s->group[s->ngroup - 1].line;
        return lerr(L, "group '%s' has no units", s->group[s->ngroup - 1].id);
    }
    for (int t = 1; t <= LGA_MAX_TURNS; t++) {
        if (t <= s->turns && !L->track_seen[t])
            return lerr(L, "game-turn %d of %d has no 'track' record", t, (int)s->turns);
        if (t > s->turns && L->track_seen[t]) {
            L->line = L->track_seen[t];
            return lerr(L, "game-turn %d is beyond the game length %d", t, (int)s->turns);
        }
        for (int k = 0; k < LGA_NTRACKS && t <= s->turns; k++)
            if (!s->turn[t].thr_printed[k])
                s->turn[t].thr[k] = L->have_default ? L->def_thr[k] : LGA_UNPRINTED;
    }
    for (int i = 0; i < s->ngroup; i++) {
        const lga_group *g = &s->group[i];
        L->line = g->line;
        /* LGA-SCEN-07: a reinforcement turn lies within the game length */
        if (g->when == LGA_W_TURN && g->turn > s->turns)
            return lerr(L, "group '%s' arrives on game-turn %d, after the last game-turn %d", g->id, (int)g->turn,
                        (int)s->turns);
        /* LGA-MOVE-08: Cavalry may never stand on a Mountain hex: a group that can stand only on
           Mountains holds none */
        if (g->place.radius == 0 && g->place.nplace > 0) {
            int all_mtn = 1, cav = 0;
            for (int k = 0; k < g->place.nplace && all_mtn; k++) {
                int t = -1;
                wg_map_terrain(&t, L->map, g->place.place[k]);
                all_mtn = t == 3 /* mountain */;
            }
            for (int k = g->first_spec; k < g->first_spec + g->nspec; k++)
                cav |= s->spec[k].type == LGA_U_CAVALRY;
            if (all_mtn && cav)
                return lerr(L, "group '%s' can stand only on Mountain hexes and holds Cavalry, which may never "
                               "enter one (LGA-MOVE-08)",
                            g->id);
        }
        /* LGA-PRUSSIAN-02/03: a group that can only stand on a Prussian Fortress, all on one hex,
           may hold one Prussian Combat unit at most (Armies excepted, as in play) */
        if ((s->rules & LGA_R_PRUSSIAN) && g->place.one_hex && g->place.radius == 0 && g->place.nplace > 0) {
            int all_pf = 1;
            for (int k = 0; k < g->place.nplace && all_pf; k++) {
                int t = -1;
                uint32_t f = 0;
                wg_map_terrain(&t, L->map, g->place.place[k]);
                wg_map_flags(&f, L->map, g->place.place[k]);
                all_pf = t == 2 /* fortress */ && (f & (1u << 1)) /* prussia */;
            }
            int n = 0;
            for (int k = g->first_spec; k < g->first_spec + g->nspec; k++) {
                const lga_unit_spec *u = &s->spec[k];
                if (u->nat == LGA_NAT_PRUSSIAN && (u->type == LGA_U_INFANTRY || u->type == LGA_U_CAVALRY) &&
                    u->size != LGA_SZ_ARMY)
                    n += u->count;
            }
            const char *name = NULL;
            wg_map_name(&name, L->map, g->place.place[0]);
            if (all_pf && n > 1)
                return lerr(L, "group '%s' puts %d Prussian Combat units on the Prussian Fortress %s: one at most "
                               "(LGA-PRUSSIAN-02)",
                            g->id, n, name ? name : "?");
        }
    }
    for (int k = 0; k < s->nspecial; k++) {
        int any = 0;
        for (int i = 0; i < s->ngroup; i++)
            any |= s->group[i].when == LGA_W_SPECIAL && s->group[i].special == k;
        L->line = s->special[k].line;
        if (!any)
            return lerr(L, "special '%s' has no group", s->special[k].id);
        if (s->special[k].trig & LGA_TR_VP_BELOW) {
            int any_thr = 0;
            for (int t = 1; t <= s->turns; t++)
                any_thr |= s->turn[t].thr_printed[s->special[k].track];
            if (!any_thr)
                return lerr(L, "special '%s' triggers on a track value the track never prints", s->special[k].id);
        }
    }
    if (s->nlevel == 0)
        return lerr(L, "no victory levels");
    if (s->level[s->nlevel - 1].min != INT32_MIN) {
        L->line = 1;
        return lerr(L, "the last victory level must be open below (MIN '-')");
    }
    return WG_OK;
}

int wg__lga_scenario_load(lga_scenario **out, wg_ctx *ctx, const wg_map *map, const char *buf, size_t len,
                          const char *file)
{
    if (!ctx)
        return WG_EINVAL;
    if (!out || !map || !buf)
        return wg__ctx_err(ctx, WG_EINVAL, "wg__lga_scenario_load: NULL argument");
    if (!file)
        file = "scenario";
    wg_data *d = NULL;
    int rc = wg__data_open(&d, ctx, buf, len, "lga-scenario");
    if (rc != WG_OK)
        return prefix_err(ctx, rc, file);
    lga_scenario *s = wg__alloc(ctx, sizeof *s);
    if (!s) {
        wg_data_free(d);
        return wg__ctx_err(ctx, WG_ENOMEM, "%s: out of memory loading the scenario", file);
    }
    loader L;
    memset(&L, 0, sizeof L);
    L.ctx = ctx;
    L.map = map;
    L.d = d;
    L.file = file;
    L.s = s;
    for (size_t r = 0; r < d->nrec && rc == WG_OK; r++) {
        size_t line = 0;
        wg_data_line(&line, d, r);
        L.rec = r;
        L.line = (int)line;
        const char *kw = fld(&L, 0);
        const rec_handler *h = NULL;
        for (size_t i = 0; i < sizeof handlers / sizeof handlers[0]; i++)
            if (strcmp(handlers[i].kw, kw) == 0)
                h = &handlers[i];
        rc = h ? h->fn(&L) : lerr(&L, "unknown record '%.40s' in a scenario", kw);
    }
    if (rc == WG_OK)
        rc = finish(&L);
    wg_data_free(d);
    if (rc != WG_OK) {
        wg__free(ctx, s, sizeof *s);
        return rc;
    }
    *out = s;
    return WG_OK;
}

int wg__lga_scenario_builtin(lga_scenario **out, wg_ctx *ctx, const wg_map *map, const char *id)
{
    if (!ctx)
        return WG_EINVAL;
    if (!id)
        return wg__ctx_err(ctx, WG_EINVAL, "wg__lga_scenario_builtin: NULL id");
    if (strcmp(id, "1805") == 0)
        return wg__lga_scenario_load(out, ctx, map, (const char *)wg__data_lga_1805, wg__data_lga_1805_len,
                                     "1805.wgd");
    if (strcmp(id, "1806") == 0)
        return wg__lga_scenario_load(out, ctx, map, (const char *)wg__data_lga_1806, wg__data_lga_1806_len,
                                     "1806.wgd");
    if (strcmp(id, "1809") == 0)
        return wg__lga_scenario_load(out, ctx, map, (const char *)wg__data_lga_1809, wg__data_lga_1809_len,
                                     "1809.wgd");
    return wg__ctx_err(ctx, WG_ENOTFOUND, "lga has no scenario '%.40s' (1805, 1806, 1809)", id);
}

void wg__lga_scenario_free(wg_ctx *ctx, lga_scenario *s)
{
    if (ctx && s)
        wg__free(ctx, s, sizeof *s);
}

/* ---- helpers ---- */

int wg__lga_group_units(const lga_scenario *s, int group)
{
    if (!s || group < 0 || group >= s->ngroup)
        return 0;
    int n = 0;
    const lga_group *g = &s->group[group];
    for (int i = 0; i < g->nspec; i++)
        n += s->spec[g->first_spec + i].count;
    return n;
}

int wg__lga_place_ok(const wg_map *map, const lga_place *p, int hex)
{
    uint32_t fl = 0;
    if (!map || !p || wg_map_flags(&fl, map, hex) != WG_OK)
        return 0;
    if ((fl & p->flags_all) != p->flags_all || (fl & p->flags_none) != 0)
        return 0;
    if (p->nplace == 0)
        return 1;
    for (int i = 0; i < p->nplace; i++)
        if (wg__map_hex_distance(map, p->place[i], hex) <= p->radius)
            return 1;
    return 0;
}

int wg__lga_level_of(const lga_scenario *s, int32_t vp)
{
    if (!s)
        return LGA_LV_DRAW;
    for (int i = 0; i < s->nlevel; i++)
        if (vp >= s->level[i].min && vp <= s->level[i].max)
            return s->level[i].level;
    return LGA_LV_DRAW;
}

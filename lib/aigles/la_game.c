/* Les Aigles as a game: set-up from the battle's documents (army list, table, battle, the sample
   completions of the truncated tables), the helpers the period's files share, determinization of
   the hidden markers and moves, and the ops table. */
#include "aigles.h"

#include "embedded.h"

#include <stdio.h>
#include <string.h>

static const char *const players[2] = {"French", "Allies"};

static const wg_scenario_info scenarios[2] = {
    {"crossroads", "Sample battle: the crossroads of Saint-Martin (sample data)"},
    {"ridge", "Sample battle: the Galgenberg (sample data)"},
};

static const char *const data_slots[] = {"army", "table", "battle", NULL};

const char *const lg_marker_name[LG_NMARKERS] = {"none", "movement", "change of formation", "withdrawal",
                                                 "fire", "charge", "dodge", "rest"};

/* ---------------------------------------------------------------- helpers */

int lg_figures(const lg_unit *x)
{
    int n = 0;
    for (int c = 0; c < LA_MAX_COMPANIES; c++)
        n += x->fig[c];
    return n;
}

int lg_active(const lg_state *s, int i)
{
    return i >= 0 && i < s->nunit && !s->u[i].off;
}

int lg_controlled(const lg_state *s, int i)
{
    int m = s->u[i].morale;
    return lg_active(s, i) && (m == LA_OBEY || m == LA_HALT || m == LA_UNCONTROLLED);
}

int lg_side(const wg_game *g, int i)
{
    return LG_RD(g)->battle.unit[i].side;
}

const char *lg_name(const wg_game *g, int i)
{
    if (i >= LG_MAX) /* an officer as a target of fire (LG_FIRE_OFFICER) */
        return LG_RD(g)->battle.officer[i - LG_MAX].name;
    return LG_RD(g)->battle.unit[i].name;
}

/* Whether every company of the battle's unit has a foot type (the unit may dismount, LA-UNIT-21). */
static int has_foot(const lg_rdata *rd, const la_bunit *b)
{
    for (int c = 0; c < b->u.ncomp; c++)
        if (rd->army.type[b->type[c]].foot < 0)
            return 0;
    return 1;
}

/* The foot version of a unit: each company as its type's foot type (LA-UNIT-21); 0 when a company has
   none (the unit may not dismount). */
static int on_foot(la_unit *out, const wg_game *g, int i)
{
    const lg_rdata *rd = LG_RD(g);
    const la_bunit *b = &rd->battle.unit[i];
    if (!has_foot(rd, b))
        return 0;
    for (int c = 0; c < out->ncomp; c++) {
        const la_type *t = &rd->army.type[rd->army.type[b->type[c]].foot];
        la_company *k = &out->comp[c];
        k->status = t->status;
        k->manoeuvre = t->manoeuvre;
        k->fire = t->fire;
        k->combat = t->combat;
        k->charge = t->charge;
        k->morale = t->morale;
        k->elite = t->elite;
    }
    const la_type *t0 = &rd->army.type[rd->army.type[b->type[0]].foot];
    out->arm = t0->arm;
    out->irregular = t0->irregular;
    out->heavy = 0;
    out->cuirass = t0->cuirass;
    out->lancer = 0;
    return 1;
}

int lg_status(const wg_game *g, int i)
{
    const lg_rdata *rd = LG_RD(g);
    const la_bunit *b = &rd->battle.unit[i];
    const lg_unit *x = &LG_ST(g)->u[i];
    int foot = x->dismounted && has_foot(rd, b); /* as on_foot */
    int s = LA_GUARD;
    for (int c = 0; c < b->u.ncomp; c++) {
        if (x->fig[c] <= 0)
            continue;
        int st = foot ? rd->army.type[rd->army.type[b->type[c]].foot].status : b->u.comp[c].status;
        if (st > s)
            s = st;
    }
    return s;
}

int lg_foot_of(la_unit *out, const wg_game *g, int i)
{
    lg_unit_of(out, g, i);
    if (LG_ST(g)->u[i].dismounted)
        return 1;
    return on_foot(out, g, i);
}

int lg_arm(const wg_game *g, int i)
{
    return LG_ST(g)->u[i].dismounted ? lg_type_of(g, i, 0)->arm : LG_RD(g)->battle.unit[i].u.arm;
}

int lg_has_park(const wg_game *g, int i)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    return x->dismounted && x->park > 0 && !x->off;
}

void lg_park_of(la_unit *out, const wg_game *g, int i)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    *out = LG_RD(g)->battle.unit[i].u; /* mounted: the battle's companies */
    int left = x->park;
    for (int c = 0; c < out->ncomp; c++) { /* the park's figures, company by company */
        int k = out->comp[c].figures < left ? out->comp[c].figures : left;
        out->comp[c].figures = k;
        left -= k;
    }
    if (left > 0 && out->ncomp > 0)
        out->comp[out->ncomp - 1].figures += left;
    out->formation = x->park_form;
    out->front = x->park_front;
    out->ref.x = x->px;
    out->ref.y = x->py;
    out->facing.x = x->pfx;
    out->facing.y = x->pfy;
    out->removed = 0;
    out->cohesion = LA_FORMED;
    out->morale = LA_OBEY;
}

/* The geometry kept in the game's scratch (lg_memo): the option enumeration measures every other unit
   against each candidate.  A unit's footprint serves only the step that made it (gen: the tables may
   change between steps before the first decision) and only while the unit's state fields it depends
   on are unchanged (key); a gap and a base about (0, 0) are functions of their keys alone and serve
   any step.  Readers (why_not, describe, ...) compute without it: the scratch is written only inside
   a step, which has the game to itself. */
typedef struct lg_fpkey {
    int32_t x, y, fx, fy;
    int16_t fig[LA_MAX_COMPANIES];
    int8_t formation, front, massed_off, dismounted;
} lg_fpkey;

typedef struct lg_fpent {
    lg_fpkey key;
    wg_quad q;
    uint32_t gen; /* the step that made it */
} lg_fpent;

/* The gap between two footprints (lg_gap), by the footprints themselves: a function of their corners
   alone, so an entry holds whatever the step (used: 0 for an empty entry). */
typedef struct lg_gapent {
    wg_quad a, b;
    int32_t d;
    int32_t used;
} lg_gapent;

enum { LG_NGAP = 1024 };

/* A base size (la_base_size) read from the tables in this step. */
typedef struct lg_bsent {
    uint32_t gen;
    int32_t front, depth;
} lg_bsent;

/* A footprint about (0, 0) by its facing and size (wg__base_quad with the centre at the origin): a
   function of these four numbers alone, so an entry holds whatever the step. */
typedef struct lg_orent {
    int32_t fx, fy, w, d;
    wg_quad q;
    int used;
} lg_orent;

enum { LG_NORIGIN = 256 };

typedef struct lg_memo {
    uint32_t gen, depth; /* the current step's generation (0: none yet); nested steps */
    lg_fpent e[LG_MAX];
    lg_gapent gap[LG_NGAP];
    lg_bsent base[LA_NARMS][LA_NFORMATIONS];
    lg_orent origin[LG_NORIGIN];
} lg_memo;

/* la_base_size at the game's scale from the game's tables; kept for the step (the tables do not
   change within one). */
static int base_size(int32_t *front, int32_t *depth, const wg_game *g, int arm, int formation)
{
    lg_memo *m = g->scratch;
    lg_bsent *e = m && m->depth && arm >= 0 && arm < LA_NARMS && formation >= 0 && formation < LA_NFORMATIONS
                      ? &m->base[arm][formation]
                      : NULL;
    if (e && e->gen == m->gen) {
        *front = e->front;
        *depth = e->depth;
        return WG_OK;
    }
    int rc = la_base_size(front, depth, g->tables, arm, formation, LG_RD(g)->battle.scale);
    if (e && rc == WG_OK) {
        e->gen = m->gen;
        e->front = *front;
        e->depth = *depth;
    }
    return rc;
}

int lg_unit_footprint(wg_quad *q, const wg_game *g, const la_unit *u)
{
    int32_t bf = 0, bd = 0, w = 0, d = 0;
    int rc = base_size(&bf, &bd, g, u->arm, u->formation);
    lg_memo *m = g->scratch;
    if (rc != WG_OK || !m || !m->depth)
        return rc == WG_OK ? la_footprint_sized(q, u, bf, bd) : rc;
    /* in a step: the base about (0, 0) of this facing and size, put at the unit's centre (wg__base_at:
       wg__base_quad's corners, and its refusals) */
    if ((rc = la_footprint_dims(&w, &d, u, bf, bd)) != WG_OK)
        return rc;
    wg_pt f = u->facing;
    uint32_t h = ((uint32_t)f.x * 2654435761u ^ (uint32_t)f.y * 2246822519u ^ (uint32_t)w * 3266489917u ^
                  (uint32_t)d * 668265263u) %
                 LG_NORIGIN;
    lg_orent *e = &m->origin[h];
    if (!e->used || e->fx != f.x || e->fy != f.y || e->w != w || e->d != d) {
        wg_quad o;
        wg_pt zero = {0, 0};
        if (wg__base_quad(&o, zero, f, w, d) != 0)
            return WG_ERANGE;
        e->fx = f.x;
        e->fy = f.y;
        e->w = w;
        e->d = d;
        e->q = o;
        e->used = 1;
    }
    return wg__base_at(q, &e->q, u->ref) == 0 ? WG_OK : WG_ERANGE;
}

static void fp_key(lg_fpkey *k, const lg_unit *x)
{
    memset(k, 0, sizeof *k);
    k->x = x->x;
    k->y = x->y;
    k->fx = x->fx;
    k->fy = x->fy;
    memcpy(k->fig, x->fig, sizeof k->fig);
    k->formation = x->formation;
    k->front = x->front;
    k->massed_off = x->massed_off;
    k->dismounted = x->dismounted;
}

int lg_footprint_of(wg_quad *q, const wg_game *g, int i)
{
    lg_memo *m = g->scratch;
    lg_fpent *e = m && m->depth && i >= 0 && i < LG_MAX ? &m->e[i] : NULL;
    lg_fpkey k;
    if (e) {
        fp_key(&k, &LG_ST(g)->u[i]);
        if (e->gen == m->gen && memcmp(&e->key, &k, sizeof k) == 0) {
            *q = e->q;
            return WG_OK;
        }
    }
    la_unit u;
    lg_unit_of(&u, g, i);
    int rc = lg_unit_footprint(q, g, &u);
    if (e && rc == WG_OK) {
        e->key = k;
        e->q = *q;
        e->gen = m->gen;
    }
    return rc;
}

static void step_begin(wg_game *g)
{
    lg_memo *m = g->scratch;
    if (m && m->depth++ == 0 && ++m->gen == 0) { /* the generations wrapped: forget every entry */
        memset(m->e, 0, sizeof m->e);
        memset(m->base, 0, sizeof m->base);
        m->gen = 1;
    }
}

static void step_end(wg_game *g)
{
    lg_memo *m = g->scratch;
    if (m && m->depth)
        m->depth--;
}

static int step_options(wg_game *g)
{
    step_begin(g);
    int rc = lg_options(g);
    step_end(g);
    return rc;
}

static int step_apply(wg_game *g, uint64_t a)
{
    step_begin(g);
    int rc = lg_apply(g, a);
    step_end(g);
    return rc;
}

static int step_apply_params(wg_game *g, uint64_t a, const int64_t *v, size_t n)
{
    step_begin(g);
    int rc = lg_apply_params(g, a, v, n);
    step_end(g);
    return rc;
}

void lg_unit_of(la_unit *out, const wg_game *g, int i)
{
    const lg_unit *x = &LG_ST(g)->u[i];
    const la_unit *b = &LG_RD(g)->battle.unit[i].u;
    /* the battle's unit, its companies up to ncomp (the rest of the 16 are never read); every
       field after them is the state's */
    out->arm = b->arm;
    out->irregular = b->irregular;
    out->heavy = b->heavy;
    out->cuirass = b->cuirass;
    out->lancer = b->lancer;
    out->ncomp = b->ncomp;
    memcpy(out->comp, b->comp, (size_t)b->ncomp * sizeof *out->comp);
    if (x->dismounted)
        (void)on_foot(out, g, i);
    for (int c = 0; c < out->ncomp; c++)
        out->comp[c].figures = x->fig[c];
    out->formation = x->formation;
    out->front = x->front;
    out->ref.x = x->x;
    out->ref.y = x->y;
    out->facing.x = x->fx;
    out->facing.y = x->fy;
    out->cohesion = x->cohesion;
    out->morale = x->morale;
    out->retreat_periods = x->retreat_periods;
    out->fatigue = x->fatigue;
    /* figures off the table while massed (G-22); at least one figure stays on it */
    int all = lg_figures(x);
    out->removed = x->massed_off < all ? x->massed_off : (all > 0 ? all - 1 : 0);
    if (out->removed < 0)
        out->removed = 0;
    /* the front never holds more figures than the unit has on the table */
    int n = all - out->removed;
    if (out->front > n)
        out->front = n > 0 ? n : 1;
}

wg_table *const *lg_tabs(const wg_game *g)
{
    return g->tables;
}

la_move_env lg_env(const wg_game *g)
{
    const lg_rdata *rd = LG_RD(g);
    la_move_env e = {&rd->army, g->tables, rd->battle.scale, g->map,
                     {LG_ST(g)->line_level, rd->battle.terrain_rule, rd->battle.nterrain_rule}};
    return e;
}

la_field lg_field(const wg_game *g)
{
    const lg_rdata *rd = LG_RD(g);
    la_field f = {g->map, rd->block_flags, rd->crest_type, g->tables, rd->battle.scale};
    return f;
}

int lg_per_figure(const wg_game *g)
{
    /* G-03: 40 men a figure (the default), a figure per 6 losses, or the smaller scale of 30 men a
       figure (LA-SCALE-01) */
    static const int per[3] = {40, 6, 30};
    int v = LG_RD(g)->opt[LG_O_FIGURE];
    return per[v < 3 ? v : 0];
}

int32_t lg_gap(const wg_game *g, int a, int b)
{
    /* la_unit_gap of the two units: the footprints kept for the step, the gap between two footprints
       kept for as long as its entry is not taken by another pair (lg_memo) */
    wg_quad q[2];
    if (lg_footprint_of(&q[0], g, a) != WG_OK || lg_footprint_of(&q[1], g, b) != WG_OK)
        return INT32_MAX;
    lg_memo *m = g->scratch;
    lg_gapent *e = NULL;
    if (m && m->depth) {
        uint32_t h = 2166136261u;
        for (int k = 0; k < 2; k++)
            for (int c = 0; c < 4; c++)
                h = (h ^ (uint32_t)q[k].p[c].x) * 16777619u, h = (h ^ (uint32_t)q[k].p[c].y) * 16777619u;
        e = &m->gap[(h ^ (h >> 15)) % LG_NGAP];
        if (e->used && memcmp(&e->a, &q[0], sizeof q[0]) == 0 && memcmp(&e->b, &q[1], sizeof q[1]) == 0)
            return e->d;
    }
    int32_t d = (int32_t)wg__poly_dist_floor(q[0].p, 4, q[1].p, 4);
    if (e) {
        e->a = q[0];
        e->b = q[1];
        e->d = d;
        e->used = 1;
    }
    return d;
}

int lg_sees(const wg_game *g, int a, int b)
{
    const lg_state *s = LG_ST(g);
    la_unit ua, ub, others[LG_MAX];
    const la_unit *op[LG_MAX];
    int n = 0;
    if (lg_hidden_to(g, b, a))
        return 0; /* hidden by the ground (LA-TERRAIN-07, LA-LOS-09) */
    lg_unit_of(&ua, g, a);
    lg_unit_of(&ub, g, b);
    for (int i = 0; i < s->nunit; i++)
        if (i != a && i != b && lg_active(s, i)) {
            lg_unit_of(&others[n], g, i);
            op[n] = &others[n];
            n++;
        }
    la_field f = lg_field(g);
    int yes = 0;
    if (la_sees(&yes, &f, &ua, &ub, op, NULL, n) != WG_OK)
        return 0;
    return yes;
}

/* ---------------------------------------------------------------- options */

static const wg__optdef optdefs[LG_NOPT] = {
    {"data", {"sample", "printed", NULL}}, /* the sample completions of T26-T29, or the printed cells only */
    {"figure", {"40", "6", "30", NULL}},   /* G-03, LA-SCALE-01: losses (men) per figure */
    {"morale-die", {"raw", "mapped", NULL}}, /* G-14 */
    {"break", {"half", "none", NULL}},     /* ours: a side whose half is gone loses at once */
    {"flags", {"off", "on", NULL}},        /* the optional capture of flags (LA-FLAGS-01, G-40) */
    {"premeasure", {"yes", "no", NULL}},   /* LA-SCALE-07, LA-ARTFIRE-07: distances only once declared */
    {"unforeseen", {"forbid", "test", NULL}}, /* LA-ORDERS-19: what the orders do not provide for, or a test */
};

static int parse_options(wg_game *g, const char *s, uint8_t *opt)
{
    memset(opt, 0, LG_NOPT);
    return wg__parse_options(g->err, "aigles", "doc/aigles.md", optdefs, LG_NOPT, s, opt);
}

/* ---------------------------------------------------------------- set-up */

static const char *doc_of(const wg_game *g, const char *slot, const unsigned char *dflt, size_t dlen, size_t *len,
                          uint8_t *bundled)
{
    const char *buf = NULL;
    if (wg__game_data(g, slot, &buf, len) == WG_OK) {
        *bundled = 0;
        return buf;
    }
    *len = dlen;
    *bundled = 1;
    return (const char *)dflt;
}

static int flag_of(const wg_map *m, const char *name, uint32_t *mask)
{
    int bit = -1;
    if (wg_map_flag_bit(&bit, m, name) == WG_OK && bit >= 0 && bit < 32)
        *mask |= 1u << bit;
    return bit;
}

static int setup(wg_game *g, const char *options)
{
    uint8_t opt[LG_NOPT];
    int rc = parse_options(g, options, opt);
    if (rc)
        return rc;
    if (sizeof(lg_state) > g->ops->state_size)
        return wg__seterr(g->err, WG_ESTATE, "aigles: state size mismatch");
    lg_rdata *rd = wg__alloc(g->ctx, sizeof *rd);
    if (!rd)
        return wg__seterr(g->err, WG_ENOMEM, "aigles: out of memory");
    wg__ref_init(&rd->refs);
    rd->ctx = g->ctx;
    memcpy(rd->opt, opt, sizeof rd->opt);
    size_t alen = 0, tlen = 0, blen = 0;
    const char *abuf = doc_of(g, "army", wg__data_aigles_army, wg__data_aigles_army_len, &alen, &rd->prov_army);
    const char *tbuf = doc_of(g, "table", wg__data_aigles_table, wg__data_aigles_table_len, &tlen, &rd->prov_table);
    const char *bbuf = doc_of(g, "battle", g->scenario == 0 ? wg__data_aigles_crossroads : wg__data_aigles_ridge,
                              g->scenario == 0 ? wg__data_aigles_crossroads_len : wg__data_aigles_ridge_len, &blen,
                              &rd->prov_battle);
    /* the printed tables, the game's own (a host supplies cells through wg_game_table) */
    wg_table *tabs[LA_NTABLES];
    rc = la_tables_build(tabs, g->ctx);
    if (rc != WG_OK) {
        wg__free(g->ctx, rd, sizeof *rd);
        return wg__seterr(g->err, rc, "aigles: out of memory building the printed tables");
    }
    char err[WG_ERRMSG_CAP] = "";
    if (!opt[LG_O_DATA] && (rc = la_tables_supply_sample(tabs, err)) != WG_OK) {
        la_tables_free(tabs);
        wg__free(g->ctx, rd, sizeof *rd);
        return wg__seterr(g->err, rc, "aigles sample tables: %s", err);
    }
    for (int i = 0; i < LA_NTABLES; i++) {
        if ((rc = wg__game_add_table(g, tabs[i])) != WG_OK) {
            for (int j = i + 1; j < LA_NTABLES; j++) /* the failed one is freed by wg__game_add_table */
                wg_table_free(tabs[j]);
            wg__free(g->ctx, rd, sizeof *rd);
            return wg__seterr(g->err, rc, "aigles: out of memory");
        }
    }
    rc = la_army_load(&rd->army, err, g->ctx, abuf, alen);
    if (rc != WG_OK) {
        wg__free(g->ctx, rd, sizeof *rd);
        return wg__seterr(g->err, rc, "%s", err);
    }
    wg_map *map = NULL;
    if ((rc = wg_map_load(&map, g->ctx, tbuf, tlen)) != WG_OK) {
        wg__free(g->ctx, rd, sizeof *rd);
        return wg__seterr(g->err, rc, "aigles table: %s", wg_ctx_errmsg(g->ctx));
    }
    int kind = 0;
    wg_map_kind_of(&kind, map);
    if (kind != WG_MAP_TABLE) {
        wg_map_free(map);
        wg__free(g->ctx, rd, sizeof *rd);
        return wg__seterr(g->err, WG_EDATA, "aigles table: the document is not a table map (grid table W D)");
    }
    rc = la_battle_load(&rd->battle, err, g->ctx, bbuf, blen, &rd->army, g->tables, map);
    if (rc == WG_OK && rd->battle.nofficer > LG_MAX_OFF)
        rc = wg__seterr(err, WG_EDATA, "aigles battle: %d officers, a game holds at most %d", rd->battle.nofficer,
                        LG_MAX_OFF);
    if (rc == WG_OK && rd->battle.nunit > LG_MAX)
        rc = wg__seterr(err, WG_EDATA, "aigles battle: %d units, a game holds at most %d", rd->battle.nunit, LG_MAX);
    if (rc == WG_OK && rd->battle.nunit == 0)
        rc = wg__seterr(err, WG_EDATA, "aigles battle: no unit (records 'unit SIDE NAME ...')");
    if (rc != WG_OK) {
        wg_map_free(map);
        wg__free(g->ctx, rd, sizeof *rd);
        return wg__seterr(g->err, rc, "%s", err);
    }
    g->map = map;
    g->rdata = rd;
    wg_map_table_size(&rd->width, &rd->depth, map);
    flag_of(map, "blocks-sight", &rd->block_flags);
    flag_of(map, "light-cover", &rd->light_flag);
    flag_of(map, "hard-cover", &rd->hard_flag);
    lg_works_setup(g, rd);
    rd->crest_type = -1;
    int ct = -1;
    if (wg_map_linetype_code(&ct, map, "crest") == WG_OK)
        rd->crest_type = ct;
    /* each side's edge: the one its units stand nearer to, on average */
    int64_t sum[2] = {0, 0};
    int cnt[2] = {0, 0};
    for (int i = 0; i < rd->battle.nunit; i++) {
        const la_bunit *b = &rd->battle.unit[i];
        sum[b->side] += b->u.ref.y;
        cnt[b->side]++;
        int pts = 0;
        for (int c = 0; c < b->u.ncomp; c++)
            pts += b->u.comp[c].figures * rd->army.type[b->type[c]].points;
        rd->points[b->side] += pts;
    }
    for (int p = 0; p < 2; p++) {
        int64_t mean = cnt[p] ? sum[p] / cnt[p] : (p ? rd->depth : 0);
        rd->edge[p] = mean * 2 > rd->depth;
    }
    if (cnt[0] && cnt[1] && rd->edge[0] == rd->edge[1])
        rd->edge[1] = !rd->edge[0];
    if ((rc = lg_fortify_setup(g, rd, g->err)) != WG_OK)
        return rc;
    lg_state *s = LG_ST(g);
    memset(s, 0, g->ops->state_size);
    memset(s->line_level, -1, sizeof s->line_level);
    s->nunit = (int8_t)rd->battle.nunit;
    s->winner = -1;
    s->period = 1;
    for (int i = 0; i < s->nunit; i++) {
        const la_unit *u = &rd->battle.unit[i].u;
        lg_unit *x = &s->u[i];
        for (int c = 0; c < u->ncomp; c++)
            x->fig[c] = (int16_t)u->comp[c].figures;
        x->initial = (int16_t)lg_figures(x);
        x->formation = (int8_t)u->formation;
        x->front = (int8_t)u->front;
        x->cohesion = (int8_t)u->cohesion;
        x->morale = LA_OBEY;
        x->x = u->ref.x;
        x->y = u->ref.y;
        x->fx = u->facing.x;
        x->fy = u->facing.y;
        x->charge_target = x->charged_by = x->melee_with = x->fall_from = x->left_from = x->cover_by = x->charge_next =
            x->screen_by = -1;
        x->change_to = -1;
        x->fired_on = -1;
        x->on_guns = -1;
        x->gx = x->x;
        x->gy = x->y;
        x->gfx = x->fx;
        x->gfy = x->fy;
        const la_order *o = &rd->battle.unit[i].order;
        x->order = (int8_t)o->kind;
        x->order_target = (int8_t)o->target;
        x->order_x = o->point.x;
        x->order_y = o->point.y;
        x->order_r = o->radius;
        x->next_order = x->next_target = -1;
        x->explain_by = x->fire_on = x->fire_on_prev = -1;
    }
    s->flag_w = s->flag_l = -1;
    s->noff = (int8_t)rd->battle.nofficer;
    for (int k = 0; k < s->noff; k++) {
        const la_officer *o = &rd->battle.officer[k];
        lg_off *y = &s->o[k];
        y->x = o->at.x;
        y->y = o->at.y;
        y->fx = o->facing.x;
        y->fy = o->facing.y;
        y->attached = y->pend_kind = y->pend_unit = y->replaces = -1;
    }
    lg_hide_setup(g); /* LA-TERRAIN-07, LA-LOS-09 */
    rc = lg_begin(g);
    if (rc == WG_OK)
        wg__game_rebase(g);
    return rc;
}

static void retain(wg_game *g)
{
    if (g->rdata)
        wg__ref_take(&((lg_rdata *)g->rdata)->refs);
}

static void release(wg_game *g)
{
    lg_rdata *rd = g->rdata;
    if (rd && wg__ref_drop(&rd->refs))
        wg__free(rd->ctx, rd, sizeof *rd);
    g->rdata = NULL;
}

/* The value of the losses of each side (LA-VICTORY-02) and the budget (each side's own, their mean when
   they differ, G-38); 0 when there is no budget. */
static int64_t losses(const wg_game *g, int64_t lost[2])
{
    const lg_state *s = LG_ST(g);
    const lg_rdata *rd = LG_RD(g);
    lost[0] = lost[1] = 0;
    int perfig = lg_per_figure(g);
    for (int i = 0; i < s->nunit; i++) {
        const la_bunit *b = &rd->battle.unit[i];
        int per = rd->army.type[b->type[0]].points;
        /* the losses in men, at the value of a figure per `perfig` men (LA-VICTORY-02) */
        int64_t v = (int64_t)s->u[i].lost_men * per / perfig;
        if (s->u[i].off == 3) /* prisoners count double (LA-PRISON-03) */
            v = (int64_t)s->u[i].initial * per * 2;
        else if (s->u[i].guns == LG_G_SPIKED && s->u[i].off == LG_OFF_GUNS)
            v = (int64_t)s->u[i].initial * per; /* a lone gun spiked: its whole value (LA-ARTFIRE-04, G-38) */
        else if (s->u[i].guns == LG_G_SPIKED) /* spiked, its crew alive: half of theirs more (LA-LOSSES-05) */
            v += (int64_t)lg_figures(&s->u[i]) * per / 2;
        v += (int64_t)s->u[i].park_lost * per; /* a horse park eliminated: its figures (LA-UNIT-22) */
        lost[b->side] += v;
    }
    int64_t budget = ((int64_t)rd->points[0] + rd->points[1]) / 2;
    return budget > 0 ? budget : 0;
}

/* The score: the first side's lead in losses inflicted, in per cent of the budget (LA-VICTORY-01);
   positive when the first side did better. */
static int64_t score(const wg_game *g)
{
    int64_t lost[2];
    int64_t budget = losses(g, lost);
    return budget ? (lost[1] - lost[0]) * 100 / budget : 0;
}

/* The winner the end of the battle declared (LA-VICTORY-01), -1 for a draw. */
static int winner(const wg_game *g)
{
    return LG_ST(g)->winner;
}

/* The bots' evaluation: the same lead in losses in ten-thousandths of the budget (the score's
   hundredths hide the first casualties), plus the way to breaking a side (LA-VICTORY-01): per unit
   of a side off the table, in rout or in flight 500 to the other side, whatever the period (half
   a side gone ends the battle at the end of any period, the last included; with break=none it
   fades as the states that pass); per unit in retreat 150, uncontrolled 75, halted 50 (public
   states that pass), times the share of the periods still to play. */
static int64_t bot_eval(const wg_game *g)
{
    int64_t lost[2];
    int64_t budget = losses(g, lost);
    const lg_state *s = LG_ST(g);
    int64_t m = 0, gone = 0;
    for (int i = 0; i < s->nunit; i++) {
        int mo = s->u[i].morale;
        if (lg_gone(s, i)) {
            gone += lg_side(g, i) == 0 ? -500 : 500;
            continue;
        }
        int w = mo == LA_RETREAT ? 150 : mo == LA_UNCONTROLLED ? 75 : mo == LA_HALT ? 50 : 0;
        m += lg_side(g, i) == 0 ? -w : w;
    }
    if (LG_RD(g)->opt[LG_O_BREAK]) { /* break=none: a unit gone ends nothing, it fades as the rest */
        m += gone;
        gone = 0;
    }
    int periods = LG_RD(g)->battle.periods, left = periods - s->period + 1;
    if (periods > 0)
        m = left > 0 ? m * left / periods : 0;
    return (budget ? (lost[1] - lost[0]) * 10000 / budget : 0) + m + gone;
}

/* The bots' defaults (doc/bots.md): 500 iterations of rollouts of 40 steps; 5 % of the budget (the
   least margin of a victory, 500 ten-thousandths) worth three quarters of a win. */
static const wg_bot_defaults bot_defaults = {500, 40, 500};

static int turn(const wg_game *g)
{
    return LG_ST(g)->period;
}

/* Dice are public; nothing is drawn from a hidden pool. */
static uint32_t chance_viewers(const wg_game *g)
{
    (void)g;
    return 3u;
}

/* Markers and committed moves are the hidden facts: a viewer's opponent may hold any legal marker
   on a unit whose marker is not turned over yet, and any legal move on a unit whose move is not
   resolved yet. */
static int determinize(wg_game *g, int viewer, wg_pcg *rng, void *scratch)
{
    (void)scratch; /* determinize_scratch 0 */
    lg_state *s = LG_ST(g);
    if (viewer < 0 || viewer > 1)
        return WG_OK;
    lg_redraw_hidden(g, viewer, rng); /* where the ground hides them (LA-LOS-09) */
    for (int i = 0; i < s->nunit; i++) {
        lg_unit *x = &s->u[i];
        if (lg_side(g, i) == viewer || !lg_active(s, i))
            continue;
        if (s->stage == LG_S_MARK && x->marker >= 0) {
            /* a marker placed face down */
            int ok[LG_NMARKERS], n = 0;
            for (int m = 0; m < LG_NMARKERS; m++)
                if (lg_marker_ok(g, i, m, NULL) == WG_OK)
                    ok[n++] = m;
            if (n)
                x->marker = (int8_t)ok[wg__pcg_below(rng, (uint32_t)n)];
        }
        if (s->stage == LG_S_COMMIT && x->pend_kind >= 0) {
            int kinds[32], forms[32];
            int n = lg_move_options(g, i, kinds, forms, 32);
            if (n > 0) {
                int k = (int)wg__pcg_below(rng, (uint32_t)n);
                x->pend_kind = (int8_t)kinds[k];
                x->pend_form = (int8_t)forms[k];
                x->pend[0] = x->pend[1] = x->pend[2] = 0;
            }
        }
    }
    /* the other side's committed officer moves */
    for (int k = 0; k < s->noff; k++) {
        lg_off *o = &s->o[k];
        if (s->stage != LG_S_COMMIT || o->pend_kind < 0 || LG_RD(g)->battle.officer[k].side == viewer)
            continue;
        int opts[2 * LG_MAX + 2];
        int n = lg_officer_moves(g, k, opts, 2 * LG_MAX + 2);
        int m = 0;
        for (int j = 0; j < n && j < 2 * LG_MAX + 2; j++)
            if (opts[j] != LG_OFF_POINT)
                opts[m++] = opts[j];
        if (m) {
            int c = opts[wg__pcg_below(rng, (uint32_t)m)];
            o->pend_kind = (int8_t)(c == 0 ? 0 : (c & LG_OFF_TEST) ? 3 : 1);
            o->pend_unit = (int8_t)(c == 0 ? -1 : (c & 0xff) - 1);
        }
    }
    return WG_OK;
}

static int event_reveals(const wg_game *g, const wg_event *e, int viewer)
{
    if (viewer >= 0 && !((e->visible >> viewer) & 1u))
        return 0; /* a hidden unit's doings */
    /* a change of formation begun carries out a sealed move too */
    if (e->kind == LG_E_REVEAL || e->kind == LG_E_MOVED || e->kind == LG_E_DISCOVER || e->kind == LG_E_FORMATION)
        return lg_side(g, e->a[0]) != viewer;
    if (e->kind == LG_E_OFFMOVED)
        return LG_RD(g)->battle.officer[e->a[0]].side != viewer;
    return 0;
}

static void provenance(const wg_game *g, wg_sb *sb, int *provisional)
{
    const lg_rdata *rd = LG_RD(g);
    *provisional = rd->prov_army || rd->prov_table || rd->prov_battle || !rd->opt[LG_O_DATA] ||
                   rd->army.provisional || rd->battle.provisional;
    wg__sb_printf(sb, "rules: the Les Aigles rulebook, as code; rule\n");
    wg__sb_printf(sb, "tables: T1-T37 as printed; rule\n");
    if (!rd->opt[LG_O_DATA])
        wg__sb_printf(sb, "completions: bundled data/aigles/sample-losses.wgd (T28), sample-morale.wgd (T27), "
                          "sample-strength.wgd (T26), sample-dice.wgd (T29); sample data, not the rules (option "
                          "data=printed leaves the gaps to the host)\n");
    else
        wg__sb_printf(sb, "completions: none (data=printed): a missing cell is WG_ETABLEGAP until the host supplies "
                          "it\n");
    wg__sb_printf(sb, "army: %s; %s\n", rd->prov_army ? "bundled data/aigles/sample-army.wgd" : "host document",
                  rd->army.provisional ? "sample data, not the rules (G-04, G-05)" : "as supplied");
    wg__sb_printf(sb, "table: %s; %s\n", rd->prov_table ? "bundled data/aigles/sample-table.wgd" : "host document",
                  rd->prov_table ? "sample data (no set-up is printed, G-52)" : "as supplied");
    wg__sb_printf(sb, "battle: %s; %s\n",
                  rd->prov_battle ? (g->scenario == 0 ? "bundled data/aigles/sample-crossroads.wgd"
                                                      : "bundled data/aigles/sample-ridge.wgd")
                                  : "host document",
                  rd->battle.provisional ? "sample data (no set-up is printed, G-52)" : "as supplied");
}

static const char *player_name(const wg_game *g, int p)
{
    const lg_rdata *rd = LG_RD(g);
    return rd ? rd->battle.side[p] : players[p];
}

static void space_name(const wg_game *g, int space, wg_sb *sb)
{
    const char *n = NULL;
    if (wg_map_name(&n, g->map, space) == WG_OK && n && *n)
        wg__sb_printf(sb, "%s", n);
    else
        wg__sb_printf(sb, "area %d", space);
}

const wg_ruleset_ops wg__aigles_ops = {
    .id = "aigles",
    .name = "Les Aigles",
    .nplayers = 2,
    .player_names = players,
    .scenarios = scenarios,
    .nscenarios = 2,
    .state_size = sizeof(lg_state),
    .setup = setup,
    .retain = retain,
    .release = release,
    .decision = lg_decision,
    .options = step_options,
    .apply = step_apply,
    .option_label = lg_option_label,
    .why_not = lg_why_not,
    .decision_text = lg_decision_text,
    .event_text = lg_event_text,
    .describe = lg_describe,
    .result_text = lg_result_text,
    .score = score,
    .winner = winner,
    .bot_eval = bot_eval,
    .bot_defaults = &bot_defaults,
    .turn = turn,
    .data_slots = data_slots,
    .piece = lg_piece,
    .chance_viewers = chance_viewers,
    .scratch_size = sizeof(lg_memo),
    .scratch_keyed = true, /* lg_memo: every entry names its step and its key */
    .event_rule = lg_event_rule,
    .determinize = determinize,
    .event_reveals = event_reveals,
    .rules_revision = 2, /* 2: no "wheel to a facing" for artillery (it never wheels) */
    .attr_keys = {lg_piece_keys, lg_option_keys, lg_space_keys},
    .attr = lg_attr,
    .space_name = space_name,
    .option_params = lg_option_params,
    .check_params = lg_check_params,
    .apply_params = step_apply_params,
    .draw_params = lg_draw_params,
    .odds = lg_odds,
    .provenance = provenance,
    .player_name = player_name,
};

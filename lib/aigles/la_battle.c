/* Les Aigles: the battle loader (kind aigles-battle). */
#include "la_battle.h"
#include "la_load.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *const la_order_name[LA_NORDERS] = {"attack", "support", "hold",    "cover",     "defend",
                                               "harass", "exploit", "deny",    "neutralise"};

typedef struct ld {
    la_ld l; /* first: a pointer to ld is a pointer to la_ld */
    la_battle *b;
    const la_army *army;
    wg_table *const *tabs;
    const wg_map *map;
} ld;

#define lerr(L, ...) la_lerr(&(L)->l, __VA_ARGS__)
#define nf(L) la_nf(&(L)->l)
#define fld(L, i) la_fld(&(L)->l, (i))
#define kv(L, from, key) la_kv(&(L)->l, (from), (key))
#define has_word(L, from, w) la_has_word(&(L)->l, (from), (w))
#define check_keys(L, from, k, w) la_check_keys(&(L)->l, (from), (k), (w))
#define num(L, s, what, lo, hi, out) la_num(&(L)->l, (s), (what), (lo), (hi), (out))

/* "X,Y" in millimetres (up to two decimals) into table units, on the map when there is one. */
static int point(ld *L, const char *s, const char *what, wg_pt *out, int on_table)
{
    if (!s)
        return lerr(L, WG_EDATA, "'%s' record: missing %s=X,Y", fld(L, 0), what);
    const char *comma = strchr(s, ',');
    char a[40];
    int64_t x, y;
    size_t n = comma ? (size_t)(comma - s) : 0;
    if (!comma || n >= sizeof a)
        return lerr(L, WG_EDATA, "'%s' record: %s '%.30s' is not X,Y", fld(L, 0), what, s);
    memcpy(a, s, n);
    a[n] = 0;
    if (wg__parse_mm(a, &x) != 0 || wg__parse_mm(comma + 1, &y) != 0)
        return lerr(L, WG_EDATA, "'%s' record: %s '%.30s' is not X,Y in mm", fld(L, 0), what, s);
    if (x < -WG__GEOM_MAX || x > WG__GEOM_MAX || y < -WG__GEOM_MAX || y > WG__GEOM_MAX)
        return lerr(L, WG_EDATA, "'%s' record: %s '%.30s' is too far", fld(L, 0), what, s);
    if (on_table && L->map) {
        int32_t w = 0, d = 0;
        wg_map_table_size(&w, &d, L->map);
        if (x < 0 || x > w || y < 0 || y > d)
            return lerr(L, WG_EDATA, "'%s' record: %s %.30s is off the %ld x %ld mm table", fld(L, 0), what, s,
                        (long)(w / WG_TABLE_UNIT), (long)(d / WG_TABLE_UNIT));
    }
    out->x = (int32_t)x;
    out->y = (int32_t)y;
    return WG_OK;
}

/* facing=DX,DY: any non-zero integer vector */
static int facing(ld *L, wg_pt *out)
{
    const char *s = kv(L, 2, "facing");
    if (!s)
        return lerr(L, WG_EDATA, "'%s' record: missing facing=DX,DY", fld(L, 0));
    const char *comma = strchr(s, ',');
    char a[24];
    long long x, y;
    size_t n = comma ? (size_t)(comma - s) : 0;
    if (!comma || n >= sizeof a)
        return lerr(L, WG_EDATA, "'%s' record: facing '%.30s' is not DX,DY", fld(L, 0), s);
    memcpy(a, s, n);
    a[n] = 0;
    if (wg__parse_int(a, &x) != 0 || wg__parse_int(comma + 1, &y) != 0 || (x == 0 && y == 0) || x < -1000000 ||
        x > 1000000 || y < -1000000 || y > 1000000)
        return lerr(L, WG_EDATA, "'%s' record: facing '%.30s' is not a non-zero integer vector (components within "
                                 "+-1000000)", fld(L, 0), s);
    out->x = (int32_t)x;
    out->y = (int32_t)y;
    return WG_OK;
}

static int name_of(ld *L, char *dst, const char *s, const char *what)
{
    if (!s || !s[0] || strchr(s, '='))
        return lerr(L, WG_EDATA, "'%s' record: missing %s", fld(L, 0), what);
    if (strlen(s) >= LA_NAME_MAX)
        return lerr(L, WG_EDATA, "'%s' record: %s '%.40s' is longer than %d bytes", fld(L, 0), what, s,
                    LA_NAME_MAX - 1);
    strcpy(dst, s);
    return WG_OK;
}

static int side_of(ld *L, const char *s, int *out)
{
    for (int i = 0; i < L->b->nside; i++)
        if (s && strcmp(s, L->b->side[i]) == 0) {
            *out = i;
            return WG_OK;
        }
    return lerr(L, WG_EDATA, "'%s' record: side '%.30s' is not declared by a 'side' record before it", fld(L, 0),
                s ? s : "");
}

static int unit_index(const la_battle *b, const char *name)
{
    for (int i = 0; i < b->nunit; i++)
        if (strcmp(b->unit[i].name, name) == 0)
            return i;
    return -1;
}

/* companies=TYPE:N[,TYPE:N...] or companies=CxN (C companies of N figures of the type= type) */
static int companies(ld *L, la_bunit *bu, const char *type)
{
    const char *s = kv(L, 3, "companies");
    if (!s)
        return lerr(L, WG_EDATA, "'unit' record: missing companies= (TYPE:FIGURES,... or COUNTxFIGURES)");
    char buf[256];
    if (strlen(s) >= sizeof buf)
        return lerr(L, WG_EDATA, "'unit' record: companies= is too long");
    strcpy(buf, s);
    la_unit *u = &bu->u;
    u->ncomp = 0;
    char *x = strchr(buf, 'x');
    if (x && !strchr(buf, ':')) {
        *x = 0;
        int c = 0, n = 0;
        int rc = num(L, buf, "companies (count)", 1, LA_MAX_COMPANIES, &c);
        if (rc == WG_OK)
            rc = num(L, x + 1, "companies (figures)", 1, 64, &n);
        if (rc != WG_OK)
            return rc;
        if (!type)
            return lerr(L, WG_EDATA, "'unit' record: companies=%s needs type=", s);
        int t = la_army_type(L->army, type);
        if (t < 0)
            return lerr(L, WG_EDATA, "'unit' record: type '%.30s' is not in the army list", type);
        for (int i = 0; i < c; i++) {
            bu->type[i] = t;
            u->comp[i].figures = n;
        }
        u->ncomp = c;
    } else {
        char *p = buf;
        while (p && *p) {
            char *comma = strchr(p, ',');
            if (comma)
                *comma = 0;
            char *colon = strchr(p, ':');
            if (!colon)
                return lerr(L, WG_EDATA, "'unit' record: company '%.30s' is not TYPE:FIGURES", p);
            *colon = 0;
            if (u->ncomp == LA_MAX_COMPANIES)
                return lerr(L, WG_EDATA, "'unit' record: more than %d companies", LA_MAX_COMPANIES);
            int t = la_army_type(L->army, p), n = 0;
            if (t < 0)
                return lerr(L, WG_EDATA, "'unit' record: type '%.30s' is not in the army list", p);
            int rc = num(L, colon + 1, "company figures", 1, 64, &n);
            if (rc != WG_OK)
                return rc;
            bu->type[u->ncomp] = t;
            u->comp[u->ncomp].figures = n;
            u->ncomp++;
            p = comma ? comma + 1 : NULL;
        }
    }
    /* the companies of a unit share an arm */
    const la_army *a = L->army;
    for (int i = 0; i < u->ncomp; i++) {
        const la_type *t = &a->type[bu->type[i]];
        if (t->arm != a->type[bu->type[0]].arm)
            return lerr(L, WG_EDATA, "'unit' record: companies of %s and %s in one unit", la_arm_name[t->arm],
                        la_arm_name[a->type[bu->type[0]].arm]);
        la_company *c = &u->comp[i];
        c->status = t->status;
        c->manoeuvre = t->manoeuvre;
        c->fire = t->fire;
        c->combat = t->combat;
        c->charge = t->charge;
        c->morale = t->morale;
        c->elite = t->elite;
    }
    const la_type *t0 = &a->type[bu->type[0]];
    u->arm = t0->arm;
    u->irregular = t0->irregular;
    u->heavy = t0->cavalry == LA_CAV_HEAVY;
    u->cuirass = t0->cuirass;
    u->lancer = t0->lancer;
    return WG_OK;
}

static int load_order(ld *L, la_bunit *bu)
{
    int k = -1;
    const char *o = kv(L, 3, "order");
    if (!o)
        return lerr(L, WG_EDATA, "'unit' record: missing order= (a tactical order, LA-ORDERS-02)");
    for (int i = 0; i < LA_NORDERS; i++)
        if (strcmp(o, la_order_name[i]) == 0)
            k = i;
    if (k < 0)
        return lerr(L, WG_EDATA, "'unit' record: order '%.30s' is not attack, support, hold, cover, defend, harass, "
                                 "exploit, deny or neutralise", o);
    int art = bu->u.arm == LA_FOOT_ARTILLERY || bu->u.arm == LA_HORSE_ARTILLERY;
    int cav = bu->u.arm == LA_CAVALRY || bu->u.arm == LA_IRREGULAR_CAVALRY;
    int eng = bu->u.arm == LA_ENGINEERS;
    /* who may take which order (LA-ORDERS-03..12) */
    static const unsigned char allowed[3][LA_NORDERS] = {
        /* inf/cav */ {1, 1, 1, 1, 1, 1, 1, 0, 0},
        /* art     */ {0, 1, 0, 0, 0, 0, 0, 1, 1},
        /* eng     */ {1, 1, 0, 0, 1, 0, 0, 0, 0}};
    int row = art ? 1 : eng ? 2 : 0;
    if (!allowed[row][k])
        return lerr(L, WG_EDATA, "'unit' record: order %s is not an order of %s (LA-ORDERS-%s)", o,
                    la_arm_name[bu->u.arm], art ? "11" : eng ? "12" : "03..10");
    if (k == LA_ORD_EXPLOIT && !cav)
        return lerr(L, WG_EDATA, "'unit' record: exploit is for cavalry only (LA-ORDERS-10)");
    la_order *ord = &bu->order;
    ord->kind = k;
    ord->target = -1;
    const char *t = kv(L, 3, "target");
    int needs_target = k == LA_ORD_SUPPORT || k == LA_ORD_COVER || k == LA_ORD_NEUTRALISE;
    if (needs_target && !t)
        return lerr(L, WG_EDATA, "'unit' record: order %s needs target=UNIT", o);
    if (t) {
        if (!needs_target)
            return lerr(L, WG_EDATA, "'unit' record: order %s takes no target=", o);
        int i = unit_index(L->b, t);
        if (i < 0)
            return lerr(L, WG_EDATA, "'unit' record: target '%.30s' is no unit listed before it", t);
        int friendly = k != LA_ORD_NEUTRALISE;
        if ((L->b->unit[i].side == bu->side) != friendly)
            return lerr(L, WG_EDATA, "'unit' record: the target of %s is %s unit", o, friendly ? "a friendly" : "an enemy");
        ord->target = i;
    }
    const char *p = kv(L, 3, "toward"), *z = kv(L, 3, "zone");
    int rc;
    if (p) {
        if (k != LA_ORD_ATTACK && k != LA_ORD_HARASS)
            return lerr(L, WG_EDATA, "'unit' record: toward= is the direction of an attack or a harass");
        if ((rc = point(L, p, "toward", &ord->point, 0)) != WG_OK)
            return rc;
        ord->has_point = 1;
    }
    if (z) {
        if (k != LA_ORD_DEFEND && k != LA_ORD_DENY && k != LA_ORD_HARASS)
            return lerr(L, WG_EDATA, "'unit' record: zone= is the position of a defend, a deny or a harass");
        if ((rc = point(L, z, "zone", &ord->point, 1)) != WG_OK)
            return rc;
        ord->has_point = 1;
        int r = 0;
        if ((rc = num(L, kv(L, 3, "radius"), "radius", 1, 100000, &r)) != WG_OK)
            return rc;
        ord->radius = r * WG_TABLE_UNIT;
    } else if (kv(L, 3, "radius")) {
        return lerr(L, WG_EDATA, "'unit' record: radius= goes with zone=");
    }
    if ((k == LA_ORD_DEFEND || k == LA_ORD_DENY) && !z)
        return lerr(L, WG_EDATA, "'unit' record: order %s needs zone=X,Y radius=MM", o);
    if (k == LA_ORD_ATTACK && !p)
        return lerr(L, WG_EDATA, "'unit' record: order attack needs toward=X,Y (its direction, LA-ORDERS-03)");
    return WG_OK;
}

/* then=ORDER with after=N, or with when=UNIT place=X,Y within=MM (LA-ORDERS-17). */
static int load_alt(ld *L, la_bunit *bu)
{
    la_alt *a = &bu->alt;
    memset(a, 0, sizeof *a);
    const char *t = kv(L, 3, "then"), *after = kv(L, 3, "after"), *when = kv(L, 3, "when");
    if (!t) {
        if (after || when || kv(L, 3, "place") || kv(L, 3, "within"))
            return lerr(L, WG_EDATA, "'unit' record: after=, when=, place= and within= go with then=ORDER (LA-ORDERS-17)");
        return WG_OK;
    }
    a->kind = -1;
    for (int i = 0; i < LA_NORDERS; i++)
        if (strcmp(t, la_order_name[i]) == 0)
            a->kind = i;
    if (a->kind < 0)
        return lerr(L, WG_EDATA, "'unit' record: then=%.30s is no tactical order", t);
    int arm = bu->u.arm, k = a->kind;
    int art = arm == LA_FOOT_ARTILLERY || arm == LA_HORSE_ARTILLERY, eng = arm == LA_ENGINEERS;
    int cav = arm == LA_CAVALRY || arm == LA_IRREGULAR_CAVALRY;
    int fits = art   ? (k == LA_ORD_SUPPORT || k == LA_ORD_DENY || k == LA_ORD_NEUTRALISE)
               : eng ? (k == LA_ORD_ATTACK || k == LA_ORD_SUPPORT || k == LA_ORD_DEFEND)
                     : (k != LA_ORD_DENY && k != LA_ORD_NEUTRALISE && (k != LA_ORD_EXPLOIT || cav));
    if (!fits)
        return lerr(L, WG_EDATA, "'unit' record: then=%s is not an order of %s (LA-ORDERS-03..12)", t,
                    la_arm_name[arm]);
    if ((after != NULL) == (when != NULL))
        return lerr(L, WG_EDATA, "'unit' record: then= needs its trigger, after=PERIODS or when=UNIT (LA-ORDERS-17)");
    int rc;
    if (after) {
        a->trigger = LA_ALT_AFTER;
        return num(L, after, "after", 1, 1000, &a->periods);
    }
    a->trigger = LA_ALT_ARRIVES;
    a->unit = unit_index(L->b, when);
    if (a->unit < 0 || L->b->unit[a->unit].side != bu->side)
        return lerr(L, WG_EDATA, "'unit' record: when=%.30s is no unit of its side listed before it", when);
    if ((rc = point(L, kv(L, 3, "place"), "place", &a->place, 1)) != WG_OK)
        return rc;
    int r = 0;
    if ((rc = num(L, kv(L, 3, "within"), "within", 1, 100000, &r)) != WG_OK)
        return rc;
    a->within = r * WG_TABLE_UNIT;
    return WG_OK;
}

static int load_unit(ld *L)
{
    static const char *const keys[] = {"type", "companies", "formation", "front", "at", "facing", "order",
                                       "target", "toward", "zone", "radius", "regiment", "then", "after", "when",
                                       "place", "within", NULL};
    la_battle *b = L->b;
    int rc = check_keys(L, 3, keys, NULL);
    if (rc)
        return rc;
    if (b->nunit == LA_MAX_UNITS)
        return lerr(L, WG_EDATA, "more than %d units", LA_MAX_UNITS);
    la_bunit *bu = &b->unit[b->nunit];
    memset(bu, 0, sizeof *bu);
    if ((rc = side_of(L, fld(L, 1), &bu->side)) || (rc = name_of(L, bu->name, fld(L, 2), "NAME")))
        return rc;
    if (unit_index(b, bu->name) >= 0)
        return lerr(L, WG_EDATA, "unit '%s' is listed twice", bu->name);
    const char *reg = kv(L, 3, "regiment");
    if (reg && (rc = name_of(L, bu->regiment, reg, "regiment")))
        return rc;
    if ((rc = companies(L, bu, kv(L, 3, "type"))))
        return rc;
    la_unit *u = &bu->u;
    int f = -1;
    const char *fs = kv(L, 3, "formation");
    if (!fs)
        return lerr(L, WG_EDATA, "unit '%s': missing formation=", bu->name);
    for (int i = 0; i < LA_NFORMATIONS; i++)
        if (strcmp(fs, la_formation_name[i]) == 0)
            f = i;
    if (f < 0)
        return lerr(L, WG_EDATA, "unit '%s': formation '%.30s' is unknown", bu->name, fs);
    int front = 0;
    if ((rc = num(L, kv(L, 3, "front"), "front", 1, 1024, &front)))
        return rc;
    char why[WG_ERRMSG_CAP];
    if (la_formation_check(why, sizeof why, u, f, front) != WG_OK)
        return lerr(L, WG_EDATA, "unit '%s': %s", bu->name, why);
    u->formation = f;
    u->front = front;
    if ((rc = point(L, kv(L, 3, "at"), "at", &u->ref, 1)) || (rc = facing(L, &u->facing)))
        return rc;
    wg_quad q;
    if (la_unit_footprint(&q, u, L->tabs, b->scale) != WG_OK)
        return lerr(L, WG_EDATA, "unit '%s': its footprint is beyond the coordinates", bu->name);
    if (L->map) {
        int32_t w = 0, d = 0;
        wg_map_table_size(&w, &d, L->map);
        for (int i = 0; i < 4; i++)
            if (q.p[i].x < 0 || q.p[i].x > w || q.p[i].y < 0 || q.p[i].y > d)
                return lerr(L, WG_EDATA, "unit '%s': a corner of its footprint is off the table", bu->name);
    }
    for (int i = 0; i < b->nunit; i++) {
        wg_quad o;
        la_unit_footprint(&o, &b->unit[i].u, L->tabs, b->scale);
        if (wg__poly_poly(q.p, 4, o.p, 4) == 2)
            return lerr(L, WG_EDATA, "unit '%s' stands on unit '%s'", bu->name, b->unit[i].name);
    }
    /* the army list must give what the unit needs to move (G-05) and fire (G-07, G-16) */
    int32_t mv = 0;
    char err[WG_ERRMSG_CAP];
    int man = la_unit_manoeuvre(u);
    /* a battery in battery moves by bricole or prolonge (T9, T10); a solid or massed square does not
       move (LA-FORM-20), nor a hollow square of manoeuvre B or C (G-54) */
    int still = f == LA_IN_BATTERY || f == LA_SOLID_SQUARE || f == LA_MASSED_SQUARE ||
                (f == LA_HOLLOW_SQUARE && man != LA_MAN_A);
    if (!still && la_army_move(&mv, err, L->army, u->arm, f, man, b->scale) != WG_OK)
        return lerr(L, WG_EDATA, "unit '%s': %s", bu->name, err);
    if ((rc = load_order(L, bu)) || (rc = load_alt(L, bu)))
        return rc;
    b->nunit++;
    return WG_OK;
}

/* terrain NAME arms=ARM,ARM|none speed=1..4 cohesion=COHESION: the battle's characteristics of a terrain
   (LA-TERRAIN-01). */
static int load_terrain_rule(ld *L, la_battle *b)
{
    static const char *const keys[] = {"arms", "speed", "cohesion", NULL};
    static const char *const coh[4] = {"formed", "disorganised", "without-formation", "in-disorder"};
    int rc = check_keys(L, 2, keys, NULL);
    if (rc)
        return rc;
    if (nf(L) < 2 || b->nterrain_rule == LA_MAX_TERRAIN_RULES)
        return lerr(L, WG_EDATA, "'terrain' takes a terrain name; at most %d records", LA_MAX_TERRAIN_RULES);
    la_terrain_rule *r = &b->terrain_rule[b->nterrain_rule];
    memset(r, 0, sizeof *r);
    const char *name = fld(L, 1);
    static const char *const areas[] = {"wood", "village", "redoubt", "marsh", "rocky", "field", "hill", NULL};
    int known = 0;
    for (int k = 0; areas[k]; k++)
        known |= strcmp(areas[k], name) == 0;
    if (!known)
        return lerr(L, WG_EDATA, "'terrain' record: '%.30s' is not an area terrain (wood, village, redoubt, marsh, rocky, "
                                 "field, hill)", name);
    for (int k = 0; k < b->nterrain_rule; k++)
        if (strcmp(b->terrain_rule[k].name, name) == 0)
            return lerr(L, WG_EDATA, "'terrain' record: '%s' is given twice", name);
    snprintf(r->name, sizeof r->name, "%s", name);
    const char *arms = kv(L, 2, "arms"), *cs = kv(L, 2, "cohesion");
    if (!arms || !cs || !kv(L, 2, "speed"))
        return lerr(L, WG_EDATA, "'terrain' record: arms=, speed= and cohesion= are required");
    if ((rc = num(L, kv(L, 2, "speed"), "speed", 1, 4, &r->speed)))
        return rc;
    if (strcmp(arms, "none") != 0) {
        const char *p = arms;
        while (*p) {
            size_t n = strcspn(p, ",");
            int found = -1;
            for (int a = 0; a < LA_NARMS; a++)
                if (strlen(la_arm_name[a]) == n && strncmp(la_arm_name[a], p, n) == 0)
                    found = a;
            if (found < 0)
                return lerr(L, WG_EDATA, "'terrain' record: arms= '%.*s' is not an arm (infantry, cavalry, "
                                         "irregular-cavalry, foot-artillery, horse-artillery, engineers)", (int)n, p);
            r->arms |= 1u << found;
            p += n;
            if (*p == ',')
                p++;
        }
    }
    r->cohesion = -1;
    for (int k = 0; k < 4; k++)
        if (strcmp(coh[k], cs) == 0)
            r->cohesion = k;
    if (r->cohesion < 0)
        return lerr(L, WG_EDATA, "'terrain' record: cohesion= '%.30s' is not one of formed, disorganised, "
                                 "without-formation, in-disorder", cs);
    b->nterrain_rule++;
    return WG_OK;
}

static int load_officer(ld *L)
{
    static const char *const keys[] = {"charisma", "command", "at", "facing", "superior", NULL};
    static const char *const words[] = {"mounted", "foot", "adc", NULL};
    la_battle *b = L->b;
    int rc = check_keys(L, 3, keys, words);
    if (rc)
        return rc;
    if (b->nofficer == LA_MAX_OFFICERS)
        return lerr(L, WG_EDATA, "more than %d officers", LA_MAX_OFFICERS);
    la_officer *o = &b->officer[b->nofficer];
    memset(o, 0, sizeof *o);
    if ((rc = side_of(L, fld(L, 1), &o->side)) || (rc = name_of(L, o->name, fld(L, 2), "NAME")) ||
        (rc = num(L, kv(L, 3, "charisma"), "charisma", 0, 5, &o->charisma)) ||
        (rc = num(L, kv(L, 3, "command"), "command", 0, 5, &o->command)) ||
        (rc = point(L, kv(L, 3, "at"), "at", &o->at, 1)) || (rc = facing(L, &o->facing)))
        return rc;
    for (int i = 0; i < b->nofficer; i++)
        if (strcmp(b->officer[i].name, o->name) == 0)
            return lerr(L, WG_EDATA, "officer '%s' is listed twice", o->name);
    o->mounted = !has_word(L, 3, "foot");
    if (has_word(L, 3, "foot") && has_word(L, 3, "mounted"))
        return lerr(L, WG_EDATA, "officer '%s' is mounted or on foot, not both", o->name);
    o->adc = has_word(L, 3, "adc");
    o->superior = -1;
    const char *sup = kv(L, 3, "superior");
    if (sup) {
        for (int i = 0; i < b->nofficer; i++)
            if (strcmp(b->officer[i].name, sup) == 0)
                o->superior = i;
        if (o->superior < 0)
            return lerr(L, WG_EDATA, "officer '%s': superior '%.30s' is no officer listed before him", o->name, sup);
        if (b->officer[o->superior].side != o->side)
            return lerr(L, WG_EDATA, "officer '%s': his superior is of the other side", o->name);
    } else if (o->adc) {
        return lerr(L, WG_EDATA, "officer '%s': an aide-de-camp needs superior= (LA-OFFICER-14)", o->name);
    }
    b->nofficer++;
    return WG_OK;
}

int la_battle_load(la_battle *out, char *err, wg_ctx *ctx, const char *buf, size_t len, const la_army *army,
                   wg_table *const *tabs, const wg_map *map)
{
    ld L = {{NULL, 0, err, "battle"}, NULL, army, tabs, map};
    int rc = wg__data_open(&L.l.doc, ctx, buf, len, "aigles-battle");
    if (rc != WG_OK) {
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "%s", wg_ctx_errmsg(ctx));
        return rc;
    }
    la_battle *b = wg__alloc(ctx, sizeof *b);
    if (!b) {
        wg_data_free(L.l.doc);
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "aigles battle: out of memory");
        return WG_ENOMEM;
    }
    memset(b, 0, sizeof *b);
    b->scale = -1;
    L.b = b;
    size_t nrec = 0;
    wg_data_record_count(&nrec, L.l.doc);
    for (L.l.rec = 0; rc == WG_OK && L.l.rec < nrec; L.l.rec++) {
        const char *k = fld(&L, 0);
        int first_unit = strcmp(k, "unit") == 0 || strcmp(k, "officer") == 0 || strcmp(k, "objective") == 0;
        if (first_unit && (b->scale < 0 || b->nside != 2 || b->periods == 0)) {
            rc = lerr(&L, WG_EDATA, "'%s' before the battle's %s", k,
                      b->scale < 0 ? "scale (record 'scale 25' or 'scale 15')"
                      : b->nside != 2 ? "two sides (records 'side NAME')"
                                      : "length (record 'periods N')");
        } else if (strcmp(k, "title") == 0) {
            if (b->title[0] || nf(&L) != 2 || strlen(fld(&L, 1)) >= sizeof b->title)
                rc = lerr(&L, WG_EDATA, "'title' is one text of at most %zu bytes, given once", sizeof b->title - 1);
            else
                strcpy(b->title, fld(&L, 1));
        } else if (strcmp(k, "provenance") == 0) {
            if (nf(&L) != 2 || (strcmp(fld(&L, 1), "sample") != 0 && strcmp(fld(&L, 1), "host") != 0))
                rc = lerr(&L, WG_EDATA, "'provenance' takes host or sample");
            else
                b->provisional = strcmp(fld(&L, 1), "sample") == 0;
        } else if (strcmp(k, "scale") == 0) {
            int s = 0;
            if (b->scale >= 0 || nf(&L) != 2)
                rc = lerr(&L, WG_EDATA, "'scale' takes 25 or 15, once");
            else if ((rc = num(&L, fld(&L, 1), "scale", 1, 1000, &s)) == WG_OK) {
                if (s != 15 && s != 25)
                    rc = lerr(&L, WG_EDATA, "'scale' is 25 or 15 (mm figures), not %d", s);
                b->scale = s == 15 ? LA_SCALE_15 : LA_SCALE_25;
            }
        } else if (strcmp(k, "periods") == 0) {
            if (b->periods || nf(&L) != 2)
                rc = lerr(&L, WG_EDATA, "'periods' takes the battle's length in periods, once");
            else
                rc = num(&L, fld(&L, 1), "periods", 1, 200, &b->periods);
        } else if (strcmp(k, "side") == 0) {
            if (b->nside == 2 || nf(&L) != 2)
                rc = lerr(&L, WG_EDATA, "'side' takes a name; a battle has two sides");
            else if ((rc = name_of(&L, b->side[b->nside], fld(&L, 1), "side NAME")) == WG_OK) {
                if (b->nside == 1 && strcmp(b->side[0], b->side[1]) == 0)
                    rc = lerr(&L, WG_EDATA, "the two sides have one name");
                b->nside++;
            }
        } else if (strcmp(k, "unit") == 0) {
            rc = load_unit(&L);
        } else if (strcmp(k, "officer") == 0) {
            rc = load_officer(&L);
        } else if (strcmp(k, "objective") == 0) {
            static const char *const keys[] = {"at", "points", NULL};
            la_objective *o = &b->objective[b->nobjective];
            if (b->nobjective == LA_MAX_OBJECTIVES)
                rc = lerr(&L, WG_EDATA, "more than %d objectives", LA_MAX_OBJECTIVES);
            else if ((rc = check_keys(&L, 2, keys, NULL)) == WG_OK && (rc = name_of(&L, o->name, fld(&L, 1), "NAME")) == WG_OK &&
                     (rc = point(&L, kv(&L, 2, "at"), "at", &o->at, 1)) == WG_OK &&
                     (rc = num(&L, kv(&L, 2, "points"), "points", 0, 10000, &o->points)) == WG_OK)
                b->nobjective++;
        } else if (strcmp(k, "terrain") == 0) {
            rc = load_terrain_rule(&L, b);
        } else if (strcmp(k, "fortify") == 0) {
            if (b->nside != 2 || nf(&L) != 3 || b->nfortify == LA_MAX_OBJECTIVES)
                rc = lerr(&L, WG_EDATA, "'fortify' takes a side and an area's name, after the sides; at most %d",
                          LA_MAX_OBJECTIVES);
            else if ((rc = side_of(&L, fld(&L, 1), &b->fortify_side[b->nfortify])) == WG_OK &&
                     (rc = name_of(&L, b->fortify[b->nfortify], fld(&L, 2), "AREA")) == WG_OK)
                b->nfortify++;
        } else {
            rc = lerr(&L, WG_EDATA, "unknown record '%.40s' (title, provenance, scale, periods, side, officer, unit, "
                                    "objective, terrain, fortify)", k);
        }
    }
    if (rc == WG_OK) {
        L.l.rec = nrec ? nrec - 1 : 0;
        for (int s = 0; s < 2 && rc == WG_OK; s++) {
            int n = 0;
            for (int i = 0; i < b->nunit; i++)
                n += b->unit[i].side == s;
            if (!n)
                rc = lerr(&L, WG_EDATA, "side '%s' has no unit", b->nside > s ? b->side[s] : "?");
        }
        if (rc == WG_OK && b->nside != 2)
            rc = lerr(&L, WG_EDATA, "a battle has two sides");
    }
    if (rc == WG_OK)
        *out = *b;
    wg__free(ctx, b, sizeof *b);
    wg_data_free(L.l.doc);
    return rc;
}

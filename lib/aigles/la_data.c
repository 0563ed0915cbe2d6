/* Les Aigles: the army-list loader (kind aigles-army), doc/aigles-data.md. */
#include "la_data.h"
#include "la_load.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *const la_arm_name[LA_NARMS] = {"infantry",       "cavalry",   "irregular-cavalry", "foot-artillery",
                                           "horse-artillery", "engineers", "mounted-general",   "foot-general"};
const char *const la_status_name[LA_NSTATUS] = {"G", "E", "V", "R", "S-R", "M", "I"};
static const char *const man_name[3] = {"A", "B", "C"};

typedef la_ld ld;

#define lerr la_lerr
#define nf la_nf
#define fld la_fld
#define kv la_kv
#define has_word la_has_word
#define check_keys la_check_keys
#define num la_num

/* key25= and key15=, both required: a length in paces 0..5000 at each scale. */
static int pair(ld *L, size_t from, const char *key, la_pair *out)
{
    char k[40];
    snprintf(k, sizeof k, "%s25", key);
    int rc = num(L, kv(L, from, k), k, 0, 5000, &out->v[LA_SCALE_25]);
    if (rc == WG_OK) {
        snprintf(k, sizeof k, "%s15", key);
        rc = num(L, kv(L, from, k), k, 0, 5000, &out->v[LA_SCALE_15]);
    }
    return rc;
}

static int name_of(ld *L, char *dst, const char *s, const char *what)
{
    if (!s || !s[0])
        return lerr(L, WG_EDATA, "'%s' record: missing %s", fld(L, 0), what);
    if (strlen(s) >= LA_NAME_MAX || strchr(s, '='))
        return lerr(L, WG_EDATA, "'%s' record: %s '%.40s' is longer than %d bytes or holds '='", fld(L, 0), what, s,
                    LA_NAME_MAX - 1);
    strcpy(dst, s);
    return WG_OK;
}

static int word_of(ld *L, const char *s, const char *what, const char *const *names, int n, int *out)
{
    if (!s)
        return lerr(L, WG_EDATA, "'%s' record: missing %s=", fld(L, 0), what);
    for (int i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = i;
            return WG_OK;
        }
    char list[200] = "";
    for (int i = 0; i < n; i++) {
        strncat(list, names[i], sizeof list - strlen(list) - 3);
        if (i + 1 < n)
            strncat(list, ", ", sizeof list - strlen(list) - 1);
    }
    return lerr(L, WG_EDATA, "'%s' record: %s '%.30s' is not one of %s", fld(L, 0), what, s, list);
}

static int find_name(const char *names, size_t stride, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names + (size_t)i * stride, s) == 0)
            return i;
    return -1;
}

int la_army_type(const la_army *a, const char *name)
{
    return find_name(a->type[0].name, sizeof a->type[0], a->ntype, name);
}

static int load_weapon(ld *L, la_army *a)
{
    static const char *const keys[] = {"range25", "range15", NULL};
    int rc = check_keys(L, 2, keys, NULL);
    if (rc)
        return rc;
    if (a->nweapon == LA_MAX_WEAPONS)
        return lerr(L, WG_EDATA, "more than %d weapons", LA_MAX_WEAPONS);
    la_weapon *w = &a->weapon[a->nweapon];
    if ((rc = name_of(L, w->name, fld(L, 1), "NAME")) || (rc = pair(L, 2, "range", &w->range)))
        return rc;
    if (find_name(a->weapon[0].name, sizeof a->weapon[0], a->nweapon, w->name) >= 0)
        return lerr(L, WG_EDATA, "weapon '%s' is given twice", w->name);
    a->nweapon++;
    return WG_OK;
}

static int load_calibre(ld *L, la_army *a)
{
    static const char *const keys[] = {"canister25", "canister15", "rebound25", "rebound15", "max25", "max15",
                                       "ranks",      "pounds",     NULL};
    int rc = check_keys(L, 2, keys, NULL);
    if (rc)
        return rc;
    if (a->ncalibre == LA_MAX_CALIBRES)
        return lerr(L, WG_EDATA, "more than %d calibres", LA_MAX_CALIBRES);
    la_calibre *c = &a->calibre[a->ncalibre];
    if ((rc = name_of(L, c->name, fld(L, 1), "NAME")) || (rc = pair(L, 2, "canister", &c->canister)) ||
        (rc = pair(L, 2, "rebound", &c->rebound)) || (rc = pair(L, 2, "max", &c->max)) ||
        (rc = num(L, kv(L, 2, "ranks"), "ranks", 1, 20, &c->ranks)))
        return rc;
    c->pounds = 0;
    if (kv(L, 2, "pounds") && (rc = num(L, kv(L, 2, "pounds"), "pounds", 1, 100, &c->pounds)))
        return rc;
    for (int s = 0; s < 2; s++)
        if (c->canister.v[s] + c->rebound.v[s] > c->max.v[s])
            return lerr(L, WG_EDATA, "calibre '%s': canister + rebound (%d) exceeds max%s (%d)", c->name,
                        c->canister.v[s] + c->rebound.v[s], s ? "15" : "25", c->max.v[s]);
    if (find_name(a->calibre[0].name, sizeof a->calibre[0], a->ncalibre, c->name) >= 0)
        return lerr(L, WG_EDATA, "calibre '%s' is given twice", c->name);
    a->ncalibre++;
    return WG_OK;
}

static int load_type(ld *L, la_army *a)
{
    static const char *const keys[] = {"arm",    "status", "manoeuvre", "fire",  "combat",  "charge",
                                       "morale", "weapon", "calibre",   "cavalry", "points", "foot", NULL};
    static const char *const words[] = {"elite", "irregular", "lancer", "cuirass", "impetuous", "howitzer", NULL};
    static const char *const cav[3] = {"none", "light", "heavy"};
    int rc = check_keys(L, 2, keys, words);
    if (rc)
        return rc;
    if (a->ntype == LA_MAX_TYPES)
        return lerr(L, WG_EDATA, "more than %d unit types", LA_MAX_TYPES);
    la_type *t = &a->type[a->ntype];
    memset(t, 0, sizeof *t);
    t->weapon = t->calibre = t->foot = -1;
    if ((rc = name_of(L, t->name, fld(L, 1), "NAME")) ||
        (rc = word_of(L, kv(L, 2, "arm"), "arm", la_arm_name, LA_NARMS, &t->arm)) ||
        (rc = word_of(L, kv(L, 2, "status"), "status", la_status_name, LA_NSTATUS, &t->status)) ||
        (rc = word_of(L, kv(L, 2, "manoeuvre"), "manoeuvre", man_name, 3, &t->manoeuvre)))
        return rc;
    if (la_army_type(a, t->name) >= 0)
        return lerr(L, WG_EDATA, "unit type '%s' is given twice", t->name);
    int officer = t->arm == LA_MOUNTED_GENERAL || t->arm == LA_FOOT_GENERAL;
    if (officer)
        return lerr(L, WG_EDATA, "unit type '%s': officers are not unit types (they are battle records)", t->name);
    if ((rc = num(L, kv(L, 2, "fire"), "fire", -10, 20, &t->fire)) ||
        (rc = num(L, kv(L, 2, "combat"), "combat", -10, 20, &t->combat)) ||
        (rc = num(L, kv(L, 2, "charge"), "charge", 0, 10, &t->charge)) ||
        (rc = num(L, kv(L, 2, "morale"), "morale", -10, 20, &t->morale)) ||
        (rc = num(L, kv(L, 2, "points"), "points", 0, 1000, &t->points)))
        return rc;
    int artillery = t->arm == LA_FOOT_ARTILLERY || t->arm == LA_HORSE_ARTILLERY;
    int cavalry = t->arm == LA_CAVALRY || t->arm == LA_IRREGULAR_CAVALRY;
    const char *w = kv(L, 2, "weapon"), *c = kv(L, 2, "calibre"), *cv = kv(L, 2, "cavalry");
    if (artillery) {
        if (!c)
            return lerr(L, WG_EDATA, "unit type '%s': artillery needs calibre= (its ranges, G-16)", t->name);
        if ((t->calibre = find_name(a->calibre[0].name, sizeof a->calibre[0], a->ncalibre, c)) < 0)
            return lerr(L, WG_EDATA, "unit type '%s': calibre '%.30s' has no calibre record before it", t->name, c);
        if (w)
            return lerr(L, WG_EDATA, "unit type '%s': artillery fires its calibre, not weapon=", t->name);
    } else {
        if (c)
            return lerr(L, WG_EDATA, "unit type '%s': calibre= is for artillery", t->name);
        if (!w && !cavalry)
            return lerr(L, WG_EDATA, "unit type '%s': missing weapon= (its fire range, G-07)", t->name);
        if (w && (t->weapon = find_name(a->weapon[0].name, sizeof a->weapon[0], a->nweapon, w)) < 0)
            return lerr(L, WG_EDATA, "unit type '%s': weapon '%.30s' has no weapon record before it", t->name, w);
    }
    if (cavalry) {
        if ((rc = word_of(L, cv, "cavalry", cav, 3, &t->cavalry)))
            return rc;
        if (t->cavalry == LA_CAV_NONE)
            return lerr(L, WG_EDATA, "unit type '%s': cavalry= must be light or heavy (G-47)", t->name);
    } else if (cv) {
        return lerr(L, WG_EDATA, "unit type '%s': cavalry= is for cavalry", t->name);
    }
    t->elite = has_word(L, 2, "elite");
    t->irregular = has_word(L, 2, "irregular");
    t->lancer = has_word(L, 2, "lancer");
    t->cuirass = has_word(L, 2, "cuirass");
    t->impetuous = has_word(L, 2, "impetuous");
    if (t->lancer && !cavalry)
        return lerr(L, WG_EDATA, "unit type '%s': lancer is for cavalry", t->name);
    t->howitzer = has_word(L, 2, "howitzer");
    if (t->howitzer && t->arm != LA_FOOT_ARTILLERY && t->arm != LA_HORSE_ARTILLERY)
        return lerr(L, WG_EDATA, "unit type '%s': howitzer is for artillery", t->name);
    /* the foot version of a cavalry type: the infantry its figures deploy as when they dismount (LA-UNIT-21) */
    const char *ft = kv(L, 2, "foot");
    if (ft) {
        if (!cavalry)
            return lerr(L, WG_EDATA, "unit type '%s': foot= is for cavalry (dismounting, LA-UNIT-21)", t->name);
        if ((t->foot = la_army_type(a, ft)) < 0)
            return lerr(L, WG_EDATA, "unit type '%s': foot type '%.30s' has no unittype record before it", t->name, ft);
        if (a->type[t->foot].arm != LA_INFANTRY)
            return lerr(L, WG_EDATA, "unit type '%s': foot type '%.30s' is not infantry", t->name, ft);
    }
    a->ntype++;
    return WG_OK;
}

/* move ARM FORMATION MANOEUVRE d25=N d15=N */
static int load_move(ld *L, la_army *a)
{
    static const char *const keys[] = {"d25", "d15", NULL};
    int arm, f, m, rc;
    if (nf(L) < 4)
        return lerr(L, WG_EDATA, "'move' takes ARM FORMATION MANOEUVRE d25=PACES d15=PACES");
    if ((rc = check_keys(L, 4, keys, NULL)) || (rc = word_of(L, fld(L, 1), "ARM", la_arm_name, LA_NARMS, &arm)) ||
        (rc = word_of(L, fld(L, 2), "FORMATION", la_formation_name, LA_NFORMATIONS, &f)) ||
        (rc = word_of(L, fld(L, 3), "MANOEUVRE", man_name, 3, &m)))
        return rc;
    if (a->has_move[arm][f][m])
        return lerr(L, WG_EDATA, "move %s %s %s is given twice", la_arm_name[arm], la_formation_name[f], man_name[m]);
    if ((rc = pair(L, 4, "d", &a->move[arm][f][m])))
        return rc;
    a->has_move[arm][f][m] = 1;
    return WG_OK;
}

static int load_charge_bonus(ld *L, la_army *a)
{
    static const char *const keys[] = {"d25", "d15", NULL};
    int arm, rc;
    if (nf(L) < 2)
        return lerr(L, WG_EDATA, "'charge-bonus' takes ARM d25=PACES d15=PACES");
    if ((rc = check_keys(L, 2, keys, NULL)) || (rc = word_of(L, fld(L, 1), "ARM", la_arm_name, LA_NARMS, &arm)))
        return rc;
    if (a->has_charge_bonus[arm])
        return lerr(L, WG_EDATA, "charge-bonus %s is given twice", la_arm_name[arm]);
    if ((rc = pair(L, 2, "d", &a->charge_bonus[arm])))
        return rc;
    a->has_charge_bonus[arm] = 1;
    return WG_OK;
}

int la_army_load(la_army *out, char *err, wg_ctx *ctx, const char *buf, size_t len)
{
    ld L = {NULL, 0, err, "army"};
    int rc = wg__data_open(&L.doc, ctx, buf, len, "aigles-army");
    if (rc != WG_OK) {
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "%s", wg_ctx_errmsg(ctx));
        return rc;
    }
    la_army *a = wg__alloc(ctx, sizeof *a);
    if (!a) {
        wg_data_free(L.doc);
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "aigles army: out of memory");
        return WG_ENOMEM;
    }
    memset(a, 0, sizeof *a);
    size_t nrec = 0;
    wg_data_record_count(&nrec, L.doc);
    int titled = 0, proven = 0;
    for (L.rec = 0; rc == WG_OK && L.rec < nrec; L.rec++) {
        const char *k = fld(&L, 0);
        if (strcmp(k, "title") == 0) {
            if (titled++ || nf(&L) != 2 || strlen(fld(&L, 1)) >= sizeof a->title)
                rc = lerr(&L, WG_EDATA, "'title' is one text of at most %zu bytes, given once", sizeof a->title - 1);
            else
                strcpy(a->title, fld(&L, 1));
        } else if (strcmp(k, "provenance") == 0) {
            static const char *const p[2] = {"host", "sample"};
            if (proven++ || nf(&L) != 2)
                rc = lerr(&L, WG_EDATA, "'provenance' takes host or sample, once");
            else
                rc = word_of(&L, fld(&L, 1), "provenance", p, 2, &a->provisional);
        } else if (strcmp(k, "weapon") == 0) {
            rc = load_weapon(&L, a);
        } else if (strcmp(k, "calibre") == 0) {
            rc = load_calibre(&L, a);
        } else if (strcmp(k, "unittype") == 0) {
            rc = load_type(&L, a);
        } else if (strcmp(k, "move") == 0) {
            rc = load_move(&L, a);
        } else if (strcmp(k, "charge-bonus") == 0) {
            rc = load_charge_bonus(&L, a);
        } else {
            rc = lerr(&L, WG_EDATA, "unknown record '%.40s' (title, provenance, weapon, calibre, unittype, move, "
                                    "charge-bonus)", k);
        }
    }
    if (rc == WG_OK && a->ntype == 0) {
        L.rec = 0;
        rc = lerr(&L, WG_EDATA, "the army list has no unittype record");
    }
    if (rc == WG_OK)
        *out = *a;
    wg__free(ctx, a, sizeof *a);
    wg_data_free(L.doc);
    return rc;
}

int la_army_move(int32_t *out, char *err, const la_army *a, int arm, int formation, int manoeuvre, int scale)
{
    if (arm < 0 || arm >= LA_NARMS || formation < 0 || formation >= LA_NFORMATIONS || manoeuvre < 0 || manoeuvre > 2)
        return WG_EINVAL;
    if (!a->has_move[arm][formation][manoeuvre]) {
        if (err)
            snprintf(err, WG_ERRMSG_CAP, "the army list gives no movement for %s in %s at manoeuvre %s (record 'move "
                                         "%s %s %s d25= d15=')", la_arm_name[arm], la_formation_name[formation],
                     man_name[manoeuvre], la_arm_name[arm], la_formation_name[formation], man_name[manoeuvre]);
        return WG_EDATA;
    }
    *out = (int32_t)a->move[arm][formation][manoeuvre].v[scale == LA_SCALE_15 ? 1 : 0] * WG_TABLE_UNIT;
    return WG_OK;
}

/* Commands & Colors: Napoleonics: the loaders of the base pack (kind ccn-base), the decks (kind
 * ccn-cards), the board (kind map, through wg_map_load) and the scenario (kind ccn).
 * doc/ccn-data.md.  Every value is range-checked; a failure names the document and the line, and
 * leaves nothing loaded (the caller's rdata is only written on success). */
#include "ccn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ld {
    wg_ctx *ctx;
    wg_data *doc;
    ccn_rdata *rd;
    const char *what; /* "base pack", "order deck", ... */
    char *err;
    size_t rec;
} ld;

static int lerr(ld *L, int st, const char *fmt, ...) WG__PRINTF(3, 4);
static int lerr(ld *L, int st, const char *fmt, ...)
{
    size_t line = 0;
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    wg_data_line(&line, L->doc, L->rec);
    return wg__seterr(L->err, st, "ccn %s line %zu: %s", L->what, line, msg);
}

static size_t nf(ld *L)
{
    return wg__data_nfield(L->doc, L->rec);
}

static const char *fld(ld *L, size_t i)
{
    return i < nf(L) ? wg__data_get(L->doc, L->rec, i) : NULL;
}

/* The value of key=... among fields from `from` on (NULL when absent); a bare flag word `key`
   sets *bare. */
static const char *kv(ld *L, size_t from, const char *key)
{
    size_t kl = strlen(key);
    for (size_t i = from; i < nf(L); i++) {
        const char *f = fld(L, i);
        if (strncmp(f, key, kl) == 0 && f[kl] == '=')
            return f + kl + 1;
    }
    return NULL;
}

static int has_word(ld *L, size_t from, const char *w)
{
    for (size_t i = from; i < nf(L); i++)
        if (strcmp(fld(L, i), w) == 0)
            return 1;
    return 0;
}

/* Every field from `from` on is key=value with a known key, or a known bare word. */
static int check_keys(ld *L, size_t from, const char *const *keys, const char *const *words)
{
    for (size_t i = from; i < nf(L); i++) {
        const char *f = fld(L, i);
        const char *eq = strchr(f, '=');
        int ok = 0;
        if (eq) {
            for (int k = 0; keys && keys[k] && !ok; k++)
                ok = strlen(keys[k]) == (size_t)(eq - f) && strncmp(f, keys[k], (size_t)(eq - f)) == 0;
        } else {
            for (int k = 0; words && words[k] && !ok; k++)
                ok = strcmp(f, words[k]) == 0;
        }
        if (!ok)
            return lerr(L, WG_EDATA, "'%s' record: unknown field '%.40s'", fld(L, 0), f);
    }
    return WG_OK;
}

/* Splits a comma-separated list in place: the next token, NULL at the end. */
static char *next_tok(char **p)
{
    char *t = *p;
    if (!t)
        return NULL;
    char *c = strchr(t, ',');
    if (c) {
        *c = '\0';
        *p = c + 1;
    } else
        *p = NULL;
    return t;
}

static int num(ld *L, const char *s, const char *what, int lo, int hi, int *out)
{
    long long v;
    if (!s)
        return lerr(L, WG_EDATA, "'%s' record: missing %s (range %d..%d)", fld(L, 0), what, lo, hi);
    if (wg__parse_int(s, &v) != 0)
        return lerr(L, WG_EPARSE, "'%s' record: %s '%.24s' is not an integer (range %d..%d)", fld(L, 0), what, s, lo,
                    hi);
    if (v < lo || v > hi)
        return lerr(L, WG_EDATA, "'%s' record: %s %lld is out of range (%d..%d)", fld(L, 0), what, v, lo, hi);
    *out = (int)v;
    return WG_OK;
}

static int opt_num(ld *L, size_t from, const char *key, int lo, int hi, int dflt, int *out)
{
    const char *v = kv(L, from, key);
    if (!v) {
        *out = dflt;
        return WG_OK;
    }
    return num(L, v, key, lo, hi, out);
}

/* "a,b,c" of integers lo..hi, exactly n of them (n > 0) or 1..cap (n == 0). */
static int num_list(ld *L, const char *s, const char *what, int lo, int hi, int *out, int n, int cap, int *got)
{
    char buf[96];
    if (!s)
        return lerr(L, WG_EDATA, "'%s' record: missing %s", fld(L, 0), what);
    if (strlen(s) >= sizeof buf)
        return lerr(L, WG_EDATA, "'%s' record: %s is too long", fld(L, 0), what);
    strcpy(buf, s);
    int k = 0;
    char *save = buf;
    for (char *t = next_tok(&save); t; t = next_tok(&save)) {
        if (k >= (n ? n : cap))
            return lerr(L, WG_EDATA, "'%s' record: %s has more than %d values", fld(L, 0), what, n ? n : cap);
        int rc = num(L, t, what, lo, hi, &out[k]);
        if (rc)
            return rc;
        k++;
    }
    if (n && k != n)
        return lerr(L, WG_EDATA, "'%s' record: %s needs %d comma-separated values", fld(L, 0), what, n);
    if (k == 0)
        return lerr(L, WG_EDATA, "'%s' record: %s is empty", fld(L, 0), what);
    if (got)
        *got = k;
    return WG_OK;
}

static int triple(ld *L, size_t from, const char *key, int8_t *out)
{
    int v[3];
    int rc = num_list(L, kv(L, from, key), key, -6, 6, v, 3, 3, NULL);
    for (int i = 0; i < 3 && rc == WG_OK; i++)
        out[i] = (int8_t)v[i];
    return rc;
}

static int src_of(ld *L, size_t from, uint8_t *out)
{
    static const char *const names[] = {"rule", "site", "designer", "fan", "ours", NULL};
    const char *s = kv(L, from, "src");
    if (!s)
        return lerr(L, WG_EDATA, "'%s' record: missing src= (its provenance: rule, site, designer, fan or ours)",
                    fld(L, 0));
    for (int i = 0; names[i]; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (uint8_t)i;
            return WG_OK;
        }
    return lerr(L, WG_EDATA, "'%s' record: src '%.20s' is not rule, site, designer, fan or ours", fld(L, 0), s);
}

static int copy_name(ld *L, char *dst, const char *s, const char *what)
{
    if (!s || !s[0])
        return lerr(L, WG_EDATA, "'%s' record: missing %s", fld(L, 0), what);
    if (strlen(s) >= CCN_NAMELEN)
        return lerr(L, WG_EDATA, "'%s' record: %s '%.20s...' is longer than %d bytes", fld(L, 0), what, s,
                    CCN_NAMELEN - 1);
    strcpy(dst, s);
    return WG_OK;
}

static int open_doc(ld *L, const char *buf, size_t len, const char *kind)
{
    int rc = wg__data_open(&L->doc, L->ctx, buf, len, kind);
    if (rc == WG_ENOMEM)
        return wg__seterr(L->err, rc, "ccn %s: out of memory", L->what);
    if (rc != WG_OK)
        return wg__seterr(L->err, rc, "ccn %s: %s", L->what, wg_ctx_errmsg(L->ctx));
    return WG_OK;
}

static int sym_of(const char *s)
{
    static const char *const names[CCN_NSYM] = {"inf", "cav", "art", "saber", "flag"};
    for (int i = 0; i < CCN_NSYM; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

static int arms_of(ld *L, const char *s, uint8_t *out, const char *what)
{
    static const char *const names[] = {"inf", "cav", "art", "leader"};
    char buf[64];
    *out = 0;
    if (!s)
        return WG_OK;
    if (strcmp(s, "impassable") == 0) {
        *out = 0x0f;
        return WG_OK;
    }
    if (strlen(s) >= sizeof buf)
        return lerr(L, WG_EDATA, "'%s' record: %s is too long", fld(L, 0), what);
    strcpy(buf, s);
    char *save = buf;
    for (char *t = next_tok(&save); t; t = next_tok(&save)) {
        int k = -1;
        for (int i = 0; i < 4; i++)
            if (strcmp(t, names[i]) == 0)
                k = i;
        if (k < 0)
            return lerr(L, WG_EDATA, "'%s' record: %s '%.20s' is not inf, cav, art or leader", fld(L, 0), what, t);
        *out |= (uint8_t)(1u << k);
    }
    return WG_OK;
}

/* ---------------------------------------------------------------- base pack */

static int nation_index(const ccn_rdata *rd, const char *s)
{
    for (int i = 0; i < rd->nnat; i++)
        if (strcmp(rd->nat[i], s) == 0)
            return i;
    return -1;
}

static int load_unit(ld *L, ccn_rdata *rd)
{
    static const char *const keys[] = {"code", "arm", "class", "blocks", "move", "dash", "range", "fire", "firemove",
                                       "firemovebonus", "artdice", "artdice1", "melee", "meleeinf", "meleefixed",
                                       "retreat", "retreat1", "ignore", "src", NULL};
    static const char *const words[] = {"retire", "nosabers", "lancer", "mlancer", "rocket", "cuirassier", "cossack",
                                        "guard", NULL};
    static const char *const classes[CCN_NCLASS] = {"line", "light", "grenadier", "lightcav", "heavycav", "footart",
                                                    "horseart"};
    int rc = check_keys(L, 3, keys, words);
    if (rc)
        return rc;
    if (rd->ndef >= CCN_MAXDEF)
        return lerr(L, WG_EDATA, "more than %d unit rows", CCN_MAXDEF);
    ccn_unitdef *d = &rd->def[rd->ndef];
    memset(d, 0, sizeof *d);
    if ((rc = copy_name(L, d->nation, fld(L, 1), "NATION")) || (rc = copy_name(L, d->type, fld(L, 2), "TYPE")))
        return rc;
    int nat = nation_index(rd, d->nation);
    if (nat < 0)
        return lerr(L, WG_EDATA, "unit row: nation '%.30s' has no nation record before it", d->nation);
    d->nat = (int8_t)nat;
    for (int i = 0; i < rd->ndef; i++)
        if (strcmp(rd->def[i].nation, d->nation) == 0 && strcmp(rd->def[i].type, d->type) == 0)
            return lerr(L, WG_EDATA, "unit row %s %s is given twice", d->nation, d->type);
    const char *code = kv(L, 3, "code");
    if (!code || !code[0] || strlen(code) >= sizeof d->code)
        return lerr(L, WG_EDATA, "unit row: code= missing or longer than %zu bytes", sizeof d->code - 1);
    strcpy(d->code, code);
    const char *arm = kv(L, 3, "arm");
    int a = !arm ? -1 : strcmp(arm, "inf") == 0 ? CCN_INF : strcmp(arm, "cav") == 0 ? CCN_CAV
                                                        : strcmp(arm, "art") == 0   ? CCN_ART
                                                                                    : -1;
    if (a < 0)
        return lerr(L, WG_EDATA, "unit row: arm= must be inf, cav or art");
    d->arm = (uint8_t)a;
    const char *cls = kv(L, 3, "class");
    int c = -1;
    for (int i = 0; cls && i < CCN_NCLASS; i++)
        if (strcmp(cls, classes[i]) == 0)
            c = i;
    if (c < 0)
        return lerr(L, WG_EDATA, "unit row: class= must be line, light, grenadier, lightcav, heavycav, footart or "
                                 "horseart");
    d->cls = (uint8_t)c;
    int v;
    if ((rc = num(L, kv(L, 3, "blocks"), "blocks", 1, 6, &v)))
        return rc;
    d->blocks = (uint8_t)v;
    if ((rc = num(L, kv(L, 3, "move"), "move", 0, 6, &v)))
        return rc;
    d->move = (uint8_t)v;
    if ((rc = opt_num(L, 3, "dash", d->move, 8, d->move, &v)))
        return rc;
    d->dash = (uint8_t)v;
    if ((rc = opt_num(L, 3, "range", 0, 8, 0, &v)))
        return rc;
    d->range = (uint8_t)v;
    if ((rc = opt_num(L, 3, "fire", -3, 3, 0, &v)))
        return rc;
    d->fire = (int8_t)v;
    const char *fm = kv(L, 3, "firemove");
    d->firemove = !fm || strcmp(fm, "no") == 0 ? 0 : strcmp(fm, "up") == 0 ? 1 : strcmp(fm, "down") == 0 ? -1 : 9;
    if (d->firemove == 9)
        return lerr(L, WG_EDATA, "unit row: firemove= must be up, down or no");
    if (d->range && !fm && d->arm == CCN_INF)
        return lerr(L, WG_EDATA, "unit row %s %s: an infantry row with a range needs firemove=", d->nation, d->type);
    if ((rc = opt_num(L, 3, "firemovebonus", -3, 3, 0, &v)))
        return rc;
    d->firemovebonus = (int8_t)v;
    const char *ad = kv(L, 3, "artdice");
    if (ad) {
        int dv[6], n = 0;
        if ((rc = num_list(L, ad, "artdice", 0, 9, dv, 0, 6, &n)))
            return rc;
        d->nart = (uint8_t)n;
        for (int i = 0; i < n; i++)
            d->artdice[i] = d->artdice1[i] = (uint8_t)dv[i];
        const char *ad1 = kv(L, 3, "artdice1");
        if (ad1) {
            int n1 = 0;
            if ((rc = num_list(L, ad1, "artdice1", 0, 9, dv, 0, 6, &n1)))
                return rc;
            for (int i = 0; i < n; i++)
                d->artdice1[i] = (uint8_t)(i < n1 ? dv[i] : 0);
        }
        if (d->range < n + 1)
            return lerr(L, WG_EDATA, "unit row %s %s: artdice gives %d distances beyond the range %d", d->nation,
                        d->type, n, d->range);
    }
    if ((rc = opt_num(L, 3, "melee", -3, 3, 0, &v)))
        return rc;
    d->melee = (int8_t)v;
    if ((rc = opt_num(L, 3, "meleeinf", -3, 3, 0, &v)))
        return rc;
    d->meleeinf = (int8_t)v;
    if ((rc = opt_num(L, 3, "meleefixed", 0, 9, 0, &v)))
        return rc;
    d->meleefixed = (int8_t)v;
    if ((rc = num(L, kv(L, 3, "retreat"), "retreat", 1, 6, &v)))
        return rc;
    d->retreat = (uint8_t)v;
    if ((rc = opt_num(L, 3, "retreat1", 1, 6, d->retreat, &v)))
        return rc;
    d->retreat1 = (uint8_t)v;
    if ((rc = opt_num(L, 3, "ignore", 0, 6, 0, &v)))
        return rc;
    d->ignore = (uint8_t)v;
    static const struct {
        const char *w;
        uint8_t bit;
    } ab[] = {{"retire", CCN_AB_RETIRE},         {"nosabers", CCN_AB_NOSABERS}, {"lancer", CCN_AB_LANCER},
              {"mlancer", CCN_AB_MLANCER},       {"rocket", CCN_AB_ROCKET},     {"cuirassier", CCN_AB_CUIRASSIER},
              {"cossack", CCN_AB_COSSACK},       {"guard", CCN_AB_GUARD}};
    for (size_t i = 0; i < sizeof ab / sizeof ab[0]; i++)
        if (has_word(L, 3, ab[i].w))
            d->abil |= ab[i].bit;
    if ((rc = src_of(L, 3, &d->src)))
        return rc;
    rd->ndef++;
    return WG_OK;
}

static int load_fields_terrain(ld *L, size_t from, int8_t *im, int8_t *ir, int8_t *om, int8_t *orr)
{
    int rc;
    if ((rc = triple(L, from, "in-melee", im)) || (rc = triple(L, from, "in-ranged", ir)) ||
        (rc = triple(L, from, "out-melee", om)) || (rc = triple(L, from, "out-ranged", orr)))
        return rc;
    return WG_OK;
}

static int load_terrain(ld *L, ccn_rdata *rd)
{
    static const char *const keys[] = {"ban", "nobattle", "los", "in-melee", "in-ranged", "out-melee", "out-ranged",
                                       "ignore", "square", "src", NULL};
    static const char *const words[] = {"stop", "hill", "building", "nocharge", NULL};
    int rc = check_keys(L, 2, keys, words);
    if (rc)
        return rc;
    if (rd->nter >= CCN_MAXTER)
        return lerr(L, WG_EDATA, "more than %d terrain rows", CCN_MAXTER);
    ccn_terrain *t = &rd->ter[rd->nter];
    memset(t, 0, sizeof *t);
    if ((rc = copy_name(L, t->name, fld(L, 1), "NAME")))
        return rc;
    for (int i = 0; i < rd->nter; i++)
        if (strcmp(rd->ter[i].name, t->name) == 0)
            return lerr(L, WG_EDATA, "terrain row '%s' is given twice", t->name);
    t->stop = (uint8_t)has_word(L, 2, "stop");
    t->hill = (uint8_t)has_word(L, 2, "hill");
    t->building = (uint8_t)has_word(L, 2, "building");
    t->nocharge = (uint8_t)has_word(L, 2, "nocharge");
    if ((rc = arms_of(L, kv(L, 2, "ban"), &t->ban, "ban")))
        return rc;
    const char *nb = kv(L, 2, "nobattle");
    t->nobattle = !nb ? 0 : strcmp(nb, "all") == 0 ? 1 : strcmp(nb, "light") == 0 ? 2 : 9;
    if (t->nobattle == 9)
        return lerr(L, WG_EDATA, "terrain row: nobattle= must be all or light");
    const char *los = kv(L, 2, "los");
    if (!los || (strcmp(los, "clear") && strcmp(los, "block")))
        return lerr(L, WG_EDATA, "terrain row '%s': los= must be clear or block", t->name);
    t->block_los = strcmp(los, "block") == 0;
    if ((rc = load_fields_terrain(L, 2, t->in_melee, t->in_ranged, t->out_melee, t->out_ranged)))
        return rc;
    int v;
    if ((rc = opt_num(L, 2, "ignore", 0, 6, 0, &v)))
        return rc;
    t->ignore = (uint8_t)v;
    if ((rc = opt_num(L, 2, "square", 0, 1, 1, &v)))
        return rc;
    t->square = (uint8_t)v;
    if ((rc = src_of(L, 2, &t->src)))
        return rc;
    rd->nter++;
    return WG_OK;
}

static int load_base(ld *L, ccn_rdata *rd, const char *buf, size_t len)
{
    L->what = "base pack";
    int rc = open_doc(L, buf, len, "ccn-base");
    if (rc)
        return rc;
    size_t n = 0;
    wg_data_record_count(&n, L->doc);
    int have_die = 0, have_lc = 0;
    for (L->rec = 0; L->rec < n && rc == WG_OK; L->rec++) {
        const char *kw = fld(L, 0);
        if (strcmp(kw, "die") == 0) {
            if (nf(L) != 8 || !kv(L, 7, "src"))
                rc = lerr(L, WG_EDATA, "die record: six faces (inf, cav, art, saber, flag) and src=");
            memset(rd->mult, 0, sizeof rd->mult);
            for (int i = 0; i < 6 && rc == WG_OK; i++) {
                int sy = sym_of(fld(L, (size_t)i + 1));
                if (sy < 0)
                    rc = lerr(L, WG_EDATA, "die record: face '%.20s' is not inf, cav, art, saber or flag",
                              fld(L, (size_t)i + 1));
                else {
                    rd->die[i] = (uint8_t)sy;
                    rd->mult[sy]++;
                }
            }
            uint8_t s;
            if (rc == WG_OK)
                rc = src_of(L, 7, &s);
            have_die = 1;
        } else if (strcmp(kw, "nation") == 0) {
            static const char *const keys[] = {"prefix", "colour", "src", NULL};
            if ((rc = check_keys(L, 2, keys, NULL)))
                break;
            if (rd->nnat >= CCN_MAXNAT)
                rc = lerr(L, WG_EDATA, "more than %d nations", CCN_MAXNAT);
            else if ((rc = copy_name(L, rd->nat[rd->nnat], fld(L, 1), "NAME")) == WG_OK) {
                const char *p = kv(L, 2, "prefix");
                uint8_t s;
                if (nation_index(rd, rd->nat[rd->nnat]) >= 0)
                    rc = lerr(L, WG_EDATA, "nation '%s' is given twice", rd->nat[rd->nnat]);
                else if (!p || !p[0] || strlen(p) > 3)
                    rc = lerr(L, WG_EDATA, "nation record: prefix= of 1 to 3 bytes");
                else if (kv(L, 2, "colour") && strlen(kv(L, 2, "colour")) >= sizeof rd->natcolour[0])
                    rc = lerr(L, WG_EDATA, "nation record: colour= of at most %zu bytes", sizeof rd->natcolour[0] - 1);
                else if ((rc = src_of(L, 2, &s)) == WG_OK) {
                    strcpy(rd->natprefix[rd->nnat], p);
                    snprintf(rd->natcolour[rd->nnat], sizeof rd->natcolour[0], "%s",
                             kv(L, 2, "colour") ? kv(L, 2, "colour") : "");
                    rd->nnat++;
                }
            }
        } else if (strcmp(kw, "unit") == 0)
            rc = load_unit(L, rd);
        else if (strcmp(kw, "terrain") == 0)
            rc = load_terrain(L, rd);
        else if (strcmp(kw, "hexside") == 0) {
            static const char *const keys[] = {"in-melee", "in-ranged", "out-melee", "out-ranged", "ignore", "los",
                                               "src", NULL};
            static const char *const words[] = {"stop", "nosquare", NULL};
            if ((rc = check_keys(L, 2, keys, words)))
                break;
            if (!fld(L, 1) || strcmp(fld(L, 1), "fort") != 0)
                rc = lerr(L, WG_EDATA, "hexside record: the only hexside is 'fort'");
            else if (rd->fort.present)
                rc = lerr(L, WG_EDATA, "hexside fort is given twice");
            else if ((rc = load_fields_terrain(L, 2, rd->fort.in_melee, rd->fort.in_ranged, rd->fort.out_melee,
                                               rd->fort.out_ranged)) == WG_OK) {
                int v[3];
                uint8_t s;
                rc = num_list(L, kv(L, 2, "ignore"), "ignore", 0, 6, v, 3, 3, NULL);
                for (int i = 0; i < 3 && rc == WG_OK; i++)
                    rd->fort.ignore[i] = (uint8_t)v[i];
                rd->fort.stop = (uint8_t)has_word(L, 2, "stop");
                rd->fort.nosquare = (uint8_t)has_word(L, 2, "nosquare");
                if (rc == WG_OK)
                    rc = src_of(L, 2, &s);
                rd->fort.present = 1;
            }
        } else if (strcmp(kw, "leader-casualty") == 0) {
            static const char *const keys[] = {"dice-hit", "sabers-hit", "dice-elim", "sabers-elim", "src", NULL};
            int v[4];
            uint8_t sr;
            if ((rc = check_keys(L, 1, keys, NULL)) || (rc = num(L, kv(L, 1, "dice-hit"), "dice-hit", 1, 6, &v[0])) ||
                (rc = num(L, kv(L, 1, "sabers-hit"), "sabers-hit", 1, 6, &v[1])) ||
                (rc = num(L, kv(L, 1, "dice-elim"), "dice-elim", 1, 6, &v[2])) ||
                (rc = num(L, kv(L, 1, "sabers-elim"), "sabers-elim", 1, 6, &v[3])) || (rc = src_of(L, 1, &sr)))
                break;
            rd->lc_dice_hit = (uint8_t)v[0];
            rd->lc_sabers_hit = (uint8_t)v[1];
            rd->lc_dice_elim = (uint8_t)v[2];
            rd->lc_sabers_elim = (uint8_t)v[3];
            have_lc = 1;
        } else if (strcmp(kw, "combined-arms") == 0 || strcmp(kw, "breakthrough") == 0 || strcmp(kw, "square") == 0) {
            /* the base rules a record switches on (CCN-BASE-32 [fan]); without the record the rule is off */
            static const char *const kca[] = {"src", NULL}, *const kbt[] = {"hexes", "src", NULL},
                                     *const ksq[] = {"min-hand", "cavalry-dice", "square-dice", "src", NULL};
            int which = kw[0] == 'c' ? 0 : kw[0] == 'b' ? 1 : 2, v[3] = {0, 0, 0};
            uint8_t *seen = which == 0 ? &rd->ca_on : which == 1 ? &rd->bt_on : &rd->sq_on;
            uint8_t sr;
            if ((rc = check_keys(L, 1, which == 0 ? kca : which == 1 ? kbt : ksq, NULL)))
                break;
            if (*seen) {
                rc = lerr(L, WG_EDATA, "record '%s' is given twice", kw);
                break;
            }
            if (which == 1)
                rc = num(L, kv(L, 1, "hexes"), "hexes", 0, 2, &v[0]);
            else if (which == 2 && (rc = num(L, kv(L, 1, "min-hand"), "min-hand", 0, 9, &v[0])) == WG_OK &&
                     (rc = num(L, kv(L, 1, "cavalry-dice"), "cavalry-dice", 1, 6, &v[1])) == WG_OK)
                rc = num(L, kv(L, 1, "square-dice"), "square-dice", 1, 6, &v[2]);
            if (rc == WG_OK)
                rc = src_of(L, 1, &sr);
            if (rc)
                break;
            *seen = 1;
            if (which == 1)
                rd->bt_hexes = (uint8_t)v[0];
            else if (which == 2) {
                rd->sq_minhand = (uint8_t)v[0];
                rd->sq_cavdice = (uint8_t)v[1];
                rd->sq_dice = (uint8_t)v[2];
            }
        } else
            rc = lerr(L, WG_EDATA, "unknown record '%.30s' (die, nation, unit, terrain, hexside, leader-casualty, "
                                   "combined-arms, breakthrough, square)",
                      kw);
    }
    if (rc == WG_OK && !have_lc)
        rc = wg__seterr(L->err, WG_EDATA, "ccn base pack: no leader-casualty record (the check of a Leader whose "
                                          "unit is hit, CCN-BASE-31)");
    if (rc == WG_OK && !have_die) {
        L->rec = 0;
        rc = wg__seterr(L->err, WG_EDATA, "ccn base pack: no die record (the faces of a battle die, CCN-BASE-01)");
    }
    if (rc == WG_OK && rd->nter == 0)
        rc = wg__seterr(L->err, WG_EDATA, "ccn base pack: no terrain rows");
    if (rc == WG_OK && strcmp(rd->ter[0].name, "clear") != 0) {
        int clear = -1;
        for (int i = 0; i < rd->nter; i++)
            if (strcmp(rd->ter[i].name, "clear") == 0)
                clear = i;
        if (clear < 0)
            rc = wg__seterr(L->err, WG_EDATA, "ccn base pack: no 'clear' terrain row");
    }
    wg_data_free(L->doc);
    L->doc = NULL;
    return rc;
}

/* ---------------------------------------------------------------- decks */

static int load_card(ld *L, ccn_card *c, int tactician)
{
    static const char *const okeys[] = {"count", "sections", "units", "arm", "move", "dash", "melee", "ranged", "draw",
                                        "src", NULL};
    static const char *const owords[] = {"per-section", "reshuffle", "scout", "takecommand", "leaders", "nomove",
                                         "melee-only", NULL};
    static const char *const tkeys[] = {"count", "window", "code", "melee", "ranged", "move", "ignore", "draw",
                                        "target", "src", NULL};
    static const char *const twords[] = {"reroll", NULL};
    int rc = check_keys(L, 2, tactician ? tkeys : okeys, tactician ? twords : owords);
    if (rc)
        return rc;
    memset(c, 0, sizeof *c);
    if ((rc = copy_name(L, c->name, fld(L, 1), "NAME")))
        return rc;
    int v;
    if ((rc = num(L, kv(L, 2, "count"), "count", 1, 90, &v)))
        return rc;
    c->count = (uint8_t)v;
    if ((rc = opt_num(L, 2, "melee", -3, 6, 0, &v)))
        return rc;
    c->melee = (int8_t)v;
    if ((rc = opt_num(L, 2, "ranged", -3, 6, 0, &v)))
        return rc;
    c->ranged = (int8_t)v;
    if (!tactician) {
        const char *sec = kv(L, 2, "sections");
        if (sec && strcmp(sec, "any") == 0)
            c->flags |= CCN_CF_ANYSEC, c->sections = 7;
        else if (sec) {
            for (const char *p = sec; *p; p++) {
                if (*p == 'L')
                    c->sections |= 1;
                else if (*p == 'C')
                    c->sections |= 2;
                else if (*p == 'R')
                    c->sections |= 4;
                else if (*p != ',')
                    return lerr(L, WG_EDATA, "card '%s': sections= is a list of L, C, R or 'any'", c->name);
            }
        } else
            c->flags |= CCN_CF_ANYSEC, c->sections = 7;
        const char *u = kv(L, 2, "units");
        if (!u && has_word(L, 2, "takecommand"))
            u = "3"; /* CCN-TAKECMD-02: the units in up to 3 linked hexes */
        if (u && strcmp(u, "command") == 0)
            c->flags |= CCN_CF_COMMAND;
        else {
            if ((rc = num(L, u, "units", 0, 20, &v)))
                return rc;
            c->units = (uint8_t)v;
        }
        if ((rc = arms_of(L, kv(L, 2, "arm"), &c->arms, "arm")))
            return rc;
        if ((rc = opt_num(L, 2, "move", 0, 8, 0, &v)))
            return rc;
        c->move = (uint8_t)v;
        if ((rc = opt_num(L, 2, "dash", 0, 8, 0, &v)))
            return rc;
        c->dash = (uint8_t)v;
        static const struct {
            const char *w;
            uint16_t bit;
        } fl[] = {{"per-section", CCN_CF_PERSECTION}, {"reshuffle", CCN_CF_RESHUFFLE}, {"scout", CCN_CF_SCOUT},
                  {"takecommand", CCN_CF_TAKECMD},    {"leaders", CCN_CF_LEADERS},     {"nomove", CCN_CF_NOMOVE},
                  {"melee-only", CCN_CF_MELEEONLY}};
        for (size_t i = 0; i < sizeof fl / sizeof fl[0]; i++)
            if (has_word(L, 2, fl[i].w))
                c->flags |= fl[i].bit;
        const char *d = kv(L, 2, "draw");
        c->draw = !d ? 0 : strcmp(d, "self") == 0 ? 1 : strcmp(d, "both") == 0 ? 2 : 9;
        if (c->draw == 9)
            return lerr(L, WG_EDATA, "card '%s': draw= must be self or both", c->name);
    } else {
        static const char *const windows[] = {"", "own-reform", "own-orders", "own-move", "own-combat", "react-cav-melee",
                                              "react-melee", "react-ranged", "end-turn"};
        const char *w = kv(L, 2, "window");
        int k = -1;
        for (int i = 1; w && i < (int)(sizeof windows / sizeof windows[0]); i++)
            if (strcmp(w, windows[i]) == 0)
                k = i;
        if (k < 0)
            return lerr(L, WG_EDATA, "card '%s': window= must be own-reform, own-orders, own-move, own-combat, "
                                     "react-cav-melee, react-melee, react-ranged or end-turn",
                        c->name);
        c->window = (uint8_t)k;
        static const char *const codes[] = {"", "charge-if-charged", "infantry-forward-leader", "leader-unit-reform",
                                            "light-infantry-skirmish", "sappers", "capable-tactician", "first-strike",
                                            "supply-under-pressure"};
        const char *cd = kv(L, 2, "code");
        if (cd) {
            int ck = -1;
            for (int i = 1; i < (int)(sizeof codes / sizeof codes[0]); i++)
                if (strcmp(cd, codes[i]) == 0)
                    ck = i;
            if (ck < 0)
                return lerr(L, WG_EDATA, "card '%s': unknown code '%.30s'", c->name, cd);
            c->code = (uint8_t)ck;
        }
        if ((rc = opt_num(L, 2, "move", 0, 6, 0, &v)))
            return rc;
        c->move = (uint8_t)v;
        if ((rc = opt_num(L, 2, "draw", 0, 6, 0, &v)))
            return rc;
        c->draw = (uint8_t)v;
        if ((rc = opt_num(L, 2, "ignore", 0, 6, 0, &v)))
            return rc;
        c->ignore = (uint8_t)v;
        c->reroll = (uint8_t)has_word(L, 2, "reroll");
        static const char *const targets[] = {"unit", "inf", "cav", "art", "light", "leader", "enemy"};
        const char *tg = kv(L, 2, "target");
        int ti = tg ? -1 : 0;
        for (int i = 0; tg && i < 7; i++)
            if (strcmp(tg, targets[i]) == 0)
                ti = i;
        if (ti < 0)
            return lerr(L, WG_EDATA, "card '%s': target= must be unit, inf, cav, art, light, leader or enemy", c->name);
        if (ti == 6 && c->window != CCN_W_ORDERS)
            return lerr(L, WG_EDATA, "card '%s': target=enemy is played in the own-orders window", c->name);
        c->target = (uint8_t)ti;
    }
    return src_of(L, 2, &c->src);
}

static int load_deck(ld *L, ccn_rdata *rd, const char *buf, size_t len, int tactician)
{
    L->what = tactician ? "tactician deck" : "order deck";
    int rc = open_doc(L, buf, len, "ccn-cards");
    if (rc)
        return rc;
    size_t n = 0;
    wg_data_record_count(&n, L->doc);
    ccn_card *cards = tactician ? rd->tac : rd->order;
    int *nc = tactician ? &rd->ntac : &rd->norder;
    int *total = tactician ? &rd->tac_total : &rd->order_total;
    char *title = tactician ? rd->tac_title : rd->order_title;
    int have_deck = 0;
    for (L->rec = 0; L->rec < n && rc == WG_OK; L->rec++) {
        const char *kw = fld(L, 0);
        if (strcmp(kw, "deck") == 0) {
            const char *kind = fld(L, 1);
            if (have_deck)
                rc = lerr(L, WG_EDATA, "a second deck record");
            else if (!kind || strcmp(kind, tactician ? "tactician" : "order") != 0)
                rc = lerr(L, WG_EDATA, "deck record: this slot holds the %s deck (deck %s \"TITLE\")",
                          tactician ? "tactician" : "order", tactician ? "tactician" : "order");
            else if (!fld(L, 2) || strlen(fld(L, 2)) >= 128)
                rc = lerr(L, WG_EDATA, "deck record: a title of at most 127 bytes");
            else {
                strcpy(title, fld(L, 2));
                have_deck = 1;
            }
        } else if (strcmp(kw, "card") == 0) {
            if (!have_deck)
                rc = lerr(L, WG_EDATA, "a card before the deck record");
            else if (*nc >= CCN_MAXCARD)
                rc = lerr(L, WG_EDATA, "more than %d card kinds", CCN_MAXCARD);
            else if ((rc = load_card(L, &cards[*nc], tactician)) == WG_OK) {
                for (int i = 0; i < *nc; i++)
                    if (strcmp(cards[i].name, cards[*nc].name) == 0)
                        rc = lerr(L, WG_EDATA, "card '%s' is given twice", cards[i].name);
                *total += cards[*nc].count;
                (*nc)++;
                if (rc == WG_OK && *total > 250)
                    rc = lerr(L, WG_EDATA, "more than 250 cards in the deck");
            }
        } else
            rc = lerr(L, WG_EDATA, "unknown record '%.30s' (deck, card)", kw);
    }
    if (rc == WG_OK && *nc == 0)
        rc = wg__seterr(L->err, WG_EDATA, "ccn %s: no cards", L->what);
    wg_data_free(L->doc);
    L->doc = NULL;
    return rc;
}

/* ---------------------------------------------------------------- board */

int ccn_hex_parse(const char *s)
{
    if (!s || s[0] < 'A' || s[0] > 'M' || s[1] < '1' || s[1] > '9' || s[2])
        return -1;
    int col = s[0] - 'A', row = s[1] - '1';
    if ((row & 1) && col == CCN_COLS - 1)
        return -1;
    return row * CCN_COLS + col;
}

void ccn_hex_name(int hex, char *out)
{
    if (hex < 0 || hex >= CCN_NHEX) {
        strcpy(out, "--");
        return;
    }
    out[0] = (char)('A' + hex % CCN_COLS);
    out[1] = (char)('1' + hex / CCN_COLS);
    out[2] = '\0';
}

static int load_map(ld *L, ccn_rdata *rd, const char *buf, size_t len)
{
    wg_map *map = NULL;
    int rc = wg_map_load(&map, L->ctx, buf, len);
    if (rc == WG_ENOMEM)
        return wg__seterr(L->err, rc, "ccn map: out of memory");
    if (rc != WG_OK)
        return wg__seterr(L->err, rc, "ccn map: %s", wg_ctx_errmsg(L->ctx));
    int cols = 0, rows = 0, layout = 0, kind = 0;
    wg_map_kind_of(&kind, map);
    if (kind != WG_MAP_HEX || wg_map_hex_size(&cols, &rows, &layout, map) != WG_OK || cols != CCN_COLS ||
        rows != CCN_ROWS || layout != WG_HEX_ODD_R) {
        wg_map_free(map);
        return wg__seterr(L->err, WG_EDATA, "ccn map: the board is 'grid hex 13 9 odd-r' (doc/ccn-data.md)");
    }
    int boff = -1, bw = -1, bc = -1, be = -1, sfort = -1;
    wg_map_flag_bit(&boff, map, "off");
    wg_map_flag_bit(&bw, map, "west");
    wg_map_flag_bit(&bc, map, "centre");
    wg_map_flag_bit(&be, map, "east");
    wg_map_sideflag_bit(&sfort, map, "fort");
    const char *t = NULL;
    if (wg_map_title(&t, map) == WG_OK && t)
        snprintf(rd->map_title, sizeof rd->map_title, "%s", t);
    for (int h = 0; h < CCN_NHEX && rc == WG_OK; h++) {
        char hn[4];
        ccn_hex_name(h, hn);
        uint32_t fl = 0;
        int ter = 0;
        wg_map_flags(&fl, map, h);
        wg_map_terrain(&ter, map, h);
        int off = boff >= 0 && ((fl >> boff) & 1u);
        int odd_end = (h / CCN_COLS) % 2 == 1 && h % CCN_COLS == CCN_COLS - 1;
        if (odd_end) {
            rd->hter[h] = 255;
            continue;
        }
        if (off) {
            rc = wg__seterr(L->err, WG_EDATA, "ccn map: hex %s is a board hex, not 'off'", hn);
            break;
        }
        const char *tname = NULL;
        wg_map_terrain_name(&tname, map, ter);
        int ti = -1;
        for (int i = 0; tname && i < rd->nter; i++)
            if (strcmp(rd->ter[i].name, tname) == 0)
                ti = i;
        if (ti < 0) {
            rc = wg__seterr(L->err, WG_EDATA, "ccn map: hex %s: terrain '%.30s' has no row in the base pack", hn,
                            tname ? tname : "?");
            break;
        }
        rd->hter[h] = (uint8_t)ti;
        uint8_t sec = 0;
        if (bw >= 0 && ((fl >> bw) & 1u))
            sec |= 1;
        if (bc >= 0 && ((fl >> bc) & 1u))
            sec |= 2;
        if (be >= 0 && ((fl >> be) & 1u))
            sec |= 4;
        if (!sec || sec == 5 || sec == 7) {
            rc = wg__seterr(L->err, WG_EDATA, "ccn map: hex %s belongs to %s (one section, or two neighbouring ones "
                                              "on a dotted line: flags west, centre, east)",
                            hn, sec ? "non-adjacent sections" : "no section");
            break;
        }
        rd->hsec[h] = sec;
        const char *nm = NULL;
        if (wg_map_name(&nm, map, h) == WG_OK && nm && nm[0])
            snprintf(rd->hname[h], CCN_NAMELEN, "%s", nm);
        for (int d = 0; d < 6 && sfort >= 0; d++) {
            uint32_t sf = 0;
            if (wg_map_hexside(&sf, map, h, d) == WG_OK && ((sf >> sfort) & 1u))
                rd->hfort[h] |= (uint8_t)(1u << d);
        }
        if (rd->hfort[h] && !rd->fort.present) {
            rc = wg__seterr(L->err, WG_EDATA, "ccn map: hex %s has a fortified hexside and the base pack no "
                                              "'hexside fort' row",
                            hn);
            break;
        }
    }
    wg_map_free(map);
    return rc;
}

/* ---------------------------------------------------------------- scenario */

static int def_index(const ccn_rdata *rd, const char *nation, const char *type)
{
    for (int i = 0; i < rd->ndef; i++)
        if (strcmp(rd->def[i].nation, nation) == 0 && strcmp(rd->def[i].type, type) == 0)
            return i;
    return -1;
}

static int hex_field(ld *L, const char *s, const char *what, int *out)
{
    int h = ccn_hex_parse(s);
    if (h < 0)
        return lerr(L, WG_EDATA, "'%s' record: %s '%.8s' is not a hex name (A1..M9, odd rows A..L)", fld(L, 0), what,
                    s ? s : "");
    *out = h;
    return WG_OK;
}

static int hex_list(ld *L, const char *s, uint8_t *out, uint8_t *n)
{
    char buf[200];
    if (!s || !s[0])
        return lerr(L, WG_EDATA, "'%s' record: missing hexes=", fld(L, 0));
    if (strlen(s) >= sizeof buf)
        return lerr(L, WG_EDATA, "'%s' record: hexes= is too long", fld(L, 0));
    strcpy(buf, s);
    *n = 0;
    char *save = buf;
    for (char *t = next_tok(&save); t; t = next_tok(&save)) {
        int h = -1, rc = hex_field(L, t, "hex", &h);
        if (rc)
            return rc;
        if (*n >= CCN_MAXOBJHEX)
            return lerr(L, WG_EDATA, "'%s' record: more than %d hexes", fld(L, 0), CCN_MAXOBJHEX);
        for (int i = 0; i < *n; i++)
            if (out[i] == h)
                return lerr(L, WG_EDATA, "'%s' record: hex %s is listed twice", fld(L, 0), t);
        out[(*n)++] = (uint8_t)h;
    }
    return WG_OK;
}

static int side_field(ld *L, const char *s, int any, int *out)
{
    if (s && any && strcmp(s, "any") == 0) {
        *out = -1;
        return WG_OK;
    }
    return num(L, s, "side", 0, 1, out);
}

static int load_objective(ld *L, ccn_rdata *rd)
{
    static const char *const keys[] = {"side", "kind", "when", "test", "flags", "hexes", "count", "start", "startside", NULL};
    int rc = check_keys(L, 2, keys, NULL);
    if (rc)
        return rc;
    if (rd->nobj >= CCN_MAXOBJ)
        return lerr(L, WG_EDATA, "more than %d objectives", CCN_MAXOBJ);
    ccn_objective *o = &rd->obj[rd->nobj];
    memset(o, 0, sizeof *o);
    if ((rc = copy_name(L, o->name, fld(L, 1), "NAME")))
        return rc;
    int side;
    if ((rc = side_field(L, kv(L, 2, "side"), 1, &side)))
        return rc;
    o->side = (int8_t)side;
    const char *k = kv(L, 2, "kind");
    if (!k || (strcmp(k, "temp") && strcmp(k, "perm")))
        return lerr(L, WG_EDATA, "objective '%s': kind= must be temp or perm", o->name);
    o->perm = strcmp(k, "perm") == 0;
    const char *w = kv(L, 2, "when");
    if (!w || (strcmp(w, "now") && strcmp(w, "sot")))
        return lerr(L, WG_EDATA, "objective '%s': when= must be now or sot", o->name);
    o->sot = strcmp(w, "sot") == 0;
    static const char *const tests[] = {"occupy", "each", "all", "majority", "none", "fewer-full"};
    const char *t = kv(L, 2, "test");
    int ti = -1;
    for (int i = 0; t && i < 6; i++)
        if (strcmp(t, tests[i]) == 0)
            ti = i;
    if (ti < 0)
        return lerr(L, WG_EDATA, "objective '%s': test= must be occupy, each, all, majority, none or fewer-full",
                    o->name);
    o->test = (uint8_t)ti;
    int fv[2] = {0, 0}, nfv = 0;
    if ((rc = num_list(L, kv(L, 2, "flags"), "flags", 0, 9, fv, 0, 2, &nfv)))
        return rc;
    if (side < 0 && nfv != 2)
        return lerr(L, WG_EDATA, "objective '%s': side=any needs flags=A,B (player 0, player 1)", o->name);
    if (side >= 0 && nfv != 1)
        return lerr(L, WG_EDATA, "objective '%s': flags= is one number for one side", o->name);
    if (side < 0 && ti != CCN_OBJ_MAJORITY && ti != CCN_OBJ_OCCUPY)
        return lerr(L, WG_EDATA, "objective '%s': side=any is for test=majority or test=occupy", o->name);
    o->flags[0] = (uint8_t)(side < 0 ? fv[0] : side == 0 ? fv[0] : 0);
    o->flags[1] = (uint8_t)(side < 0 ? fv[1] : side == 1 ? fv[0] : 0);
    if ((rc = hex_list(L, kv(L, 2, "hexes"), o->hex, &o->nhex)))
        return rc;
    for (int i = 0; i < o->nhex; i++)
        if (rd->hter[o->hex[i]] == 255)
            return lerr(L, WG_EDATA, "objective '%s': a hex off the board", o->name);
    int v;
    if ((rc = opt_num(L, 2, "count", 1, 20, 1, &v)))
        return rc;
    o->count = (uint8_t)v;
    if (ti == CCN_OBJ_FEWERFULL && !kv(L, 2, "count"))
        return lerr(L, WG_EDATA, "objective '%s': test=fewer-full needs count=", o->name);
    if ((rc = opt_num(L, 2, "start", 0, 9, 0, &v)))
        return rc;
    o->start = (uint8_t)v;
    if ((rc = opt_num(L, 2, "startside", 0, 1, side, &v)))
        return rc;
    if (o->start && v < 0)
        return lerr(L, WG_EDATA, "objective '%s': side=any with start= needs startside=P", o->name);
    o->startside = (int8_t)v;
    rd->nobj++;
    return WG_OK;
}

static int load_scenario(ld *L, ccn_rdata *rd, const char *buf, size_t len)
{
    L->what = "scenario";
    int rc = open_doc(L, buf, len, "ccn");
    if (rc)
        return rc;
    size_t n = 0;
    wg_data_record_count(&n, L->doc);
    int have_side[2] = {0, 0}, have_first = 0, have_victory = 0, have_scen = 0;
    for (L->rec = 0; L->rec < n && rc == WG_OK; L->rec++) {
        const char *kw = fld(L, 0);
        int v;
        if (!have_scen && strcmp(kw, "scenario") != 0) {
            rc = lerr(L, WG_EDATA, "the first record is 'scenario ID \"TITLE\"'");
        } else if (strcmp(kw, "scenario") == 0) {
            if (have_scen)
                rc = lerr(L, WG_EDATA, "a second scenario record");
            else if (nf(L) != 3 || strlen(fld(L, 1)) >= sizeof rd->sid || strlen(fld(L, 2)) >= sizeof rd->stitle)
                rc = lerr(L, WG_EDATA, "scenario ID (at most 7 bytes) \"TITLE\" (at most 79 bytes)");
            else {
                strcpy(rd->sid, fld(L, 1));
                strcpy(rd->stitle, fld(L, 2));
                have_scen = 1;
            }
        } else if (strcmp(kw, "side") == 0) {
            static const char *const keys[] = {"commander", "cards", "tactician", "ironwill", "ironwill-nation",
                                               "edge", "src", NULL};
            int p;
            if ((rc = check_keys(L, 3, keys, NULL)) || (rc = num(L, fld(L, 1), "P", 0, 1, &p)))
                break;
            if (have_side[p]) {
                rc = lerr(L, WG_EDATA, "side %d is given twice", p);
                break;
            }
            ccn_sideinfo *si = &rd->side[p];
            if ((rc = copy_name(L, si->name, fld(L, 2), "NAME")) ||
                (rc = copy_name(L, si->commander, kv(L, 3, "commander"), "commander=")))
                break;
            if ((rc = num(L, kv(L, 3, "cards"), "cards", 1, 9, &v)))
                break;
            si->cards = (uint8_t)v;
            if ((rc = num(L, kv(L, 3, "tactician"), "tactician", 0, 20, &v)))
                break;
            si->tactician = (uint8_t)v;
            if ((rc = opt_num(L, 3, "ironwill", 0, 20, 0, &v)))
                break;
            si->ironwill = (uint8_t)v;
            const char *iwn = kv(L, 3, "ironwill-nation");
            si->ironwill_nat = (int8_t)nation_index(rd, iwn ? iwn : "prussian");
            if (iwn && si->ironwill_nat < 0) {
                rc = lerr(L, WG_EDATA, "side %d: ironwill-nation '%.30s' is not a nation of the base pack", p, iwn);
                break;
            }
            const char *e = kv(L, 3, "edge");
            if (!e || (strcmp(e, "top") && strcmp(e, "bottom"))) {
                rc = lerr(L, WG_EDATA, "side %d: edge= must be top or bottom", p);
                break;
            }
            si->edge = strcmp(e, "bottom") == 0;
            have_side[p] = 1;
        } else if (strcmp(kw, "first") == 0) {
            rc = num(L, fld(L, 1), "P", 0, 1, &rd->first);
            have_first = 1;
        } else if (strcmp(kw, "victory") == 0) {
            rc = num(L, fld(L, 1), "N", 1, 99, &rd->victory);
            have_victory = 1;
        } else if (strcmp(kw, "unit") == 0 || strcmp(kw, "leader") == 0) {
            int leader = kw[0] == 'l', p, h = 0;
            static const char *const keys[] = {"blocks", NULL};
            if (rd->nset >= CCN_MAXU) {
                rc = lerr(L, WG_EDATA, "more than %d units and Leaders", CCN_MAXU);
                break;
            }
            ccn_setunit *su = &rd->set[rd->nset];
            memset(su, 0, sizeof *su);
            if ((rc = num(L, fld(L, 1), "P", 0, 1, &p)))
                break;
            su->side = (int8_t)p;
            su->leader = (int8_t)leader;
            if (leader) {
                if (nf(L) != 5) {
                    rc = lerr(L, WG_EDATA, "leader P NATION HEX \"NAME\"");
                    break;
                }
                if (nation_index(rd, fld(L, 2)) < 0) {
                    rc = lerr(L, WG_EDATA, "leader: nation '%.30s' is not in the base pack", fld(L, 2));
                    break;
                }
                if ((rc = hex_field(L, fld(L, 3), "HEX", &h)) || (rc = copy_name(L, su->name, fld(L, 4), "NAME")))
                    break;
                su->def = (uint8_t)nation_index(rd, fld(L, 2)); /* a Leader's def is his nation */
                su->blocks = 1;
            } else {
                if (nf(L) < 5 || (rc = check_keys(L, 5, keys, NULL))) {
                    if (!rc)
                        rc = lerr(L, WG_EDATA, "unit P NATION TYPE HEX [blocks=N]");
                    break;
                }
                int d = def_index(rd, fld(L, 2), fld(L, 3));
                if (d < 0) {
                    rc = lerr(L, WG_EDATA, "unit: the base pack has no row for %.30s %.30s", fld(L, 2), fld(L, 3));
                    break;
                }
                if ((rc = hex_field(L, fld(L, 4), "HEX", &h)))
                    break;
                su->def = (uint8_t)d;
                if ((rc = opt_num(L, 5, "blocks", 1, rd->def[d].blocks, rd->def[d].blocks, &v)))
                    break;
                su->blocks = (uint8_t)v;
                const ccn_terrain *t = &rd->ter[rd->hter[h]];
                if (rd->hter[h] == 255 || (t->ban >> rd->def[d].arm) & 1u) {
                    rc = lerr(L, WG_EDATA, "unit at %s: its arm may not stand on %s", fld(L, 4),
                              rd->hter[h] == 255 ? "a hex off the board" : t->name);
                    break;
                }
                for (int i = 0; i < rd->nset; i++)
                    if (!rd->set[i].leader && rd->set[i].hex == h) {
                        rc = lerr(L, WG_EDATA, "unit at %s: the hex already holds a unit", fld(L, 4));
                        break;
                    }
                if (rc)
                    break;
            }
            if (rd->hter[h] == 255) {
                rc = lerr(L, WG_EDATA, "'%s' at a hex off the board", kw);
                break;
            }
            su->hex = (uint8_t)h;
            rd->nset++;
        } else if (strcmp(kw, "objective") == 0)
            rc = load_objective(L, rd);
        else if (strcmp(kw, "exit") == 0) {
            static const char *const keys[] = {"side", "hexes", "who", "per", NULL};
            static const char *const words[] = {"ordered", "nocossack", NULL};
            if ((rc = check_keys(L, 2, keys, words)))
                break;
            if (rd->nexit >= CCN_MAXEXIT) {
                rc = lerr(L, WG_EDATA, "more than %d exit records", CCN_MAXEXIT);
                break;
            }
            ccn_exit *x = &rd->exit[rd->nexit];
            memset(x, 0, sizeof *x);
            int p;
            if ((rc = copy_name(L, x->name, fld(L, 1), "NAME")) || (rc = num(L, kv(L, 2, "side"), "side", 0, 1, &p)) ||
                (rc = hex_list(L, kv(L, 2, "hexes"), x->hex, &x->nhex)))
                break;
            x->side = (int8_t)p;
            const char *who = kv(L, 2, "who"), *per = kv(L, 2, "per");
            x->who = !who || !strcmp(who, "any") ? 0 : !strcmp(who, "cav") ? 1 : !strcmp(who, "cav-leader") ? 2 : 9;
            x->per = !per ? 9 : !strcmp(per, "block") ? 0 : !strcmp(per, "unit") ? 1 : !strcmp(per, "two-units") ? 2 : 9;
            if (x->who == 9 || x->per == 9) {
                rc = lerr(L, WG_EDATA, "exit: who= any|cav|cav-leader and per= block|unit|two-units");
                break;
            }
            x->ordered = (uint8_t)has_word(L, 2, "ordered");
            x->nocossack = (uint8_t)has_word(L, 2, "nocossack");
            rd->nexit++;
        } else if (strcmp(kw, "scoring") == 0) {
            if (nf(L) != 2 || strcmp(fld(L, 1), "blocks") != 0)
                rc = lerr(L, WG_EDATA, "scoring blocks");
            rd->scoring_blocks = 1;
        } else if (strcmp(kw, "recruits") == 0 || strcmp(kw, "mother-russia") == 0 || strcmp(kw, "reinforce") == 0) {
            static const char *const keys[] = {"side", "hex", NULL};
            static const char *const words[] = {"nosabers", NULL};
            int p;
            if ((rc = check_keys(L, 1, keys, words)) || (rc = num(L, kv(L, 1, "side"), "side", 0, 1, &p)))
                break;
            if (kw[0] == 'r' && kw[2] == 'c')
                rd->recruits[p] = 1;
            else if (kw[0] == 'm')
                rd->mother_russia[p] = (uint8_t)(1 + has_word(L, 1, "nosabers"));
            else {
                int h;
                if ((rc = hex_field(L, kv(L, 1, "hex"), "hex", &h)))
                    break;
                rd->reinforce_side = (uint8_t)p;
                rd->reinforce_hex = (uint8_t)h;
                rd->have_reinforce = 1;
            }
        } else if (strcmp(kw, "sudden") == 0) {
            static const char *const keys[] = {"side", "elim", "arms", "occupy", "by", "when", NULL};
            static const char *const words[] = {"nocossack", NULL};
            if ((rc = check_keys(L, 2, keys, words)))
                break;
            if (rd->nsudden >= 2) {
                rc = lerr(L, WG_EDATA, "more than 2 sudden-death records");
                break;
            }
            ccn_sudden *x = &rd->sudden[rd->nsudden];
            memset(x, 0, sizeof *x);
            int p;
            if ((rc = copy_name(L, x->name, fld(L, 1), "NAME")) || (rc = num(L, kv(L, 2, "side"), "side", 0, 1, &p)))
                break;
            x->side = (int8_t)p;
            if (kv(L, 2, "occupy")) {
                int h, by;
                if ((rc = hex_field(L, kv(L, 2, "occupy"), "occupy", &h)) || (rc = num(L, kv(L, 2, "by"), "by", 0, 1, &by)))
                    break;
                const char *w = kv(L, 2, "when");
                x->occupy = 1;
                x->hex = (uint8_t)h;
                x->by = (int8_t)by;
                x->sot = w && strcmp(w, "sot") == 0;
                if (w && strcmp(w, "sot") && strcmp(w, "now")) {
                    rc = lerr(L, WG_EDATA, "sudden: when= must be now or sot");
                    break;
                }
            } else {
                int e;
                if ((rc = num(L, kv(L, 2, "elim"), "elim", 1, 99, &e)) ||
                    (rc = arms_of(L, kv(L, 2, "arms"), &x->arms, "arms")))
                    break;
                if (!x->arms) {
                    rc = lerr(L, WG_EDATA, "sudden: elim= needs arms=");
                    break;
                }
                x->elim = (uint8_t)e;
                x->nocossack = (uint8_t)has_word(L, 2, "nocossack");
            }
            rd->nsudden++;
        } else if (strcmp(kw, "fortified") == 0) {
            int h;
            if (nf(L) != 2)
                rc = lerr(L, WG_EDATA, "fortified HEX");
            else if ((rc = hex_field(L, fld(L, 1), "HEX", &h)) == WG_OK && !rd->hfort[h])
                rc = lerr(L, WG_EDATA, "fortified %s: the map gives that hex no fortified hexside", fld(L, 1));
        } else
            rc = lerr(L, WG_EDATA, "unknown record '%.30s'", kw);
    }
    wg_data_free(L->doc);
    L->doc = NULL;
    if (rc == WG_OK && (!have_side[0] || !have_side[1] || !have_first || !have_victory))
        rc = wg__seterr(L->err, WG_EDATA, "ccn scenario: needs both side records, first and victory");
    if (rc == WG_OK && rd->side[0].edge == rd->side[1].edge)
        rc = wg__seterr(L->err, WG_EDATA, "ccn scenario: the two sides need different edges (top, bottom)");
    for (int i = 0; rc == WG_OK && i < rd->nset; i++)
        if (rd->set[i].leader) {
            for (int j = 0; j < rd->nset; j++)
                if (j != i && rd->set[j].leader && rd->set[j].hex == rd->set[i].hex) {
                    char hn[4];
                    ccn_hex_name(rd->set[i].hex, hn);
                    rc = wg__seterr(L->err, WG_EDATA, "ccn scenario: two Leaders at %s", hn);
                    break;
                }
            for (int j = 0; rc == WG_OK && j < rd->nset; j++)
                if (!rd->set[j].leader && rd->set[j].hex == rd->set[i].hex && rd->set[j].side != rd->set[i].side) {
                    char hn[4];
                    ccn_hex_name(rd->set[i].hex, hn);
                    rc = wg__seterr(L->err, WG_EDATA, "ccn scenario: a Leader with an enemy unit at %s", hn);
                }
        }
    return rc;
}

int ccn_load(ccn_rdata *rd, wg_ctx *ctx, const char *base, size_t nbase, const char *orders, size_t norders,
             const char *tac, size_t ntac, const char *map, size_t nmap, const char *scen, size_t nscen, char *err)
{
    ld L = {ctx, NULL, rd, "", err, 0};
    int rc = load_base(&L, rd, base, nbase);
    if (rc == WG_OK)
        rc = load_deck(&L, rd, orders, norders, 0);
    if (rc == WG_OK)
        rc = load_deck(&L, rd, tac, ntac, 1);
    if (rc == WG_OK)
        rc = load_map(&L, rd, map, nmap);
    if (rc == WG_OK)
        rc = load_scenario(&L, rd, scen, nscen);
    return rc;
}

/* Orders of battle: units with a side, a name and named integer attributes. */
#include "internal.h"

#include <limits.h>
#include <string.h>

static void oob_destroy(wg_oob *oob)
{
    wg_ctx *ctx = oob->ctx;
    for (size_t i = 0; i < oob->nunit; i++) {
        wg_oob_unit *u = &oob->units[i];
        for (size_t j = 0; j < u->nattr; j++)
            wg__strfree(ctx, u->attrs[j].key);
        wg__free(ctx, u->attrs, u->capattr * sizeof *u->attrs);
        wg__strfree(ctx, u->name);
    }
    wg__free(ctx, oob->units, oob->capunit * sizeof *oob->units);
    wg__free(ctx, oob, sizeof *oob);
}

static wg_oob *oob_create(wg_ctx *ctx)
{
    wg_oob *oob = wg__alloc(ctx, sizeof *oob);
    if (oob) {
        oob->ctx = ctx;
        wg__ref_init(&oob->refs);
    }
    return oob;
}

int wg_oob_new(wg_oob **out, wg_ctx *ctx)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_oob_new: out is NULL");
    wg_oob *oob = oob_create(ctx);
    if (!oob)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating an order of battle");
    wg__ctx_retain(ctx);
    *out = oob;
    return WG_OK;
}

void wg__oob_retain(wg_oob *oob)
{
    if (oob)
        wg__ref_take(&oob->refs);
}

void wg_oob_free(wg_oob *oob)
{
    if (!oob)
        return;
    if (!wg__ref_drop(&oob->refs))
        return;
    wg_ctx *ctx = oob->ctx;
    oob_destroy(oob);
    wg__ctx_release(ctx);
}

const char *wg_oob_errmsg(const wg_oob *oob)
{
    return oob ? oob->err : "";
}

/* The error buffer is the handle's mutable "last error", even through a const handle. */
/* The message buffer of a handle, NULL for a const handle: calls on a const handle never write it
   (the header's thread contract), they return the status and leave the last message unchanged. */
#define errbuf(h) _Generic((h), wg_oob *: (h)->err, default: (char *)NULL)

/* An attribute key is a non-empty run of printable characters without blanks, '=', '"' or '#',
   so that it can be written back as key=value. */
static bool valid_key(const char *key)
{
    if (!key[0])
        return false;
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        if (*p <= ' ' || *p == 0x7F || *p == '=' || *p == '"' || *p == '#')
            return false;
    return true;
}

static int add_unit(int *out, wg_oob *oob, int side, const char *name, char *err)
{
    if (side < 0)
        return wg__seterr(err, WG_EINVAL, "a unit's side must be 0 or more, not %d", side);
    if (!name || !name[0])
        return wg__seterr(err, WG_EINVAL, "a unit needs a non-empty name");
    if (oob->nunit >= (size_t)INT_MAX)
        return wg__seterr(err, WG_ERANGE, "an order of battle holds at most %d units", INT_MAX);
    /* the copy first, the array last: a failure leaves the capacity (the memory in use) as it was */
    char *copy = wg__strdup(oob->ctx, name);
    if (!copy)
        return wg__seterr(err, WG_ENOMEM, "out of memory adding unit '%.60s'", name);
    void *arr = oob->units;
    if (wg__grow(oob->ctx, &arr, &oob->capunit, oob->nunit + 1, sizeof *oob->units) != WG_OK) {
        wg__strfree(oob->ctx, copy);
        return wg__seterr(err, WG_ENOMEM, "out of memory adding unit '%.60s'", name);
    }
    oob->units = arr;
    wg_oob_unit *u = &oob->units[oob->nunit];
    memset(u, 0, sizeof *u);
    u->side = side;
    u->name = copy;
    if (out)
        *out = (int)oob->nunit;
    oob->nunit++;
    return WG_OK;
}

static wg_oob_kv *find_attr(const wg_oob_unit *u, const char *key)
{
    for (size_t j = 0; j < u->nattr; j++)
        if (strcmp(u->attrs[j].key, key) == 0)
            return &u->attrs[j];
    return NULL;
}

static int set_attr(wg_oob *oob, size_t unit, const char *key, int64_t value, char *err)
{
    if (!key || !valid_key(key))
        return wg__seterr(err, WG_EINVAL, "bad attribute key '%.40s' (non-empty, no blanks, '=', '\"' or '#')",
                          key ? key : "(null)");
    wg_oob_unit *u = &oob->units[unit];
    wg_oob_kv *kv = find_attr(u, key);
    if (kv) {
        kv->value = value;
        return WG_OK;
    }
    /* the copy first, the array last: a failure leaves the capacity (the memory in use) as it was */
    char *copy = wg__strdup(oob->ctx, key);
    if (!copy)
        return wg__seterr(err, WG_ENOMEM, "out of memory setting attribute '%.40s'", key);
    void *arr = u->attrs;
    if (wg__grow(oob->ctx, &arr, &u->capattr, u->nattr + 1, sizeof *u->attrs) != WG_OK) {
        wg__strfree(oob->ctx, copy);
        return wg__seterr(err, WG_ENOMEM, "out of memory setting attribute '%.40s'", key);
    }
    u->attrs = arr;
    u->attrs[u->nattr].key = copy;
    u->attrs[u->nattr].value = value;
    u->nattr++;
    return WG_OK;
}

int wg_oob_add(int *out, wg_oob *oob, int side, const char *name)
{
    if (!oob)
        return WG_EINVAL;
    return add_unit(out, oob, side, name, oob->err);
}

int wg_oob_count(int *out, const wg_oob *oob)
{
    if (!out || !oob)
        return WG_EINVAL;
    *out = (int)oob->nunit;
    return WG_OK;
}

static int check_unit(char *eb, const wg_oob *oob, int unit)
{
    if (unit < 0 || (size_t)unit >= oob->nunit)
        return wg__seterr(eb, WG_ERANGE, "unit %d is out of range (%zu units)", unit, oob->nunit);
    return WG_OK;
}

int wg_oob_side(int *out, const wg_oob *oob, int unit)
{
    if (!out || !oob)
        return WG_EINVAL;
    int rc = check_unit(errbuf(oob), oob, unit);
    if (rc != WG_OK)
        return rc;
    *out = oob->units[unit].side;
    return WG_OK;
}

int wg_oob_name(const char **out, const wg_oob *oob, int unit)
{
    if (!out || !oob)
        return WG_EINVAL;
    int rc = check_unit(errbuf(oob), oob, unit);
    if (rc != WG_OK)
        return rc;
    *out = oob->units[unit].name;
    return WG_OK;
}

int wg_oob_set_attr(wg_oob *oob, int unit, const char *key, int64_t value)
{
    if (!oob)
        return WG_EINVAL;
    int rc = check_unit(errbuf(oob), oob, unit);
    if (rc != WG_OK)
        return rc;
    return set_attr(oob, (size_t)unit, key, value, oob->err);
}

int wg_oob_attr(int64_t *out, const wg_oob *oob, int unit, const char *key)
{
    if (!out || !oob)
        return WG_EINVAL;
    if (!key)
        return wg__seterr(errbuf(oob), WG_EINVAL, "wg_oob_attr: key is NULL");
    int rc = check_unit(errbuf(oob), oob, unit);
    if (rc != WG_OK)
        return rc;
    const wg_oob_kv *kv = find_attr(&oob->units[unit], key);
    if (!kv)
        return wg__seterr(errbuf(oob), WG_ENOTFOUND, "unit %d (%.60s) has no attribute '%.40s'", unit,
                          oob->units[unit].name, key);
    *out = kv->value;
    return WG_OK;
}

/* ---- documents of kind `oob` ---- */

static int load_unit(wg_oob *oob, const wg_data *d, size_t r, char *err)
{
    size_t line = d->rec_line[r];
    size_t nf = wg__data_nfield(d, r);
    if (nf < 3)
        return wg__seterr(err, WG_EPARSE, "oob line %zu: expected 'unit SIDE NAME [key=value ...]'", line);
    long long side;
    const char *sf = wg__data_get(d, r, 1);
    if (wg__parse_int(sf, &side) != 0 || side < 0 || side > INT_MAX)
        return wg__seterr(err, WG_EPARSE, "oob line %zu: the side '%.20s' is not an integer 0..%d", line, sf, INT_MAX);
    const char *name = wg__data_get(d, r, 2);
    if (!name[0])
        return wg__seterr(err, WG_EPARSE, "oob line %zu: the unit name is empty", line);
    int id;
    int rc = add_unit(&id, oob, (int)side, name, err);
    if (rc != WG_OK)
        return rc == WG_ENOMEM ? rc : wg__seterr(err, WG_EPARSE, "oob line %zu: too many units", line);
    for (size_t f = 3; f < nf; f++) {
        const char *kvs = wg__data_get(d, r, f);
        const char *eq = strchr(kvs, '=');
        if (!eq || eq == kvs)
            return wg__seterr(err, WG_EPARSE, "oob line %zu: expected key=value, not '%.40s'", line, kvs);
        char key[64];
        size_t klen = (size_t)(eq - kvs);
        if (klen >= sizeof key)
            return wg__seterr(err, WG_EPARSE, "oob line %zu: attribute key '%.40s...' is longer than %zu bytes", line,
                              kvs, sizeof key - 1);
        memcpy(key, kvs, klen);
        key[klen] = '\0';
        if (!valid_key(key))
            return wg__seterr(err, WG_EPARSE, "oob line %zu: bad attribute key '%s'", line, key);
        long long v;
        if (wg__parse_int(eq + 1, &v) != 0)
            return wg__seterr(err, WG_EPARSE, "oob line %zu: the value of '%s' is not a 64-bit integer: '%.40s'",
                              line, key, eq + 1);
        if (find_attr(&oob->units[id], key))
            return wg__seterr(err, WG_EPARSE, "oob line %zu: attribute '%s' is given twice", line, key);
        rc = set_attr(oob, (size_t)id, key, (int64_t)v, err);
        if (rc != WG_OK)
            return rc;
    }
    return WG_OK;
}

int wg_oob_load(wg_oob **out, wg_ctx *ctx, const char *buf, size_t len)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_oob_load: out is NULL");
    wg_data *d = NULL;
    int rc = wg__data_open(&d, ctx, buf, len, "oob");
    if (rc != WG_OK)
        return rc;
    wg_oob *oob = oob_create(ctx);
    if (!oob) {
        wg_data_free(d);
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory creating an order of battle");
    }
    for (size_t r = 0; r < d->nrec && rc == WG_OK; r++) {
        const char *kw = wg__data_get(d, r, 0);
        if (strcmp(kw, "unit") == 0)
            rc = load_unit(oob, d, r, ctx->err);
        else
            rc = wg__ctx_err(ctx, WG_EPARSE, "oob line %zu: unknown record '%.40s' (expected unit)", d->rec_line[r],
                             kw);
    }
    wg_data_free(d);
    if (rc != WG_OK) {
        oob_destroy(oob);
        return rc;
    }
    wg__ctx_retain(ctx);
    *out = oob;
    return WG_OK;
}

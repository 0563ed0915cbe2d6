/* Les Aigles: loader helpers. */
#include "la_load.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int la_lerr(la_ld *L, int st, const char *fmt, ...)
{
    size_t line = 0;
    char msg[220];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    wg_data_line(&line, L->doc, L->rec);
    if (L->err)
        snprintf(L->err, WG_ERRMSG_CAP, "aigles %s line %zu: %s", L->what, line, msg);
    return st;
}

size_t la_nf(const la_ld *L) { return wg__data_nfield(L->doc, L->rec); }

const char *la_fld(const la_ld *L, size_t i) { return i < la_nf(L) ? wg__data_get(L->doc, L->rec, i) : NULL; }

const char *la_kv(const la_ld *L, size_t from, const char *key)
{
    size_t kl = strlen(key);
    for (size_t i = from; i < la_nf(L); i++) {
        const char *f = la_fld(L, i);
        if (strncmp(f, key, kl) == 0 && f[kl] == '=')
            return f + kl + 1;
    }
    return NULL;
}

int la_has_word(const la_ld *L, size_t from, const char *w)
{
    for (size_t i = from; i < la_nf(L); i++)
        if (strcmp(la_fld(L, i), w) == 0)
            return 1;
    return 0;
}

int la_check_keys(la_ld *L, size_t from, const char *const *keys, const char *const *words)
{
    for (size_t i = from; i < la_nf(L); i++) {
        const char *f = la_fld(L, i);
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
            return la_lerr(L, WG_EDATA, "'%s' record: unknown field '%.40s'", la_fld(L, 0), f);
        size_t n = eq ? (size_t)(eq - f) + 1 : strlen(f) + 1;
        for (size_t j = from; j < i; j++)
            if (strncmp(f, la_fld(L, j), n) == 0)
                return la_lerr(L, WG_EDATA, "'%s' record: field '%.40s' is given twice", la_fld(L, 0), f);
    }
    return WG_OK;
}

int la_num(la_ld *L, const char *s, const char *what, int lo, int hi, int *out)
{
    long long v;
    if (!s)
        return la_lerr(L, WG_EDATA, "'%s' record: missing %s= (%d..%d)", la_fld(L, 0), what, lo, hi);
    if (wg__parse_int(s, &v) != 0)
        return la_lerr(L, WG_EDATA, "'%s' record: %s '%.24s' is not an integer (%d..%d)", la_fld(L, 0), what, s, lo,
                       hi);
    if (v < lo || v > hi)
        return la_lerr(L, WG_EDATA, "'%s' record: %s %lld is out of range (%d..%d)", la_fld(L, 0), what, v, lo, hi);
    *out = (int)v;
    return WG_OK;
}

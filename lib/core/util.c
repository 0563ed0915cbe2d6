/* Version, status strings, error messages and text output helpers. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

const char *wg_version(void)
{
    return WG_VERSION_STRING;
}

uint32_t wg_version_number(void)
{
    return (uint32_t)WG_VERSION_NUMBER;
}

const char *wg_status_str(int status)
{
    switch (status) {
    case WG_OK: return "ok";
    case WG_EINVAL: return "invalid argument";
    case WG_ENOMEM: return "out of memory";
    case WG_ERANGE: return "id or index out of range";
    case WG_ESTATE: return "not valid in the current state";
    case WG_EILLEGAL: return "illegal under the rules";
    case WG_ECORRUPT: return "corrupt or truncated data";
    case WG_EVERSION: return "unsupported format version";
    case WG_EPARSE: return "data does not parse";
    case WG_ETABLEGAP: return "table cell not printed and not supplied";
    case WG_ENOTFOUND: return "not found";
    case WG_ERULESET: return "handle of another ruleset or map kind";
    case WG_EBUFSIZE: return "output buffer too small";
    case WG_EDATA: return "required game data missing";
    case WG_EBUSY: return "context still owns live handles";
    case WG_EOVERFLOW: return "result does not fit";
    default: return "unknown status";
    }
}

int wg__vseterr(char *buf, int status, const char *fmt, va_list ap)
{
    if (buf) /* NULL: a call on a const handle, which writes nothing */
        vsnprintf(buf, WG_ERRMSG_CAP, fmt, ap);
    return status;
}

int wg__seterr(char *buf, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    wg__vseterr(buf, status, fmt, ap);
    va_end(ap);
    return status;
}

void wg__sb_init(wg_sb *sb, char *buf, size_t cap)
{
    sb->buf = buf;
    sb->cap = cap;
    sb->len = 0;
    if (buf && cap)
        buf[0] = '\0';
}

void wg__sb_printf(wg_sb *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = sb->len < sb->cap ? sb->cap - sb->len : 0;
    if (fmt[0] == '%' && fmt[1] == 's' && fmt[2] == '\0') {
        /* a plain string, the most common case (labels and names in a search's hot path), copied as
           vsnprintf would: what fits, terminated, and the length counted in full */
        const char *text = va_arg(ap, const char *);
        va_end(ap);
        if (!text)
            text = "(null)";
        size_t n = strlen(text);
        if (room) {
            size_t k = n < room - 1 ? n : room - 1;
            memcpy(sb->buf + sb->len, text, k);
            sb->buf[sb->len + k] = '\0';
        }
        sb->len += n;
        return;
    }
    int n = vsnprintf(room ? sb->buf + sb->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        sb->len += (size_t)n;
}

int wg__sb_finish(wg_sb *sb, size_t *len)
{
    if (len)
        *len = sb->len;
    if (sb->buf && sb->cap && sb->len >= sb->cap)
        return WG_EBUFSIZE;
    if (!sb->buf && sb->cap)
        return WG_EINVAL;
    return WG_OK;
}

int wg__out_text(char *buf, size_t cap, size_t *len, const char *text)
{
    if (!buf && cap)
        return WG_EINVAL;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    wg__sb_printf(&sb, "%s", text);
    return wg__sb_finish(&sb, len);
}

/* The n strings at items, stride bytes apart, up to the first NULL, as "a, b, c" in out; with
   `and`, the last two joined by " and ". */
static void opt_list(char *out, size_t cap, const char *const *items, size_t stride, int n, int and)
{
    int count = 0;
    while (count < n && *(const char *const *)(const void *)((const char *)items + (size_t)count * stride))
        count++;
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        const char *it = *(const char *const *)(const void *)((const char *)items + (size_t)i * stride);
        if (!it)
            break;
        const char *sep = i == 0 ? "" : (and && i == count - 1) ? " and " : ", ";
        int w = snprintf(out + len, cap - len, "%s%s", sep, it);
        if (w < 0 || (size_t)w >= cap - len)
            break;
        len += (size_t)w;
    }
}

int wg__parse_options(char *err, const char *who, const char *doc, const wg__optdef *defs, int n, const char *s,
                      uint8_t *opt)
{
    uint8_t val[32] = {0}, seen[32] = {0};
    char list[160];
    if (n > 32)
        return wg__seterr(err, WG_EINVAL, "%s options: too many options defined", who);
    const char *p = s ? s : "";
    while (*p) {
        while (*p == ',' || *p == ' ')
            p++;
        if (!*p)
            break;
        size_t len = strcspn(p, ", ");
        char tok[48];
        if (len >= sizeof tok)
            return wg__seterr(err, WG_EINVAL, "%s options: token '%.40s...' is too long", who, p);
        memcpy(tok, p, len);
        tok[len] = '\0';
        p += len;
        char *eq = strchr(tok, '=');
        int k = -1;
        if (eq) {
            *eq = '\0';
            for (int i = 0; i < n && k < 0; i++)
                if (strcmp(tok, defs[i].key) == 0)
                    k = i;
        }
        if (k < 0) {
            opt_list(list, sizeof list, &defs[0].key, sizeof defs[0], n, 0);
            return wg__seterr(err, WG_EINVAL, "%s options: unknown option '%.40s' (%s; %s)", who, tok, list, doc);
        }
        if (seen[k])
            return wg__seterr(err, WG_EINVAL, "%s options: '%s' is given twice", who, tok);
        seen[k] = 1;
        int v = -1;
        for (int j = 0; j < 4 && defs[k].values[j] && v < 0; j++)
            if (strcmp(eq + 1, defs[k].values[j]) == 0)
                v = j;
        if (v < 0) {
            opt_list(list, sizeof list, defs[k].values, sizeof defs[k].values[0], 4, 1);
            return wg__seterr(err, WG_EINVAL, "%s options: %s=%.20s: the values are %s", who, tok, eq + 1, list);
        }
        val[k] = (uint8_t)v;
    }
    memcpy(opt, val, (size_t)n);
    return WG_OK;
}

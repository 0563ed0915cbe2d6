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

/* The line-oriented data format: the one text format of the library (see doc/data-format.md). */
#include "internal.h"

#include <limits.h>
#include <string.h>

#define WG_DATA_MAX_LINE 65536u

/* A parser in progress: every array is owned by `d` and freed by data_destroy on failure. */
typedef struct parser {
    wg_ctx *ctx;
    wg_data *d;
    size_t tpos;    /* next free byte of d->text */
    bool header;    /* the header record was seen */
} parser;

static void data_destroy(wg_ctx *ctx, wg_data *d)
{
    if (!d)
        return;
    wg__free(ctx, d->text, d->textsize);
    wg__free(ctx, d->rec_first, d->caprec_first * sizeof *d->rec_first);
    wg__free(ctx, d->rec_line, d->caprec_line * sizeof *d->rec_line);
    wg__free(ctx, (void *)d->fields, d->capfield * sizeof *d->fields);
    wg__free(ctx, d, sizeof *d);
}

static int grow_array(wg_ctx *ctx, void *arrp, size_t *cap, size_t need, size_t elem)
{
    void *arr;
    memcpy(&arr, arrp, sizeof arr);
    int rc = wg__grow(ctx, &arr, cap, need, elem);
    if (rc == WG_OK)
        memcpy(arrp, &arr, sizeof arr);
    return rc;
}

/* Length of the valid UTF-8 sequence starting at s (n bytes available), 0 when invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned min;
    unsigned cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
        cp = c & 0x1Fu;
        min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        cp = c & 0x0Fu;
        min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        cp = c & 0x07u;
        min = 0x10000;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0u) != 0x80u)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFFu || (cp >= 0xD800u && cp <= 0xDFFFu))
        return 0;
    return len;
}

static int perr_at(parser *p, size_t line, size_t col, const char *what)
{
    return wg__ctx_err(p->ctx, WG_EPARSE, "data line %zu, column %zu: %s", line, col, what);
}

/* Checks one non-blank byte that is not a quote, backslash-escape or structural character.
   Returns the number of bytes it spans (UTF-8), or 0 after setting the error. */
static size_t check_char(parser *p, const unsigned char *s, size_t n, size_t i, size_t line)
{
    unsigned c = s[i];
    if (c == 0) {
        perr_at(p, line, i + 1, "NUL byte");
        return 0;
    }
    if (c == '\r') {
        perr_at(p, line, i + 1, "carriage return not followed by a line feed");
        return 0;
    }
    if (c < 0x20 || c == 0x7F) {
        wg__ctx_err(p->ctx, WG_EPARSE, "data line %zu, column %zu: control character 0x%02X", line, i + 1, c);
        return 0;
    }
    size_t k = utf8_len(s + i, n - i);
    if (k == 0)
        perr_at(p, line, i + 1, "invalid UTF-8");
    return k;
}

static int push_field(parser *p, size_t start)
{
    wg_data *d = p->d;
    if (grow_array(p->ctx, &d->fields, &d->capfield, d->nfield + 1, sizeof *d->fields) != WG_OK)
        return wg__ctx_err(p->ctx, WG_ENOMEM, "out of memory parsing data");
    d->fields[d->nfield++] = d->text + start;
    return WG_OK;
}

static int end_record(parser *p, size_t first, size_t line)
{
    wg_data *d = p->d;
    if (!p->header) {
        size_t nf = d->nfield - first;
        if (nf == 0 || strcmp(d->fields[first], "wgdata") != 0)
            return wg__ctx_err(p->ctx, WG_EPARSE,
                               "data line %zu: the first record must be the header 'wgdata 1 KIND'", line);
        if (nf != 3)
            return wg__ctx_err(p->ctx, WG_EPARSE,
                               "data line %zu: the header must have exactly 3 fields 'wgdata 1 KIND', not %zu",
                               line, nf);
        if (strcmp(d->fields[first + 1], "1") != 0)
            return wg__ctx_err(p->ctx, WG_EPARSE,
                               "data line %zu: unsupported data format version '%.40s' (this library reads version 1)",
                               line, d->fields[first + 1]);
        if (d->fields[first + 2][0] == '\0')
            return wg__ctx_err(p->ctx, WG_EPARSE, "data line %zu: the header's KIND is empty", line);
        d->kind = (char *)d->fields[first + 2];
        d->nfield = first; /* the header is not a record */
        p->header = true;
        return WG_OK;
    }
    if (grow_array(p->ctx, &d->rec_first, &d->caprec_first, d->nrec + 2, sizeof *d->rec_first) != WG_OK ||
        grow_array(p->ctx, &d->rec_line, &d->caprec_line, d->nrec + 1, sizeof *d->rec_line) != WG_OK)
        return wg__ctx_err(p->ctx, WG_ENOMEM, "out of memory parsing data");
    d->rec_first[d->nrec] = first;
    d->rec_line[d->nrec] = line;
    d->nrec++;
    return WG_OK;
}

/* Parses one line s[0..n) (terminator removed). */
static int parse_line(parser *p, const unsigned char *s, size_t n, size_t line)
{
    wg_data *d = p->d;
    char *t = d->text;
    size_t first = d->nfield;
    size_t i = 0;
    for (;;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i == n)
            break;
        if (s[i] == '#' && !(i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9'))
            break; /* a comment runs to the end of the line */
        size_t start = p->tpos;
        while (i < n && s[i] != ' ' && s[i] != '\t') {
            if (s[i] == '"') {
                size_t qcol = i + 1;
                i++;
                for (;;) {
                    if (i == n)
                        return perr_at(p, line, qcol, "unterminated quoted string");
                    if (s[i] == '"') {
                        i++;
                        break;
                    }
                    if (s[i] == '\\') {
                        if (i + 1 == n)
                            return perr_at(p, line, i + 1, "unterminated quoted string (backslash at end of line)");
                        unsigned e = s[i + 1];
                        if (e == '"' || e == '\\')
                            t[p->tpos++] = (char)e;
                        else if (e == 'n')
                            t[p->tpos++] = '\n';
                        else
                            return perr_at(p, line, i + 1, "bad escape (only \\\" \\\\ and \\n are allowed)");
                        i += 2;
                        continue;
                    }
                    if (s[i] == '\t') {
                        t[p->tpos++] = '\t';
                        i++;
                        continue;
                    }
                    size_t k = check_char(p, s, n, i, line);
                    if (k == 0)
                        return WG_EPARSE;
                    memcpy(t + p->tpos, s + i, k);
                    p->tpos += k;
                    i += k;
                }
                continue;
            }
            size_t k = check_char(p, s, n, i, line);
            if (k == 0)
                return WG_EPARSE;
            memcpy(t + p->tpos, s + i, k);
            p->tpos += k;
            i += k;
        }
        t[p->tpos++] = '\0';
        int rc = push_field(p, start);
        if (rc != WG_OK)
            return rc;
    }
    if (d->nfield == first)
        return WG_OK; /* blank or comment-only line */
    return end_record(p, first, line);
}

int wg_data_parse(wg_data **out, wg_ctx *ctx, const char *buf, size_t len)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return WG_EINVAL;
    if (!out)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_data_parse: out is NULL");
    if (!buf)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_data_parse: buf is NULL");
    if (len >= SIZE_MAX / 2)
        return wg__ctx_err(ctx, WG_EINVAL, "wg_data_parse: len is too large");

    wg_data *d = wg__alloc(ctx, sizeof *d);
    if (!d)
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory parsing data");
    d->ctx = ctx;
    /* Every field of n source bytes takes at most n bytes plus a NUL, and fields are separated by at
       least one byte, so len + 1 bytes always suffice. */
    d->textsize = len + 1;
    d->text = wg__alloc(ctx, d->textsize);
    if (!d->text) {
        d->textsize = 0;
        data_destroy(ctx, d);
        return wg__ctx_err(ctx, WG_ENOMEM, "out of memory parsing data");
    }

    parser p = {ctx, d, 0, false};
    const unsigned char *s = (const unsigned char *)buf;
    size_t pos = 0, line = 1;
    if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
        pos = 3; /* a UTF-8 byte order mark is skipped */
    int rc = WG_OK;
    while (pos < len) {
        const unsigned char *nl = memchr(s + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - s) : len;
        size_t n = end - pos;
        if (n > 0 && s[end - 1] == '\r')
            n--;
        if (n > WG_DATA_MAX_LINE) {
            rc = wg__ctx_err(ctx, WG_EPARSE, "data line %zu, column %u: line longer than %u bytes", line,
                             WG_DATA_MAX_LINE + 1, WG_DATA_MAX_LINE);
            break;
        }
        rc = parse_line(&p, s + pos, n, line);
        if (rc != WG_OK)
            break;
        pos = nl ? end + 1 : len;
        line++;
    }
    if (rc == WG_OK && !p.header)
        rc = wg__ctx_err(ctx, WG_EPARSE, "data line %zu: missing header 'wgdata 1 KIND' (the document is empty)",
                         line);
    if (rc == WG_OK && grow_array(ctx, &d->rec_first, &d->caprec_first, d->nrec + 1, sizeof *d->rec_first) != WG_OK)
        rc = wg__ctx_err(ctx, WG_ENOMEM, "out of memory parsing data");
    if (rc != WG_OK) {
        data_destroy(ctx, d);
        return rc;
    }
    d->rec_first[d->nrec] = d->nfield;
    wg__ctx_retain(ctx);
    *out = d;
    return WG_OK;
}

void wg_data_free(wg_data *doc)
{
    if (!doc)
        return;
    wg_ctx *ctx = doc->ctx;
    data_destroy(ctx, doc);
    wg__ctx_release(ctx);
}

const char *wg_data_kind(const wg_data *doc)
{
    return doc ? doc->kind : NULL;
}

int wg_data_record_count(size_t *out, const wg_data *doc)
{
    if (!out || !doc)
        return WG_EINVAL;
    *out = doc->nrec;
    return WG_OK;
}

static int check_rec(const wg_data *doc, size_t rec)
{
    if (rec >= doc->nrec)
        return wg__seterr(NULL /* const handle: status only */, WG_ERANGE, "record %zu is out of range (the document has %zu)",
                          rec, doc->nrec);
    return WG_OK;
}

int wg_data_field_count(size_t *out, const wg_data *doc, size_t rec)
{
    if (!out || !doc)
        return WG_EINVAL;
    int rc = check_rec(doc, rec);
    if (rc != WG_OK)
        return rc;
    *out = doc->rec_first[rec + 1] - doc->rec_first[rec];
    return WG_OK;
}

int wg_data_field(const char **out, const wg_data *doc, size_t rec, size_t field)
{
    if (!out || !doc)
        return WG_EINVAL;
    int rc = check_rec(doc, rec);
    if (rc != WG_OK)
        return rc;
    size_t nf = doc->rec_first[rec + 1] - doc->rec_first[rec];
    if (field >= nf)
        return wg__seterr(NULL /* const handle: status only */, WG_ERANGE, "field %zu of record %zu (line %zu) is out of range "
                          "(the record has %zu)", field, rec, doc->rec_line[rec], nf);
    *out = doc->fields[doc->rec_first[rec] + field];
    return WG_OK;
}

int wg_data_line(size_t *out, const wg_data *doc, size_t rec)
{
    if (!out || !doc)
        return WG_EINVAL;
    int rc = check_rec(doc, rec);
    if (rc != WG_OK)
        return rc;
    *out = doc->rec_line[rec];
    return WG_OK;
}

const char *wg_data_errmsg(const wg_data *doc)
{
    return doc ? doc->err : "";
}

/* ---- helpers for loaders ---- */

int wg__parse_int(const char *s, long long *out)
{
    if (!s || !out)
        return -1;
    const char *q = s;
    bool neg = false;
    if (*q == '+' || *q == '-') {
        neg = *q == '-';
        q++;
    }
    if (*q < '0' || *q > '9')
        return -1;
    unsigned long long v = 0;
    const unsigned long long lim = neg ? (unsigned long long)LLONG_MAX + 1u : (unsigned long long)LLONG_MAX;
    for (; *q; q++) {
        if (*q < '0' || *q > '9')
            return -1;
        unsigned dg = (unsigned)(*q - '0');
        if (v > (lim - dg) / 10u)
            return -1;
        v = v * 10u + dg;
    }
    if (neg)
        *out = v == (unsigned long long)LLONG_MAX + 1u ? LLONG_MIN : -(long long)v;
    else
        *out = (long long)v;
    return 0;
}

int wg__data_open(wg_data **out, wg_ctx *ctx, const char *buf, size_t len, const char *kind)
{
    wg_data *d = NULL;
    int rc = wg_data_parse(&d, ctx, buf, len);
    if (rc != WG_OK)
        return rc;
    if (kind && strcmp(d->kind, kind) != 0) {
        rc = wg__ctx_err(ctx, WG_EPARSE, "data line 1: expected a document of kind '%s', not '%.60s'", kind,
                         d->kind);
        wg_data_free(d);
        return rc;
    }
    *out = d;
    return WG_OK;
}

size_t wg__data_nfield(const wg_data *doc, size_t rec)
{
    return doc->rec_first[rec + 1] - doc->rec_first[rec];
}

const char *wg__data_get(const wg_data *doc, size_t rec, size_t field)
{
    return doc->fields[doc->rec_first[rec] + field];
}

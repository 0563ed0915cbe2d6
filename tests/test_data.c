/* The line-oriented data format (lib/core/data.c, doc/data-format.md). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testutil.h"

/* Parses a NUL-terminated string; returns the status and leaves the document in *out. */
static int parse(wg_data **out, wg_ctx *ctx, const char *s)
{
    *out = NULL;
    return wg_data_parse(out, ctx, s, strlen(s));
}

static const char *field(const wg_data *d, size_t rec, size_t f)
{
    const char *s = NULL;
    ck_assert_int_eq(wg_data_field(&s, d, rec, f), WG_OK);
    return s;
}

static size_t nfields(const wg_data *d, size_t rec)
{
    size_t n = 0;
    ck_assert_int_eq(wg_data_field_count(&n, d, rec), WG_OK);
    return n;
}

static size_t nrecs(const wg_data *d)
{
    size_t n = 0;
    ck_assert_int_eq(wg_data_record_count(&n, d), WG_OK);
    return n;
}

static size_t line_of(const wg_data *d, size_t rec)
{
    size_t n = 0;
    ck_assert_int_eq(wg_data_line(&n, d, rec), WG_OK);
    return n;
}

/* Expects a parse error whose context message contains `part`. */
static void expect_parse_error(const char *text, size_t len, const char *part)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d = (wg_data *)&a; /* set to NULL on failure */
    int rc = wg_data_parse(&d, ctx, text, len);
    ck_assert_int_eq(rc, WG_EPARSE);
    ck_assert_ptr_null(d); /* set to NULL on failure */
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), part) != NULL, "message '%s' lacks '%s'", wg_ctx_errmsg(ctx), part);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}

START_TEST(test_basic)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d;
    ck_assert_int_eq(parse(&d, ctx, "wgdata 1 table\nname crt\nrows 6\ncols 1:2 1:1 2:1\n"), WG_OK);
    ck_assert_str_eq(wg_data_kind(d), "table");
    ck_assert_uint_eq(nrecs(d), 3);
    ck_assert_uint_eq(nfields(d, 0), 2);
    ck_assert_str_eq(field(d, 0, 0), "name");
    ck_assert_str_eq(field(d, 0, 1), "crt");
    ck_assert_uint_eq(line_of(d, 0), 2);
    ck_assert_uint_eq(nfields(d, 2), 4);
    ck_assert_str_eq(field(d, 2, 3), "2:1");
    ck_assert_uint_eq(line_of(d, 2), 4);
    size_t live = 0;
    ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
    ck_assert_uint_eq(live, 1);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_EBUSY);
    wg_data_free(d);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_header_only_and_no_final_newline)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d;
    ck_assert_int_eq(parse(&d, ctx, "wgdata 1 map"), WG_OK);
    ck_assert_str_eq(wg_data_kind(d), "map");
    ck_assert_uint_eq(nrecs(d), 0);
    wg_data_free(d);
    ck_assert_int_eq(parse(&d, ctx, "wgdata 1 map\nhex 1 2"), WG_OK);
    ck_assert_uint_eq(nrecs(d), 1);
    ck_assert_str_eq(field(d, 0, 2), "2");
    wg_data_free(d);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_comments_and_blank_lines)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d;
    const char *text = "# a leading comment\n"
                       "\n"
                       "   \t  \n"
                       "wgdata 1 oob   # the header may carry a comment\n"
                       "#unit 0 hidden\n"
                       "unit 0 \"Davout # III\" strength=8 # trailing\n"
                       "   # indented comment\n"
                       "cell #0 #12 a#b ##x\n";
    ck_assert_int_eq(parse(&d, ctx, text), WG_OK);
    ck_assert_str_eq(wg_data_kind(d), "oob");
    ck_assert_uint_eq(nrecs(d), 2);
    ck_assert_uint_eq(nfields(d, 0), 4);
    ck_assert_str_eq(field(d, 0, 2), "Davout # III");
    ck_assert_str_eq(field(d, 0, 3), "strength=8");
    ck_assert_uint_eq(line_of(d, 0), 6);
    /* '#' followed by a digit starts a field (an index); '#' inside a field is literal */
    ck_assert_uint_eq(nfields(d, 1), 4);
    ck_assert_str_eq(field(d, 1, 1), "#0");
    ck_assert_str_eq(field(d, 1, 2), "#12");
    ck_assert_str_eq(field(d, 1, 3), "a#b");
    ck_assert_uint_eq(line_of(d, 1), 8);
    wg_data_free(d);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_quotes_and_escapes)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d;
    const char *text = "wgdata 1 map\n"
                       "zone \"Bad Kissingen\" name=\"Bad Kissingen\" \"name=Bad Kissingen\"\n"
                       "esc \"a\\\"b\" \"c\\\\d\" \"e\\nf\" \"\" x\"\"y \"tab\there\"\n"
                       "mixed ab\"c d\"ef \"#not a comment\"\n"
                       "utf8 \"Eylau \xc3\xa9\xe2\x82\xac\xf0\x9f\x8e\xb2\" M\xc3\xbcnchen\n"
                       "back a\\b\n";
    ck_assert_int_eq(parse(&d, ctx, text), WG_OK);
    ck_assert_uint_eq(nrecs(d), 5);
    ck_assert_str_eq(field(d, 0, 1), "Bad Kissingen");
    ck_assert_str_eq(field(d, 0, 2), "name=Bad Kissingen");
    ck_assert_str_eq(field(d, 0, 3), "name=Bad Kissingen");
    ck_assert_uint_eq(nfields(d, 1), 7);
    ck_assert_str_eq(field(d, 1, 1), "a\"b");
    ck_assert_str_eq(field(d, 1, 2), "c\\d");
    ck_assert_str_eq(field(d, 1, 3), "e\nf");
    ck_assert_str_eq(field(d, 1, 4), ""); /* an empty field */
    ck_assert_str_eq(field(d, 1, 5), "xy");
    ck_assert_str_eq(field(d, 1, 6), "tab\there");
    ck_assert_uint_eq(nfields(d, 2), 3);
    ck_assert_str_eq(field(d, 2, 1), "abc def");
    ck_assert_str_eq(field(d, 2, 2), "#not a comment");
    ck_assert_str_eq(field(d, 3, 1), "Eylau \xc3\xa9\xe2\x82\xac\xf0\x9f\x8e\xb2");
    ck_assert_str_eq(field(d, 3, 2), "M\xc3\xbcnchen");
    ck_assert_str_eq(field(d, 4, 1), "a\\b"); /* a backslash outside quotes is an ordinary byte */
    wg_data_free(d);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_crlf_and_bom)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d;
    ck_assert_int_eq(parse(&d, ctx, "\xef\xbb\xbfwgdata 1 table\r\nname crt\r\n\r\nrows 6\r"), WG_OK);
    ck_assert_str_eq(wg_data_kind(d), "table");
    ck_assert_uint_eq(nrecs(d), 2);
    ck_assert_str_eq(field(d, 0, 1), "crt");
    ck_assert_str_eq(field(d, 1, 1), "6");
    ck_assert_uint_eq(line_of(d, 1), 4);
    wg_data_free(d);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_len_shorter_than_string)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d = NULL;
    const char *text = "wgdata 1 table\nname crt\nrows 6\n";
    /* only the first 18 bytes count: "wgdata 1 table\nnam" */
    ck_assert_int_eq(wg_data_parse(&d, ctx, text, 18), WG_OK);
    ck_assert_uint_eq(nrecs(d), 1);
    ck_assert_uint_eq(nfields(d, 0), 1);
    ck_assert_str_eq(field(d, 0, 0), "nam");
    wg_data_free(d);
    /* cut inside the header */
    d = NULL;
    ck_assert_int_eq(wg_data_parse(&d, ctx, text, 8), WG_EPARSE);
    ck_assert_ptr_null(d);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "exactly 3 fields"));
    /* "wgdata 1 t" is a complete header of kind "t" */
    ck_assert_int_eq(wg_data_parse(&d, ctx, text, 10), WG_OK);
    ck_assert_str_eq(wg_data_kind(d), "t");
    ck_assert_uint_eq(nrecs(d), 0);
    wg_data_free(d);
    d = NULL;
    /* cut inside a quoted string */
    const char *q = "wgdata 1 x\nname \"abc def\"\n";
    ck_assert_int_eq(wg_data_parse(&d, ctx, q, 19), WG_EPARSE);
    ck_assert_str_eq(wg_ctx_errmsg(ctx), "data line 2, column 6: unterminated quoted string");
    /* length zero: an empty document has no header */
    ck_assert_int_eq(wg_data_parse(&d, ctx, text, 0), WG_EPARSE);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "missing header"));
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_input_is_copied)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d;
    char buf[] = "wgdata 1 oob\nunit 0 Ney\n";
    ck_assert_int_eq(wg_data_parse(&d, ctx, buf, strlen(buf)), WG_OK);
    memset(buf, 'x', sizeof buf - 1);
    ck_assert_str_eq(wg_data_kind(d), "oob");
    ck_assert_str_eq(field(d, 0, 2), "Ney");
    wg_data_free(d);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_errors_name_line_and_column)
{
    static const char nul[] = "wgdata 1 x\nab\0cd\n";
    expect_parse_error(nul, sizeof nul - 1, "data line 2, column 3: NUL byte");
    static const char nulq[] = "wgdata 1 x\n\"a\0\"\n";
    expect_parse_error(nulq, sizeof nulq - 1, "data line 2, column 3: NUL byte");
    expect_parse_error("wgdata 1 x\n\nname \"abc\n", 22, "data line 3, column 6: unterminated quoted string");
    expect_parse_error("wgdata 1 x\nname \"ab\\tc\"\n", 24, "data line 2, column 9: bad escape");
    expect_parse_error("wgdata 1 x\nname \"ab\\", 20, "data line 2, column 9: unterminated quoted string");
    expect_parse_error("wgdata 1 x\nname a\rb\n", 20, "data line 2, column 7: carriage return");
    expect_parse_error("wgdata 1 x\nname a\x01z\n", 20, "data line 2, column 7: control character 0x01");
    expect_parse_error("wgdata 1 x\nname \xff\n", 17, "data line 2, column 6: invalid UTF-8");
    expect_parse_error("wgdata 1 x\nname \xc3\n", 17, "data line 2, column 6: invalid UTF-8");
    expect_parse_error("wgdata 1 x\nn \xc0\xaf\n", 15, "column 3: invalid UTF-8");       /* overlong */
    expect_parse_error("wgdata 1 x\nn \xed\xa0\x80\n", 16, "column 3: invalid UTF-8");   /* surrogate */
    expect_parse_error("wgdata 1 x\nn \"\xf4\x90\x80\x80\"\n", 19, "column 4: invalid UTF-8"); /* > U+10FFFF */
}
END_TEST

START_TEST(test_header_errors)
{
    expect_parse_error("", 0, "data line 1: missing header");
    expect_parse_error("# only a comment\n\n", 18, "data line 3: missing header");
    expect_parse_error("name crt\nwgdata 1 table\n", 24, "data line 1: the first record must be the header");
    expect_parse_error("\n\nwgdata 2 table\n", 16, "data line 3: unsupported data format version '2'");
    expect_parse_error("wgdata 01 table\n", 16, "unsupported data format version '01'");
    expect_parse_error("wgdata 1\n", 9, "exactly 3 fields");
    expect_parse_error("wgdata 1 table extra\n", 21, "exactly 3 fields");
    expect_parse_error("wgdata 1 \"\"\n", 12, "KIND is empty");
    expect_parse_error("WGDATA 1 table\n", 15, "the first record must be the header");
}
END_TEST

START_TEST(test_long_lines)
{
    size_t n = 65536;
    size_t total = 11 + n + 1 + 2;
    char *buf = malloc(total + 1);
    ck_assert_ptr_nonnull(buf);
    memcpy(buf, "wgdata 1 x\n", 11);
    memset(buf + 11, 'a', n);
    memcpy(buf + 11 + n, "\r\nb", 3);
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d;
    /* exactly 64 KiB (the \r does not count) is accepted */
    ck_assert_int_eq(wg_data_parse(&d, ctx, buf, total), WG_OK);
    ck_assert_uint_eq(nrecs(d), 2);
    ck_assert_uint_eq(strlen(field(d, 0, 0)), n);
    ck_assert_uint_eq(line_of(d, 1), 3);
    wg_data_free(d);
    /* one byte more is an error naming the line */
    buf[11 + n] = 'a';
    ck_assert_int_eq(wg_data_parse(&d, ctx, buf, total), WG_EPARSE);
    ck_assert_str_eq(wg_ctx_errmsg(ctx), "data line 2, column 65537: line longer than 65536 bytes");
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
    free(buf);
}
END_TEST

START_TEST(test_accessor_errors)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d;
    ck_assert_int_eq(parse(&d, ctx, "wgdata 1 x\nname crt\n"), WG_OK);
    size_t n;
    const char *s;
    ck_assert_int_eq(wg_data_record_count(NULL, d), WG_EINVAL);
    ck_assert_int_eq(wg_data_record_count(&n, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_data_field_count(NULL, d, 0), WG_EINVAL);
    ck_assert_int_eq(wg_data_field_count(&n, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_data_field_count(&n, d, 1), WG_ERANGE);
    ck_assert_str_eq(wg_data_errmsg(d), ""); /* a call on a const document writes no message */
    ck_assert_int_eq(wg_data_field(NULL, d, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_data_field(&s, NULL, 0, 0), WG_EINVAL);
    ck_assert_int_eq(wg_data_field(&s, d, 5, 0), WG_ERANGE);
    ck_assert_int_eq(wg_data_field(&s, d, 0, 2), WG_ERANGE);
    ck_assert_str_eq(wg_data_errmsg(d), "");
    ck_assert_int_eq(wg_data_field(&s, d, 0, SIZE_MAX), WG_ERANGE);
    ck_assert_int_eq(wg_data_line(NULL, d, 0), WG_EINVAL);
    ck_assert_int_eq(wg_data_line(&n, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_data_line(&n, d, SIZE_MAX), WG_ERANGE);
    ck_assert_ptr_null(wg_data_kind(NULL));
    ck_assert_str_eq(wg_data_errmsg(NULL), "");
    wg_data_free(NULL);
    wg_data_free(d);

    wg_data *keep = (wg_data *)&a;
    ck_assert_int_eq(wg_data_parse(&keep, NULL, "wgdata 1 x", 10), WG_EINVAL);
    ck_assert_int_eq(wg_data_parse(NULL, ctx, "wgdata 1 x", 10), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "out is NULL"));
    ck_assert_int_eq(wg_data_parse(&keep, ctx, NULL, 10), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "buf is NULL"));
    ck_assert_int_eq(wg_data_parse(&keep, ctx, "wgdata 1 x", SIZE_MAX), WG_EINVAL);
    ck_assert_ptr_null(keep); /* set to NULL on failure */
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_parse_int)
{
    long long v = 7;
    ck_assert_int_eq(wg__parse_int("0", &v), 0);
    ck_assert_int_eq(v, 0);
    ck_assert_int_eq(wg__parse_int("-42", &v), 0);
    ck_assert_int_eq(v, -42);
    ck_assert_int_eq(wg__parse_int("+17", &v), 0);
    ck_assert_int_eq(v, 17);
    ck_assert_int_eq(wg__parse_int("9223372036854775807", &v), 0);
    ck_assert(v == 9223372036854775807LL);
    ck_assert_int_eq(wg__parse_int("-9223372036854775808", &v), 0);
    ck_assert(v == -9223372036854775807LL - 1);
    v = 5;
    ck_assert_int_ne(wg__parse_int("9223372036854775808", &v), 0);
    ck_assert_int_ne(wg__parse_int("-9223372036854775809", &v), 0);
    ck_assert_int_ne(wg__parse_int("", &v), 0);
    ck_assert_int_ne(wg__parse_int("-", &v), 0);
    ck_assert_int_ne(wg__parse_int("12a", &v), 0);
    ck_assert_int_ne(wg__parse_int(" 12", &v), 0);
    ck_assert_int_ne(wg__parse_int("0x10", &v), 0);
    ck_assert_int_ne(wg__parse_int(NULL, &v), 0);
    ck_assert_int_ne(wg__parse_int("1", NULL), 0);
    ck_assert_int_eq(v, 5);
}
END_TEST

START_TEST(test_data_open_kind)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_data *d = NULL;
    ck_assert_int_eq(wg__data_open(&d, ctx, "wgdata 1 map\nx 1\n", 17, "table"), WG_EPARSE);
    ck_assert_ptr_null(d);
    ck_assert_str_eq(wg_ctx_errmsg(ctx), "data line 1: expected a document of kind 'table', not 'map'");
    ck_assert_int_eq(wg__data_open(&d, ctx, "wgdata 1 map\nx 1\n", 17, "map"), WG_OK);
    ck_assert_uint_eq(wg__data_nfield(d, 0), 2);
    ck_assert_str_eq(wg__data_get(d, 0, 1), "1");
    wg_data_free(d);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_oom)
{
    /* enough records to make every array grow more than once */
    static const char text[] = "wgdata 1 table\n"
                               "a 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n"
                               "b 1\nc 2\nd 3\ne 4\nf 5\ng 6\nh 7\ni 8\nj 9\nk 10\n"
                               "l \"quoted field\" x=\"y z\"\n";
    int succeeded = 0;
    for (uint64_t n = 1; n < 200 && !succeeded; n++) {
        wgt_alloc a = {0};
        wg_ctx *ctx = wgt_ctx(&a);
        a.fail_at = a.calls + n;
        wg_data *d = (wg_data *)&a;
        int rc = wg_data_parse(&d, ctx, text, sizeof text - 1);
        if (rc == WG_OK) {
            succeeded = 1;
            ck_assert_uint_eq(nrecs(d), 12);
            ck_assert_str_eq(field(d, 11, 2), "x=y z");
            wg_data_free(d);
        } else {
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_ptr_null(d); /* set to NULL on failure */
            size_t live = 9;
            ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
            ck_assert_uint_eq(live, 0);
        }
        a.fail_at = 0;
        ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
        ck_assert_uint_eq(a.bytes, 0);
        ck_assert_uint_eq(a.blocks, 0);
    }
    ck_assert_int_eq(succeeded, 1);
}
END_TEST

START_TEST(test_memory_limit)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    size_t base = 0, used = 1;
    ck_assert_int_eq(wg_ctx_memory_in_use(&base, ctx), WG_OK);
    ck_assert_int_eq(wg_ctx_set_memory_limit(ctx, base + 64), WG_OK);
    wg_data *d = NULL;
    ck_assert_int_eq(parse(&d, ctx, "wgdata 1 table\nname crt\n"), WG_ENOMEM);
    ck_assert_ptr_null(d);
    ck_assert_int_eq(wg_ctx_memory_in_use(&used, ctx), WG_OK);
    ck_assert_uint_eq(used, base);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

/* Every prefix of a document, and many random byte strings, either parse or fail with WG_EPARSE,
   never crash, and leave nothing allocated. */
START_TEST(test_robustness)
{
    static const char doc[] = "\xef\xbb\xbfwgdata 1 table # c\r\nname \"a \\\"b\\\" c\"\n#x\ncell #0 #1 \"\xc3\xa9\"x\n";
    static const char alphabet[] = "ab #\"\\n\r\t\n=01\xc3\xa9\xff";
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    size_t base = a.bytes;
    for (size_t n = 0; n <= sizeof doc - 1; n++) {
        wg_data *d = NULL;
        int rc = wg_data_parse(&d, ctx, doc, n);
        ck_assert_msg(rc == WG_OK || rc == WG_EPARSE, "prefix %zu: %d", n, rc);
        if (rc == WG_OK)
            wg_data_free(d);
        ck_assert_uint_eq(a.bytes, base);
    }
    uint32_t x = 12345;
    char buf[64];
    memcpy(buf, "wgdata 1 k\n", 11);
    int ok = 0;
    for (int iter = 0; iter < 3000; iter++) {
        size_t n = 11 + (size_t)(iter % 50);
        for (size_t i = 11; i < n; i++) {
            x = x * 1664525u + 1013904223u;
            buf[i] = alphabet[(x >> 16) % (sizeof alphabet - 1)];
        }
        wg_data *d = NULL;
        int rc = wg_data_parse(&d, ctx, buf, n);
        ck_assert_msg(rc == WG_OK || rc == WG_EPARSE, "iteration %d: %d", iter, rc);
        if (rc == WG_OK) {
            ok++;
            size_t nr = 0, nf = 0;
            ck_assert_int_eq(wg_data_record_count(&nr, d), WG_OK);
            for (size_t r = 0; r < nr; r++) {
                ck_assert_int_eq(wg_data_field_count(&nf, d, r), WG_OK);
                ck_assert_uint_ge(nf, 1);
                for (size_t f = 0; f < nf; f++)
                    ck_assert_uint_le(strlen(field(d, r, f)), n);
            }
            wg_data_free(d);
        } else {
            ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(ctx), "data line "));
        }
        ck_assert_uint_eq(a.bytes, base);
    }
    ck_assert_int_gt(ok, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

static Suite *data_suite(void)
{
    Suite *s = suite_create("data");
    TCase *tc = tcase_create("parse");
    tcase_add_test(tc, test_basic);
    tcase_add_test(tc, test_header_only_and_no_final_newline);
    tcase_add_test(tc, test_comments_and_blank_lines);
    tcase_add_test(tc, test_quotes_and_escapes);
    tcase_add_test(tc, test_crlf_and_bom);
    tcase_add_test(tc, test_len_shorter_than_string);
    tcase_add_test(tc, test_input_is_copied);
    tcase_add_test(tc, test_errors_name_line_and_column);
    tcase_add_test(tc, test_header_errors);
    tcase_add_test(tc, test_long_lines);
    tcase_add_test(tc, test_accessor_errors);
    tcase_add_test(tc, test_parse_int);
    tcase_add_test(tc, test_data_open_kind);
    tcase_add_test(tc, test_oom);
    tcase_add_test(tc, test_memory_limit);
    tcase_add_test(tc, test_robustness);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(data_suite());
}

/* Orders of battle (lib/core/oob.c): units, attributes, oob documents, references. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testutil.h"

static const char oob_text[] = "wgdata 1 oob\n"
                               "# side 0 = French, 1 = Allied\n"
                               "unit 0 \"I Corps (Bernadotte)\" strength=9 ma=4 leader=0\n"
                               "unit 0 Davout strength=12 ma=4\n"
                               "unit 1 Kutuzov \"strength=11\" ma=3 lead\"er\"=2\n"
                               "unit 1 Supply\n";

static int count(const wg_oob *o)
{
    int n = -1;
    ck_assert_int_eq(wg_oob_count(&n, o), WG_OK);
    return n;
}

static int64_t attr(const wg_oob *o, int unit, const char *key)
{
    int64_t v = -777;
    int rc = wg_oob_attr(&v, o, unit, key);
    ck_assert_msg(rc == WG_OK, "attr %d %s: %d %s", unit, key, rc, wg_oob_errmsg(o));
    return v;
}

static const char *name(const wg_oob *o, int unit)
{
    const char *s = NULL;
    ck_assert_int_eq(wg_oob_name(&s, o, unit), WG_OK);
    return s;
}

static int side(const wg_oob *o, int unit)
{
    int s = -1;
    ck_assert_int_eq(wg_oob_side(&s, o, unit), WG_OK);
    return s;
}

/* A text picture of the whole order of battle, to prove failed calls change nothing. */
static void snapshot(char *buf, size_t cap, const wg_oob *o)
{
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    for (size_t i = 0; i < o->nunit; i++) {
        const wg_oob_unit *u = &o->units[i];
        wg__sb_printf(&sb, "[%d %s", u->side, u->name);
        for (size_t j = 0; j < u->nattr; j++)
            wg__sb_printf(&sb, " %s=%lld", u->attrs[j].key, (long long)u->attrs[j].value);
        wg__sb_printf(&sb, "]");
    }
    ck_assert_uint_lt(sb.len, cap);
}

START_TEST(test_build)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_oob *o = NULL;
    ck_assert_int_eq(wg_oob_new(&o, ctx), WG_OK);
    ck_assert_int_eq(count(o), 0);
    int id = -1;
    ck_assert_int_eq(wg_oob_add(&id, o, 0, "Lannes"), WG_OK);
    ck_assert_int_eq(id, 0);
    ck_assert_int_eq(wg_oob_add(&id, o, 1, "Bagration"), WG_OK);
    ck_assert_int_eq(id, 1);
    ck_assert_int_eq(wg_oob_add(NULL, o, 1, "Austrian supply"), WG_OK); /* the id is optional */
    ck_assert_int_eq(count(o), 3);
    ck_assert_str_eq(name(o, 1), "Bagration");
    ck_assert_int_eq(side(o, 1), 1);
    ck_assert_int_eq(side(o, 0), 0);
    ck_assert_int_eq(wg_oob_set_attr(o, 0, "strength", 7), WG_OK);
    ck_assert_int_eq(wg_oob_set_attr(o, 0, "ma", 4), WG_OK);
    ck_assert_int_eq(wg_oob_set_attr(o, 0, "strength", 6), WG_OK); /* overwritten */
    ck_assert_int_eq(wg_oob_set_attr(o, 2, "big", INT64_MAX), WG_OK);
    ck_assert_int_eq(wg_oob_set_attr(o, 2, "small", INT64_MIN), WG_OK);
    ck_assert_int_eq(attr(o, 0, "strength"), 6);
    ck_assert_int_eq(attr(o, 0, "ma"), 4);
    ck_assert(attr(o, 2, "big") == INT64_MAX);
    ck_assert(attr(o, 2, "small") == INT64_MIN);
    ck_assert_uint_eq(o->units[0].nattr, 2);
    int64_t v = 5;
    ck_assert_int_eq(wg_oob_attr(&v, o, 1, "strength"), WG_ENOTFOUND);
    ck_assert_ptr_null(strstr(wg_oob_errmsg(o), "strength")); /* a call on a const oob writes no message */
    ck_assert_int_eq(v, 5);
    /* names are copied */
    char buf[] = "Murat";
    ck_assert_int_eq(wg_oob_add(&id, o, 0, buf), WG_OK);
    buf[0] = 'X';
    ck_assert_str_eq(name(o, id), "Murat");
    wg_oob_free(o);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_errors)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_oob *o = (wg_oob *)&a;
    ck_assert_int_eq(wg_oob_new(NULL, ctx), WG_EINVAL);
    ck_assert_int_eq(wg_oob_new(&o, NULL), WG_EINVAL);
    ck_assert_ptr_null(o); /* a failed constructor sets *out to NULL */
    ck_assert_int_eq(wg_oob_new(&o, ctx), WG_OK);
    int id = 99;
    ck_assert_int_eq(wg_oob_add(&id, NULL, 0, "x"), WG_EINVAL);
    ck_assert_int_eq(wg_oob_add(&id, o, -1, "x"), WG_EINVAL);
    ck_assert_str_eq(wg_oob_errmsg(o), "a unit's side must be 0 or more, not -1");
    ck_assert_int_eq(wg_oob_add(&id, o, 0, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_oob_add(&id, o, 0, ""), WG_EINVAL);
    ck_assert_int_eq(id, 99);
    ck_assert_int_eq(count(o), 0);
    ck_assert_int_eq(wg_oob_add(&id, o, 0, "Soult"), WG_OK);
    int n;
    const char *s;
    int64_t v;
    ck_assert_int_eq(wg_oob_count(NULL, o), WG_EINVAL);
    ck_assert_int_eq(wg_oob_count(&n, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_oob_side(NULL, o, 0), WG_EINVAL);
    ck_assert_int_eq(wg_oob_side(&n, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_oob_side(&n, o, 1), WG_ERANGE);
    ck_assert_str_eq(wg_oob_errmsg(o), "a unit needs a non-empty name"); /* const call: unchanged */
    ck_assert_int_eq(wg_oob_side(&n, o, -1), WG_ERANGE);
    ck_assert_int_eq(wg_oob_name(NULL, o, 0), WG_EINVAL);
    ck_assert_int_eq(wg_oob_name(&s, NULL, 0), WG_EINVAL);
    ck_assert_int_eq(wg_oob_name(&s, o, 1), WG_ERANGE);
    ck_assert_int_eq(wg_oob_set_attr(NULL, 0, "k", 1), WG_EINVAL);
    ck_assert_int_eq(wg_oob_set_attr(o, 1, "k", 1), WG_ERANGE);
    ck_assert_int_eq(wg_oob_set_attr(o, -1, "k", 1), WG_ERANGE);
    ck_assert_int_eq(wg_oob_set_attr(o, 0, NULL, 1), WG_EINVAL);
    ck_assert_int_eq(wg_oob_set_attr(o, 0, "", 1), WG_EINVAL);
    ck_assert_int_eq(wg_oob_set_attr(o, 0, "a b", 1), WG_EINVAL);
    ck_assert_int_eq(wg_oob_set_attr(o, 0, "a=b", 1), WG_EINVAL);
    ck_assert_str_eq(wg_oob_errmsg(o), "bad attribute key 'a=b' (non-empty, no blanks, '=', '\"' or '#')");
    ck_assert_int_eq(wg_oob_set_attr(o, 0, "a\"", 1), WG_EINVAL);
    ck_assert_int_eq(wg_oob_set_attr(o, 0, "#a", 1), WG_EINVAL);
    ck_assert_int_eq(wg_oob_set_attr(o, 0, "a\tb", 1), WG_EINVAL);
    ck_assert_uint_eq(o->units[0].nattr, 0);
    ck_assert_int_eq(wg_oob_set_attr(o, 0, "st\xc3\xa4rke", 1), WG_OK); /* UTF-8 keys are fine */
    ck_assert_int_eq(wg_oob_attr(NULL, o, 0, "k"), WG_EINVAL);
    ck_assert_int_eq(wg_oob_attr(&v, NULL, 0, "k"), WG_EINVAL);
    ck_assert_int_eq(wg_oob_attr(&v, o, 0, NULL), WG_EINVAL);
    ck_assert_int_eq(wg_oob_attr(&v, o, 1, "k"), WG_ERANGE);
    ck_assert_str_eq(wg_oob_errmsg(NULL), "");
    wg_oob_free(NULL);
    wg_oob_free(o);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_refs)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_oob *o = NULL;
    ck_assert_int_eq(wg_oob_new(&o, ctx), WG_OK);
    ck_assert_int_eq(wg_oob_add(NULL, o, 0, "Ney"), WG_OK);
    wg__oob_retain(o); /* as a game does */
    wg__oob_retain(NULL);
    wg_oob_free(o); /* the creator lets go: still alive for the game */
    ck_assert_str_eq(name(o, 0), "Ney");
    size_t live;
    ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
    ck_assert_uint_eq(live, 1);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_EBUSY);
    wg_oob_free(o); /* the game lets go */
    ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
    ck_assert_uint_eq(live, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_load)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_oob *o = NULL;
    ck_assert_int_eq(wg_oob_load(&o, ctx, oob_text, strlen(oob_text)), WG_OK);
    ck_assert_int_eq(count(o), 4);
    ck_assert_str_eq(name(o, 0), "I Corps (Bernadotte)");
    ck_assert_int_eq(side(o, 0), 0);
    ck_assert_int_eq(attr(o, 0, "strength"), 9);
    ck_assert_int_eq(attr(o, 0, "leader"), 0);
    ck_assert_int_eq(attr(o, 1, "strength"), 12);
    ck_assert_str_eq(name(o, 2), "Kutuzov");
    ck_assert_int_eq(side(o, 2), 1);
    ck_assert_int_eq(attr(o, 2, "strength"), 11); /* "key=value" quoted whole */
    ck_assert_int_eq(attr(o, 2, "leader"), 2);    /* quotes mid-field join */
    ck_assert_uint_eq(o->units[3].nattr, 0);
    wg_oob_free(o);
    static const char big[] = "wgdata 1 oob\nunit 2147483647 u max=9223372036854775807 min=-9223372036854775808\n";
    ck_assert_int_eq(wg_oob_load(&o, ctx, big, strlen(big)), WG_OK);
    ck_assert_int_eq(side(o, 0), 2147483647);
    ck_assert(attr(o, 0, "max") == INT64_MAX);
    ck_assert(attr(o, 0, "min") == INT64_MIN);
    wg_oob_free(o);
    /* an empty order of battle */
    ck_assert_int_eq(wg_oob_load(&o, ctx, "wgdata 1 oob\n", 13), WG_OK);
    ck_assert_int_eq(count(o), 0);
    wg_oob_free(o);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

static void expect_load_error(const char *text, int status, const char *msg)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_oob *o = (wg_oob *)&a;
    ck_assert_int_eq(wg_oob_load(&o, ctx, text, text ? strlen(text) : 0), status);
    ck_assert_ptr_null(o); /* a failed constructor sets *out to NULL */
    ck_assert_msg(strstr(wg_ctx_errmsg(ctx), msg) != NULL, "message '%s' lacks '%s'", wg_ctx_errmsg(ctx), msg);
    size_t live;
    ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
    ck_assert_uint_eq(live, 0);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}

START_TEST(test_load_errors)
{
    expect_load_error(NULL, WG_EINVAL, "buf is NULL");
    expect_load_error("wgdata 1 table\n", WG_EPARSE, "expected a document of kind 'oob', not 'table'");
    expect_load_error("wgdata 2 oob\n", WG_EPARSE, "unsupported data format version '2'");
    expect_load_error("wgdata 1 oob\nunit 0 a\nleader 0 b\n", WG_EPARSE, "oob line 3: unknown record 'leader'");
    expect_load_error("wgdata 1 oob\nunit 0\n", WG_EPARSE, "oob line 2: expected 'unit SIDE NAME [key=value ...]'");
    expect_load_error("wgdata 1 oob\nunit x a\n", WG_EPARSE, "oob line 2: the side 'x' is not an integer");
    expect_load_error("wgdata 1 oob\nunit -1 a\n", WG_EPARSE, "oob line 2: the side '-1' is not an integer");
    expect_load_error("wgdata 1 oob\nunit 2147483648 a\n", WG_EPARSE, "the side '2147483648'");
    expect_load_error("wgdata 1 oob\nunit 0 \"\"\n", WG_EPARSE, "oob line 2: the unit name is empty");
    expect_load_error("wgdata 1 oob\n\nunit 0 a strength\n", WG_EPARSE, "oob line 3: expected key=value, not 'strength'");
    expect_load_error("wgdata 1 oob\nunit 0 a =4\n", WG_EPARSE, "oob line 2: expected key=value, not '=4'");
    expect_load_error("wgdata 1 oob\nunit 0 a s=4x\n", WG_EPARSE, "the value of 's' is not a 64-bit integer: '4x'");
    expect_load_error("wgdata 1 oob\nunit 0 a s=\n", WG_EPARSE, "the value of 's' is not a 64-bit integer");
    expect_load_error("wgdata 1 oob\nunit 0 a s=9223372036854775808\n", WG_EPARSE, "not a 64-bit integer");
    expect_load_error("wgdata 1 oob\nunit 0 a s=1 s=2\n", WG_EPARSE, "oob line 2: attribute 's' is given twice");
    expect_load_error("wgdata 1 oob\nunit 0 a \"a b=1\"\n", WG_EPARSE, "oob line 2: bad attribute key 'a b'");
    expect_load_error("wgdata 1 oob\nunit 0 a "
                      "k234567890123456789012345678901234567890123456789012345678901234=1\n",
                      WG_EPARSE, "is longer than 63 bytes");
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    ck_assert_int_eq(wg_oob_load(NULL, ctx, oob_text, strlen(oob_text)), WG_EINVAL);
    wg_oob *o = NULL;
    ck_assert_int_eq(wg_oob_load(&o, NULL, oob_text, strlen(oob_text)), WG_EINVAL);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
}
END_TEST

START_TEST(test_oom_load)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    int done = 0;
    uint64_t failures = 0;
    for (uint64_t n = 1; n < 500 && !done; n++) {
        a.fail_at = a.calls + n;
        wg_oob *o = (wg_oob *)&a;
        int rc = wg_oob_load(&o, ctx, oob_text, strlen(oob_text));
        a.fail_at = 0;
        size_t live = 9;
        ck_assert_int_eq(wg_ctx_live_handles(&live, ctx), WG_OK);
        if (rc == WG_OK) {
            done = 1;
            ck_assert_int_eq(count(o), 4);
            ck_assert_int_eq(attr(o, 2, "ma"), 3);
            wg_oob_free(o);
        } else {
            failures++;
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_ptr_null(o); /* a failed constructor sets *out to NULL */
            ck_assert_uint_eq(live, 0);
            ck_assert_uint_eq(a.blocks, 1); /* only the context */
        }
    }
    ck_assert_int_eq(done, 1);
    ck_assert_uint_gt(failures, 10);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

START_TEST(test_oom_build)
{
    wgt_alloc a = {0};
    wg_ctx *ctx = wgt_ctx(&a);
    wg_oob *o = NULL;
    a.fail_at = a.calls + 1;
    ck_assert_int_eq(wg_oob_new(&o, ctx), WG_ENOMEM);
    a.fail_at = 0;
    ck_assert_ptr_null(o);
    ck_assert_int_eq(wg_oob_new(&o, ctx), WG_OK);
    char before[512], after[512];
    for (int round = 0; round < 20; round++) {
        /* add: the unit array (sometimes) and the name */
        for (uint64_t k = 1;; k++) {
            snapshot(before, sizeof before, o);
            a.fail_at = a.calls + k;
            int id = -1;
            int rc = wg_oob_add(&id, o, round % 2, "Corps");
            a.fail_at = 0;
            if (rc == WG_OK)
                break;
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_int_eq(id, -1);
            snapshot(after, sizeof after, o);
            ck_assert_str_eq(before, after);
        }
        for (uint64_t k = 1;; k++) {
            snapshot(before, sizeof before, o);
            a.fail_at = a.calls + k;
            int rc = wg_oob_set_attr(o, round, "strength", round);
            a.fail_at = 0;
            if (rc == WG_OK)
                break;
            ck_assert_int_eq(rc, WG_ENOMEM);
            snapshot(after, sizeof after, o);
            ck_assert_str_eq(before, after);
        }
    }
    ck_assert_int_eq(count(o), 20);
    ck_assert_int_eq(attr(o, 19, "strength"), 19);
    wg_oob_free(o);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(a.bytes, 0);
}
END_TEST

static Suite *oob_suite(void)
{
    Suite *s = suite_create("oob");
    TCase *tc = tcase_create("oob");
    tcase_add_test(tc, test_build);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_refs);
    tcase_add_test(tc, test_load);
    tcase_add_test(tc, test_load_errors);
    tcase_add_test(tc, test_oom_load);
    tcase_add_test(tc, test_oom_build);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(oob_suite());
}

/* Les Aigles: the army lists (lib/aigles/la_data.c, doc/aigles-data.md): the sample list loads with
   its values; every field the rules need is checked, and a list without it is refused with WG_EDATA
   naming the line and the field; unknown or repeated fields, values out of range and dangling names
   are refused the same way. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aigles/la_data.h"
#include "embedded.h"
#include "testutil.h"

static wg_ctx *ctx;
static la_army *army;

static void setup(void)
{
    ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    army = calloc(1, sizeof *army);
}

static void teardown(void)
{
    free(army);
    wg_ctx_free(ctx);
}

START_TEST(test_sample)
{
    char err[WG_ERRMSG_CAP] = "";
    int rc = la_army_load(army, err, ctx, (const char *)wg__data_aigles_army, wg__data_aigles_army_len);
    ck_assert_msg(rc == WG_OK, "%s", err);
    ck_assert_int_eq(army->provisional, 1);
    ck_assert_ptr_nonnull(strstr(army->title, "provisional"));
    int t = la_army_type(army, "cuirassiers");
    ck_assert_int_ge(t, 0);
    ck_assert_int_eq(army->type[t].arm, LA_CAVALRY);
    ck_assert_int_eq(army->type[t].cavalry, LA_CAV_HEAVY);
    ck_assert_int_eq(army->type[t].cuirass, 1);
    ck_assert_int_eq(army->type[t].status, LA_ELITE);
    ck_assert_int_eq(army->type[t].weapon, -1);
    t = la_army_type(army, "heavy-battery");
    ck_assert_int_ge(t, 0);
    const la_calibre *c = &army->calibre[army->type[t].calibre];
    ck_assert_int_eq(c->ranks, 6); /* the rulebook's calibre 12 example */
    ck_assert_int_eq(c->rebound.v[LA_SCALE_25], 200);
    ck_assert_int_eq(c->rebound.v[LA_SCALE_15], 130);
    t = la_army_type(army, "line-fusiliers");
    ck_assert_int_eq(army->weapon[army->type[t].weapon].range.v[LA_SCALE_15], 150);
    ck_assert_int_eq(la_army_type(army, "marines"), -1);
    int32_t d = 0;
    ck_assert_int_eq(la_army_move(&d, err, army, LA_INFANTRY, LA_MARCH, LA_MAN_B, LA_SCALE_25), WG_OK);
    ck_assert_int_eq(d, 150 * WG_TABLE_UNIT);
    ck_assert_int_eq(la_army_move(&d, err, army, LA_INFANTRY, LA_MARCH, LA_MAN_B, LA_SCALE_15), WG_OK);
    ck_assert_int_eq(d, 100 * WG_TABLE_UNIT);
    /* a movement the list does not give: WG_EDATA naming the record to add */
    ck_assert_int_eq(la_army_move(&d, err, army, LA_INFANTRY, LA_HOLLOW_SQUARE, LA_MAN_C, LA_SCALE_25), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "move infantry hollow-square C"));
    ck_assert_int_eq(army->has_charge_bonus[LA_CAVALRY], 1);
    ck_assert_int_eq(army->charge_bonus[LA_CAVALRY].v[LA_SCALE_25], 120);
}
END_TEST

typedef struct bad {
    const char *text; /* records after the header and one weapon and one calibre */
    const char *msg;
} bad;

START_TEST(test_refusals)
{
    static const bad cases[] = {
        {"unittype a arm=infantry status=R manoeuvre=B combat=3 charge=1 morale=3 weapon=fusil points=1", "missing fire="},
        {"unittype a arm=infantry status=R manoeuvre=B fire=3 charge=1 morale=3 weapon=fusil points=1", "missing combat="},
        {"unittype a arm=infantry status=R manoeuvre=B fire=3 combat=3 morale=3 weapon=fusil points=1", "missing charge="},
        {"unittype a arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 weapon=fusil points=1", "missing morale="},
        {"unittype a arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil", "missing points="},
        {"unittype a arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 points=1", "missing weapon="},
        {"unittype a status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=1", "missing arm="},
        {"unittype a arm=infantry manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=1", "missing status="},
        {"unittype a arm=infantry status=R fire=3 combat=3 charge=1 morale=3 weapon=fusil points=1", "missing manoeuvre="},
        {"unittype a arm=cavalry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 points=1", "missing cavalry="},
        {"unittype a arm=cavalry cavalry=none status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 points=1",
         "light or heavy"},
        {"unittype a arm=foot-artillery status=R manoeuvre=B fire=3 combat=3 charge=0 morale=3 points=1",
         "needs calibre="},
        {"unittype a arm=foot-artillery status=R manoeuvre=B fire=3 combat=3 charge=0 morale=3 points=1 calibre=9pdr",
         "calibre '9pdr' has no calibre record"},
        {"unittype a arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 points=1 weapon=bow",
         "weapon 'bow' has no weapon record"},
        {"unittype a arm=infantry status=X manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=1",
         "status 'X' is not one of G, E, V, R, S-R, M, I"},
        {"unittype a arm=infantry status=R manoeuvre=B fire=99 combat=3 charge=1 morale=3 weapon=fusil points=1",
         "fire 99 is out of range"},
        {"unittype a arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=1 lancer",
         "lancer is for cavalry"},
        {"unittype a arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 weapon=fusil points=1 brave",
         "unknown field 'brave'"},
        {"unittype a arm=infantry status=R manoeuvre=B fire=3 fire=4 combat=3 charge=1 morale=3 weapon=fusil points=1",
         "given twice"},
        {"unittype a arm=mounted-general status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 points=1",
         "officers are not unit types"},
        {"move infantry line B d25=90", "missing d15="},
        {"move infantry column B d25=90 d15=60", "FORMATION 'column' is not one of"},
        {"move infantry line B d25=90 d15=60\nmove infantry line B d25=90 d15=60", "given twice"},
        {"charge-bonus cavalry d15=80", "missing d25="},
        {"calibre x canister25=500 canister15=100 rebound25=500 rebound15=100 max25=600 max15=400 ranks=4",
         "exceeds max25"},
        {"calibre x canister25=50 canister15=100 rebound25=50 rebound15=100 max25=600 max15=400", "missing ranks="},
        {"weapon fusil range25=1 range15=1", "weapon 'fusil' is given twice"},
        {"muster a b", "unknown record 'muster'"},
        {"provenance maybe", "is not one of host, sample"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char doc[1024], err[WG_ERRMSG_CAP] = "";
        snprintf(doc, sizeof doc,
                 "wgdata 1 aigles-army\nweapon fusil range25=200 range15=150\n"
                 "calibre 6pdr canister25=150 canister15=100 rebound25=150 rebound15=100 max25=700 max15=470 "
                 "ranks=4\n%s\nunittype ok arm=infantry status=R manoeuvre=B fire=3 combat=3 charge=1 morale=3 "
                 "weapon=fusil points=1\n",
                 cases[i].text);
        memset(army, 0x5a, sizeof *army);
        int rc = la_army_load(army, err, ctx, doc, strlen(doc));
        ck_assert_msg(rc == WG_EDATA, "case %zu: %s (%s)", i, wg_status_str(rc), err);
        int line = 4;
        for (const char *p = cases[i].text; *p; p++)
            line += *p == '\n'; /* the failing record is the last one of the case */
        char where[32];
        snprintf(where, sizeof where, "aigles army line %d:", line);
        ck_assert_msg(strstr(err, cases[i].msg) && strstr(err, where), "case %zu: '%s' should name line %d and say '%s'",
                      i, err, line, cases[i].msg);
        ck_assert_int_eq(((unsigned char *)army)[0], 0x5a); /* unchanged on failure */
    }
    /* a list with no unit type, a document of another kind */
    char err[WG_ERRMSG_CAP] = "";
    static const char empty[] = "wgdata 1 aigles-army\ntitle Nothing\n";
    ck_assert_int_eq(la_army_load(army, err, ctx, empty, strlen(empty)), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "no unittype"));
    static const char other[] = "wgdata 1 map\ngrid graph\n";
    ck_assert_int_eq(la_army_load(army, err, ctx, other, strlen(other)), WG_EPARSE);
}
END_TEST

START_TEST(test_oom)
{
    for (uint64_t k = 1; k < 40; k++) {
        wgt_alloc a = {0};
        wg_ctx *c = wgt_ctx(&a);
        size_t base = a.bytes;
        a.fail_at = a.calls + k;
        char err[WG_ERRMSG_CAP];
        int rc = la_army_load(army, err, c, (const char *)wg__data_aigles_army, wg__data_aigles_army_len);
        ck_assert(rc == WG_OK || rc == WG_ENOMEM);
        ck_assert_uint_eq(a.bytes, base);
        wg_ctx_free(c);
        if (rc == WG_OK)
            break;
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_data");
    TCase *tc = tcase_create("all");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_sample);
    tcase_add_test(tc, test_refusals);
    tcase_add_test(tc, test_oom);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

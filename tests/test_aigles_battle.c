/* Les Aigles: battles (lib/aigles/la_battle.c): the two sample battles load on the sample table with
   the sample army list; a battle without a field it needs (a movement the army list does not give, an
   order's target, a formation its unit cannot take, ...) is refused with WG_EDATA naming the line and
   the first missing field. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aigles/la_battle.h"
#include "embedded.h"
#include "testutil.h"

static wg_table *tabs[LA_NTABLES];
static wg_ctx *ctx;
static la_army *army;
static la_battle *battle;
static wg_map *map;

static void setup(void)
{
    ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(la_tables_build(tabs, ctx), WG_OK);
    army = calloc(1, sizeof *army);
    battle = calloc(1, sizeof *battle);
    char err[WG_ERRMSG_CAP];
    ck_assert_int_eq(la_army_load(army, err, ctx, (const char *)wg__data_aigles_army, wg__data_aigles_army_len), WG_OK);
    int rc = wg_map_load(&map, ctx, (const char *)wg__data_aigles_table, wg__data_aigles_table_len);
    ck_assert_msg(rc == WG_OK, "%s", wg_ctx_errmsg(ctx));
}

static void teardown(void)
{
    wg_map_free(map);
    free(battle);
    free(army);
    la_tables_free(tabs);
    wg_ctx_free(ctx);
}

static int find_unit(const la_battle *b, const char *name)
{
    for (int i = 0; i < b->nunit; i++)
        if (strcmp(b->unit[i].name, name) == 0)
            return i;
    return -1;
}

START_TEST(test_samples)
{
    char err[WG_ERRMSG_CAP] = "";
    int rc = la_battle_load(battle, err, ctx, (const char *)wg__data_aigles_crossroads, wg__data_aigles_crossroads_len,
                            army, tabs, map);
    ck_assert_msg(rc == WG_OK, "%s", err);
    ck_assert_int_eq(battle->provisional, 1);
    ck_assert_ptr_nonnull(strstr(battle->title, "sample data"));
    ck_assert_int_eq(battle->nunit, 8);
    ck_assert_int_eq(battle->nofficer, 3);
    ck_assert_int_eq(battle->periods, 12);
    ck_assert_str_eq(battle->side[1], "Austrians");
    int u = find_unit(battle, "1/12e Ligne");
    ck_assert_int_ge(u, 0);
    const la_bunit *b = &battle->unit[u];
    ck_assert_int_eq(b->u.ncomp, 4);
    ck_assert_int_eq(b->u.comp[0].status, LA_ELITE);
    ck_assert_int_eq(b->u.comp[0].elite, 1);
    ck_assert_int_eq(la_unit_status(&b->u), LA_REGULAR); /* the lowest of its companies */
    ck_assert_int_eq(la_unit_manoeuvre(&b->u), LA_MAN_B);
    ck_assert_int_eq(la_unit_figures(&b->u), 12);
    ck_assert_int_eq(la_unit_ranks(&b->u), 3);
    ck_assert_int_eq(b->order.kind, LA_ORD_ATTACK);
    ck_assert_int_eq(b->order.point.y, 900 * WG_TABLE_UNIT);
    int bat = find_unit(battle, "Batterie Lefevre");
    ck_assert_int_eq(battle->unit[bat].order.kind, LA_ORD_SUPPORT);
    ck_assert_int_eq(battle->unit[bat].order.target, u);
    int lw = find_unit(battle, "Landwehr Wien");
    ck_assert_int_eq(battle->unit[lw].order.kind, LA_ORD_DEFEND);
    ck_assert_int_eq(battle->unit[lw].order.radius, 150 * WG_TABLE_UNIT);
    ck_assert_int_eq(la_unit_status(&battle->unit[lw].u), LA_MILITIA);
    int dr = find_unit(battle, "Dragoner Latour");
    ck_assert_int_eq(battle->unit[dr].u.heavy, 1);
    ck_assert_int_eq(battle->officer[1].adc, 1);
    ck_assert_int_eq(battle->officer[1].superior, 0);
    ck_assert_int_eq(battle->nobjective, 2);
    rc = la_battle_load(battle, err, ctx, (const char *)wg__data_aigles_ridge, wg__data_aigles_ridge_len, army, tabs,
                        map);
    ck_assert_msg(rc == WG_OK, "%s", err);
    ck_assert_int_eq(battle->nunit, 8);
    int v = find_unit(battle, "Voltigeurs du 21e");
    ck_assert_int_eq(battle->unit[v].u.formation, LA_SKIRMISH);
    ck_assert_int_eq(battle->unit[v].order.kind, LA_ORD_HARASS);
    /* the map: on the hill, the ground is at level 1 */
    int lv = -1;
    ck_assert_int_eq(wg_map_table_level_at(&lv, map, 1450 * WG_TABLE_UNIT, 900 * WG_TABLE_UNIT), WG_OK);
    ck_assert_int_eq(lv, 1);
}
END_TEST

/* A battle of two records around `rec`: the French line and the Austrian line (what the case does not
   break). */
static int try_battle(char *err, const char *head, const char *rec)
{
    char doc[2048];
    snprintf(doc, sizeof doc,
             "wgdata 1 aigles-battle\n%s\n"
             "unit French A type=line-fusiliers companies=2x6 formation=line front=12 at=500,200 facing=0,1 order=hold\n"
             "unit Austrians B type=line-fusiliers companies=2x6 formation=line front=12 at=500,1000 facing=0,-1 "
             "order=hold\n%s\n",
             head, rec);
    memset(battle, 0x5a, sizeof *battle);
    err[0] = 0;
    return la_battle_load(battle, err, ctx, doc, strlen(doc), army, tabs, map);
}

START_TEST(test_refusals)
{
    static const char head[] = "scale 25\nperiods 8\nside French\nside Austrians";
    static const struct {
        const char *rec, *msg;
    } cases[] = {
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=500,300 facing=0,1",
         "missing order="},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 facing=0,1 order=hold",
         "missing at=X,Y"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=500,300 order=hold",
         "missing facing=DX,DY"},
        {"unit French C type=line-fusiliers companies=2x6 front=12 at=500,300 facing=0,1 order=hold", "missing formation="},
        {"unit French C type=line-fusiliers companies=2x6 formation=line at=500,300 facing=0,1 order=hold", "missing front="},
        {"unit French C type=line-fusiliers formation=line front=12 at=500,300 facing=0,1 order=hold", "missing companies="},
        {"unit French C companies=2x6 formation=line front=12 at=500,300 facing=0,1 order=hold", "needs type="},
        {"unit French C type=marines companies=2x6 formation=line front=12 at=500,300 facing=0,1 order=hold",
         "type 'marines' is not in the army list"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=6 at=500,300 facing=0,1 order=hold",
         "a line stands on one rank, not 2"},
        {"unit French C type=line-fusiliers companies=2x6 formation=hollow-square front=3 at=500,300 facing=0,1 "
         "order=hold", ""},
        {"unit French C type=sappers companies=2x6 formation=division front=4 at=500,400 facing=0,1 order=hold",
         "no movement for engineers in division at manoeuvre B (record 'move engineers division B d25= d15=')"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=500,205 facing=0,1 order=hold",
         "stands on unit 'A'"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=1790,300 facing=0,1 order=hold",
         "off the table"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=500,1300 facing=0,1 order=hold",
         "off the 1800 x 1200 mm table"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=500,300 facing=0,1 order=support",
         "needs target=UNIT"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=500,300 facing=0,1 order=support "
         "target=B", "the target of support is a friendly unit"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=500,300 facing=0,1 order=attack",
         "needs toward=X,Y"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=500,300 facing=0,1 order=deny "
         "zone=500,500 radius=50", "order deny is not an order of infantry"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=500,300 facing=0,1 order=exploit",
         "exploit is for cavalry only"},
        {"unit French C type=line-fusiliers companies=2x6 formation=line front=12 at=500,300 facing=0,1 order=charge",
         "order 'charge' is not attack"},
        {"unit Prussians C type=line-fusiliers companies=2x6 formation=line front=12 at=500,300 facing=0,1 order=hold",
         "side 'Prussians' is not declared"},
        {"unit French A type=line-fusiliers companies=2x6 formation=line front=12 at=500,600 facing=0,1 order=hold",
         "unit 'A' is listed twice"},
        {"unit French C companies=hussars:4,line-fusiliers:4 formation=line front=8 at=500,300 facing=0,1 order=hold",
         "companies of infantry and cavalry in one unit"},
        {"officer French G charisma=6 command=3 at=500,100 facing=0,1", "charisma 6 is out of range (0..5)"},
        {"officer French G charisma=3 at=500,100 facing=0,1", "missing command="},
        {"officer French G charisma=3 command=3 at=500,100 facing=0,1 adc", "needs superior="},
        {"officer French G charisma=3 command=3 at=500,100 facing=0,0", "not a non-zero integer vector"},
        {"objective Hill at=100,100", "missing points="},
        {"muster", "unknown record 'muster'"},
    };
    char err[WG_ERRMSG_CAP];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int rc = try_battle(err, head, cases[i].rec);
        if (!cases[i].msg[0]) {
            ck_assert_msg(rc == WG_OK, "case %zu: %s", i, err); /* a square that stands still needs no movement */
            continue;
        }
        ck_assert_msg(rc == WG_EDATA, "case %zu: %s (%s)", i, wg_status_str(rc), err);
        ck_assert_msg(strstr(err, cases[i].msg) && strstr(err, "aigles battle line 8:"),
                      "case %zu: '%s' should name line 8 and say '%s'", i, err, cases[i].msg);
        ck_assert_int_eq(((unsigned char *)battle)[0], 0x5a);
    }
    /* the head: scale, sides and length come first */
    ck_assert_int_eq(try_battle(err, "periods 8\nside French\nside Austrians", ""), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "before the battle's scale"));
    ck_assert_int_eq(try_battle(err, "scale 25\nperiods 8\nside French", ""), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "two sides"));
    ck_assert_int_eq(try_battle(err, "scale 28\nperiods 8\nside French\nside Austrians", ""), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "25 or 15"));
    ck_assert_int_eq(try_battle(err, "scale 25\nside French\nside Austrians", ""), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "length"));
    /* a side without a unit */
    static const char lonely[] = "wgdata 1 aigles-battle\nscale 25\nperiods 8\nside French\nside Austrians\n"
                                 "unit French A type=line-fusiliers companies=2x6 formation=line front=12 at=500,200 "
                                 "facing=0,1 order=hold\n";
    ck_assert_int_eq(la_battle_load(battle, err, ctx, lonely, strlen(lonely), army, tabs, map), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(err, "side 'Austrians' has no unit"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_battle");
    TCase *tc = tcase_create("all");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_samples);
    tcase_add_test(tc, test_refusals);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

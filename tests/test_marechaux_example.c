/* Les Maréchaux: the rulebook's "Example of Movement and Combat" played through the engine, step by
 * step, with the printed dice and draws (LM-EXMC-01 LM-EXMC-02 LM-EXMC-03 LM-EXMC-04 LM-EXMC-05 LM-EXMC-06 LM-EXMC-07 LM-EXMC-08 LM-EXMC-09 LM-EXMC-10 LM-EXMC-11 LM-EXMC-12 LM-EXMC-13 LM-EXMC-14 LM-EXMC-15 LM-EXMC-16 LM-EXMC-17 LM-EXMC-18 LM-EXMC-19 LM-EXMC-20).  Fixture: the 1809 data pack with the
 * example's units moved into place on the schematic map (Zone F -> Zone B -> Zone A -> Lamego ->
 * Regua, four 1-MP connections, the last over the Douro bridge; Regua connects to Amarante). */
#include <string.h>

#include "marechaux/marechaux.h"
#include "mrtest.h"
#include "testutil.h"

#define U(name) mrt_unit(g, (name))
#define Z(name) mrt_zone(g, (name))
#define C(a, b) mrt_conn(g, (a), (b), 1)
#define evslot(name) mrt_evslot(g, (name))
#define fslot(type) mrt_fslot(g, (type))

static wg_game *g;
static wg_ctx *ctx;

static void act(int type, int arg)
{
    if (type != MR_A_EVENT && type != MR_A_NOEVENT)
        mrt_pass_empty_windows(g);
    int rc = wg_game_choose_action(g, MR_ACT(type, arg));
    ck_assert_msg(rc == WG_OK, "action %d/%d (stage %d): %s", type, arg, MR_ST(g)->stage, wg_game_errmsg(g));
    if (type != MR_A_EVENT)
        mrt_pass_empty_windows(g);
}

static int has_rule(const char *rule, size_t from)
{
    size_t n = 0;
    wg_game_event_count(&n, g);
    for (size_t i = from; i < n; i++) {
        const char *r;
        wg_game_event_rule(&r, g, i);
        if (strcmp(r, rule) == 0)
            return 1;
    }
    return 0;
}

static void setup_example(void)
{
    wgt_alloc al = {0};
    (void)al;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1809", NULL, 1), WG_OK);
    act(MR_A_HISTORIC, 0); /* PD-01 */
    /* LM-SCEN1809-12: AA has the initiative on turn 1 without a roll; phase B: AA draws Genie, French Genie */
    const mr_rdata *rd = MR_RD(g);
    (void)rd;
    act(MR_A_DRAW, evslot("Genie"));
    act(MR_A_KEEP, 0);
    act(MR_A_DRAW, evslot("Genie"));
    act(MR_A_KEEP, 0);
    ck_assert_int_eq(MR_ST(g)->stage, MR_S_OPS);
    ck_assert_int_eq(MR_ST(g)->phasing, MR_AA);
    /* LM-EXMC-01 fixture */
    mr_state *s = MR_ST(g);
    const char *aa[] = {"Beresford", "Tilson", "Silveira", "Lopes de Sousa", "Portuguese cavalry",
                        "Portuguese artillery"};
    for (int i = 0; i < 6; i++)
        s->u[U(aa[i])].zone = (int8_t)Z("Zone F");
    s->u[U("Wellesley")].zone = (int8_t)Z("Zone B");
    s->u[U("1st hussards")].zone = (int8_t)Z("Braga");
    s->u[U("Heudelet")].zone = (int8_t)Z("Regua");
    s->u[U("17th/18th dragon")].zone = (int8_t)Z("Regua");
}

static void teardown_example(void)
{
    wg_game_free(g);
    wg_ctx_free(ctx);
}

START_TEST(test_example)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    size_t ev0 = 0;
    /* LM-EXMC-01: 10 strength steps */
    mr_side_calc sc;
    mr_stack_calc(rd, s, Z("Zone F"), MR_AA, 0, &sc);
    ck_assert_int_eq(sc.inf + sc.cav + sc.art, 10);

    act(MR_A_MOVE, Z("Zone F")); /* PD-05, PD-06: the whole stack */
    act(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_CMDROLL);
    wg_game_event_count(&ev0, g);
    act(MR_A_ROLL, 3); /* LM-EXMC-02: 3 + 1 (Beresford) + 1 (clear path to Wellesley) = 5 */
    ck_assert(has_rule("LM-CMD-07", ev0));
    ck_assert_int_eq(s->stage, MR_S_MOVE);
    ck_assert_int_eq(s->u[U("Tilson")].mp, 6); /* all MP */

    /* LM-EXMC-03: markers 1, 1, 3 (returned with the commander), then two markers into the enemy zone */
    act(MR_A_CONN, C("Zone F", "Zone B"));
    ck_assert_int_eq(s->mv.pending, 1);
    act(MR_A_DRAW, fslot(1));
    act(MR_A_NORETURN, 0);
    act(MR_A_CONN, C("Zone B", "Zone A"));
    act(MR_A_DRAW, fslot(1));
    act(MR_A_NORETURN, 0);
    act(MR_A_CONN, C("Zone A", "Lamego"));
    act(MR_A_DRAW, fslot(3));
    ck_assert_int_eq(s->mv.fatigue, 5);
    act(MR_A_FRETURN, 3); /* LM-FATIGUE-08 */
    ck_assert_int_eq(s->mv.fatigue, 2);
    ck_assert_int_eq(s->mv.cdr_ret, 0);
    act(MR_A_CONN, C("Lamego", "Regua"));
    ck_assert_int_eq(s->mv.pending, 2); /* base + enemy zone; 10 steps: no size marker */
    act(MR_A_DRAW, fslot(1));
    wg_game_event_count(&ev0, g);
    act(MR_A_DRAW, fslot(1));
    /* LM-EXMC-04: fatigue 4 > morale 3 of Lopes de Sousa and Silveira: 1 step each; Tilson (4) unaffected */
    ck_assert_int_eq(s->mv.fatigue, 4);
    ck_assert_int_eq(s->u[U("Lopes de Sousa")].steps, 2);
    ck_assert_int_eq(s->u[U("Silveira")].steps, 2);
    ck_assert_int_eq(s->u[U("Tilson")].steps, 2);
    ck_assert(has_rule("LM-FATIGUE-12", ev0));
    mr_stack_calc(rd, s, Z("Regua"), MR_AA, 0, &sc);
    ck_assert_int_eq(sc.inf + sc.cav + sc.art, 8);

    /* LM-EXMC-05, LM-RETREATAXIS-02: AA axis on the connection just crossed; the French choose Amarante;
       LM-STACK-04: the opposing stacks share the zone */
    ck_assert_int_eq(s->axis[Z("Regua")][MR_AA], C("Lamego", "Regua"));
    ck_assert_int_eq(s->stage, MR_S_AXIS);
    ck_assert_int_eq(s->who, MR_FR);
    /* LM-RETREATAXIS-04: not the AA marker's connection */
    ck_assert_int_ne(wg_game_choose_action(g, MR_ACT(MR_A_AXIS, C("Lamego", "Regua"))), WG_OK);
    act(MR_A_AXIS, C("Regua", "Amarante"));
    /* LM-EXMC-06: Dos a la riviere */
    ck_assert(s->u[U("Tilson")].flags & MR_UF_RIVER);
    /* LM-EXMC-07: no forced passage; activated; the French take the next operation */
    ck_assert_int_eq(s->stage, MR_S_FORCE);
    act(MR_A_STOP, 0);
    ck_assert(s->u[U("Beresford")].flags & MR_UF_ACT);
    ck_assert_int_eq(s->phasing, MR_FR);

    /* LM-EXMC-08: French disengagement, die 3 + 1 (equal cavalry) = 4: failure */
    act(MR_A_DISENG, Z("Regua"));
    act(MR_A_DONE, 0);
    /* LM-DISENG-08: the Anglo-Allied player (not phasing) declares first; both declare (LM-DISENG-07) */
    ck_assert_int_eq(s->stage, MR_S_DECLARE);
    ck_assert_int_eq(s->who, MR_AA);
    act(MR_A_DECLARE, 1);
    ck_assert_int_eq(s->who, MR_FR);
    act(MR_A_DECLARE, 1);
    wg_game_event_count(&ev0, g);
    act(MR_A_ROLL, 3);
    ck_assert(has_rule("LM-DISENG-06", ev0));
    ck_assert(s->u[U("Heudelet")].flags & MR_UF_ACT);
    ck_assert_int_eq(s->phasing, MR_AA);

    /* LM-EXMC-09: AA attacks with its activated stack; no withdrawal (neither stack is all cavalry) */
    act(MR_A_COMBAT, Z("Regua"));
    act(MR_A_DONE, 0);
    ck_assert(s->u[U("Heudelet")].flags & MR_UF_REVEAL);
    /* LM-EXMC-10: amplitude 13 */
    ck_assert_int_eq(s->cb.amplitude, 13);
    ck_assert_int_eq(s->stage, MR_S_CBEVENT); /* AA holds Douro */
    act(MR_A_NOEVENT, 0);
    ck_assert_int_eq(s->stage, MR_S_ARTROLL);
    act(MR_A_ROLL, 0); /* the artillery die shows 2: no success */
    /* LM-EXMC-12 ratio 2 */
    ck_assert_int_eq(s->cb.ratio[MR_AA], 2);
    ck_assert_int_eq(s->cb.ratio[MR_FR], 0);
    ck_assert_int_eq(s->stage, MR_S_HEAD);
    ck_assert_int_eq(s->who, MR_AA); /* LM-MELEE-17: the attacker names his head unit first */
    act(MR_A_HEAD, U("Tilson"));
    ck_assert_int_eq(s->who, MR_FR);
    act(MR_A_HEAD, U("Heudelet"));
    {
        /* exact odds of this melee (issue item 8): AA 6 + 1d6 against French 4 + 1d6 */
        mr_combat_odds o;
        ck_assert_int_eq(mr_combat_odds_get(&o, g), WG_OK);
        ck_assert_uint_eq(o.total, 36);
        ck_assert_int_eq(mr_cp_total(&o.base[MR_AA]), 6);
        ck_assert_int_eq(o.base[MR_AA].river, -1); /* LM-RIVER-02 */
        ck_assert_int_eq(o.base[MR_AA].sv, 1);
        ck_assert_int_eq(mr_cp_total(&o.base[MR_FR]), 4);
        ck_assert_uint_eq(o.att_win, 26);
        ck_assert_uint_eq(o.draw, 4);
        ck_assert_uint_eq(o.def_win, 6);
        ck_assert_uint_eq(o.diff[MR_ODDS_MAXD - 1], 3); /* difference -1 (the printed outcome): da - dd = -3 */
        ck_assert_uint_eq(o.gap, 0);
        uint64_t rsum = 0;
        for (int i = 0; i < 8; i++)
            rsum += o.retreat[i];
        ck_assert_uint_eq(rsum, 36);
        ck_assert_uint_eq(o.retreat[0], 4); /* the four draws: no retreat (LM-MELEE-23) */
        ck_assert_int_eq(s->cb.step, MR_CB_DIE_ATT); /* the query changes nothing */
        ck_assert_int_eq(s->cb.die[MR_AA], 0);
        /* the same through the public API */
        int64_t v[WG_MR_ODDS_COUNT];
        size_t n = 0;
        ck_assert_int_eq(wg_marechaux_combat_odds(NULL, 0, &n, g), WG_EBUFSIZE);
        ck_assert_uint_eq(n, WG_MR_ODDS_COUNT);
        ck_assert_int_eq(wg_marechaux_combat_odds(v, 10, &n, g), WG_EBUFSIZE);
        ck_assert_int_eq(wg_marechaux_combat_odds(v, WG_MR_ODDS_COUNT, &n, g), WG_OK);
        ck_assert_int_eq(v[WG_MR_ODDS_TOTAL], 36);
        ck_assert_int_eq(v[WG_MR_ODDS_ATTACKER], MR_AA);
        ck_assert_int_eq(v[WG_MR_ODDS_ATT_WINS], 26);
        ck_assert_int_eq(v[WG_MR_ODDS_DRAWS], 4);
        ck_assert_int_eq(v[WG_MR_ODDS_ATT_CP + 2], 2);  /* strength ratio */
        ck_assert_int_eq(v[WG_MR_ODDS_ATT_CP + 7], -1); /* back to the river */
        ck_assert_int_eq(v[WG_MR_ODDS_DEF_CP + 3], 4);  /* Heudelet */
        ck_assert_int_eq(v[WG_MR_ODDS_DIFF + 40 - 1], 3);
        int64_t sum = 0;
        for (int k = 0; k < 16; k++)
            sum += v[WG_MR_ODDS_LOSS_FR + k];
        ck_assert_int_eq(sum, 36);
        char txt[1024];
        ck_assert_int_eq(wg_marechaux_combat_odds_text(txt, sizeof txt, &n, g), WG_OK);
        ck_assert_ptr_nonnull(strstr(txt, "attacker wins 26"));
        ck_assert_ptr_nonnull(strstr(txt, "river -1"));
        ck_assert_int_eq(wg_marechaux_combat_odds_text(txt, 8, &n, g), WG_EBUFSIZE);
        ck_assert_int_eq(wg_marechaux_combat_odds(v, WG_MR_ODDS_COUNT, NULL, g), WG_EINVAL);
    }
    act(MR_A_ROLL, 2); /* AA die */
    wg_game_event_count(&ev0, g);
    act(MR_A_ROLL, 5); /* French die */
    /* LM-EXMC-11 LM-EXMC-12: French 9, AA 8 */
    ck_assert_int_eq(s->cb.cp[MR_FR], 9);
    ck_assert_int_eq(s->cb.cp[MR_AA], 8);
    /* LM-EXMC-13: 1/1, retreat 1; the first losses on the head units */
    ck_assert_int_eq(s->cb.winner, MR_FR);
    ck_assert_int_eq(s->cb.retreat, 1);
    ck_assert_int_eq(s->stage, MR_S_LOSS);
    ck_assert_int_ne(wg_game_choose_action(g, MR_ACT(MR_A_LOSS, U("Silveira"))), WG_OK); /* LM-MELEE-22 */
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "LM-MELEE-22"));
    act(MR_A_LOSS, U("Tilson"));
    act(MR_A_LOSS, U("Heudelet"));
    ck_assert_int_eq(s->u[U("Tilson")].steps, 1); /* LM-OOB-03: a box crossed out, morale now 3 */
    ck_assert_int_eq(mr_unit_morale(MR_RD(g), s, U("Tilson")), 3);
    ck_assert_int_eq(s->u[U("Heudelet")].steps, 3);
    /* LM-EXMC-14, LM-RETREAT-05: retreat over the bridge, one more loss given to Lopes de Sousa */
    ck_assert_int_eq(s->u[U("Tilson")].zone, Z("Lamego"));
    ck_assert_int_eq(s->stage, MR_S_LOSS);
    act(MR_A_LOSS, U("Lopes de Sousa"));
    ck_assert_int_eq(s->u[U("Lopes de Sousa")].steps, 1);
    /* LM-EXMC-15: die 4 + 1 = 5 > Tilson's 3 */
    ck_assert_int_eq(s->stage, MR_S_DEMROLL);
    act(MR_A_ROLL, 4);
    ck_assert(s->u[U("Tilson")].flags & MR_UF_DEMOR);
    /* LM-EXMC-16: pursuit: AA 2d6 = 7 (+1) = 8, French 6 + 1 + 2 = 9: one loss, artillery first */
    ck_assert_int_eq(s->stage, MR_S_PURSUIT);
    act(MR_A_ROLL, 7);
    act(MR_A_ROLL, 6);
    ck_assert_int_eq(s->stage, MR_S_LOSS);
    ck_assert_int_ne(wg_game_choose_action(g, MR_ACT(MR_A_LOSS, U("Silveira"))), WG_OK); /* LM-PURSUIT-06 */
    act(MR_A_LOSS, U("Portuguese artillery"));
    ck_assert_int_eq(s->u[U("Portuguese artillery")].zone, MR_Z_ELIM);
    /* LM-EXMC-17: Beresford's test, 2d6 = 9: survives */
    ck_assert_int_eq(s->stage, MR_S_CDRROLL);
    act(MR_A_ROLL, 9);
    ck_assert_int_ge(s->u[U("Beresford")].zone, 0);
    /* LM-EXMC-18: no A combattu, both activated */
    ck_assert_int_eq(s->u[U("Tilson")].acomb, 0);
    ck_assert_int_eq(s->u[U("Heudelet")].acomb, 0);
    /* LM-EXMC-19: AA lost 5 steps (fatigue 2, melee 1, bridge 1, pursuit 1), the French 1 */
    int aa_left = s->u[U("Tilson")].steps + s->u[U("Silveira")].steps + s->u[U("Lopes de Sousa")].steps + 1;
    ck_assert_int_eq(10 - aa_left, 5);
    /* LM-EXMC-20: final state */
    ck_assert_int_eq(s->u[U("Silveira")].steps, 2);
    ck_assert_int_eq(s->u[U("Portuguese cavalry")].zone, Z("Lamego"));
    ck_assert_int_eq(s->u[U("Beresford")].zone, Z("Lamego"));
    ck_assert(!(s->u[U("Tilson")].flags & MR_UF_RIVER)); /* LM-RIVER-03 */
    ck_assert_int_eq(s->u[U("Heudelet")].zone, Z("Regua"));
    ck_assert_int_eq(s->axis[Z("Regua")][MR_FR], -1); /* LM-RETREATAXIS-07 */
    ck_assert_int_eq(s->axis[Z("Regua")][MR_AA], -1);
    ck_assert_int_eq(s->vp[MR_FR], 1); /* LM-VP-06: the artillery */
    ck_assert_int_eq(s->stage, MR_S_OPS);
    ck_assert_int_eq(s->phasing, MR_FR);
    /* LM-COMBAT-05 LM-COMBAT-06 LM-COMBAT-12: the procedure's strict order, as the events recorded it */
    static const char *const order[] = {"LM-COMBAT-01", "LM-COMBAT-04", "LM-COMBAT-10", "LM-MELEE-03",
                                        "LM-MELEE-17",  "LM-MELEE-20",  "LM-MELEE-21",  "LM-MELEE-22",
                                        "LM-RETREAT-02", "LM-DEMOR-01", "LM-PURSUIT-05", "LM-CDR-01",
                                        "LM-COMBAT-11"};
    size_t n = 0, k = 0, first = 0;
    wg_game_event_count(&n, g);
    for (size_t i = 0; i < n && k < sizeof order / sizeof order[0]; i++) {
        const char *r;
        wg_game_event_rule(&r, g, i);
        if (strcmp(r, order[k]) == 0) {
            if (k == 0)
                first = i;
            k++;
        }
    }
    ck_assert_uint_eq(k, sizeof order / sizeof order[0]);
    /* LM-COMBAT-13: the combat is located in its zone */
    char txt[256];
    size_t len;
    ck_assert_int_eq(wg_game_event_text(txt, sizeof txt, &len, g, first, MR_FR), WG_OK);
    ck_assert_ptr_nonnull(strstr(txt, "attacks in Regua"));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_example");
    TCase *tc = tcase_create("example");
    tcase_add_checked_fixture(tc, setup_example, teardown_example);
    tcase_add_test(tc, test_example);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

/* Les Maréchaux: rule items played through the engine on small fixtures built from the bundled
 * scenarios (units placed by hand on the schematic maps). Each test cites its checklist items. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "marechaux/marechaux.h"
#include "mrtest.h"
#include "testutil.h"

#define U(name) mrt_unit(g, (name))
#define Z(name) mrt_zone(g, (name))
#define C(a, b) mrt_conn(g, (a), (b), 1)
#define evslot(name) mrt_evslot(g, (name))
#define fslot(type) mrt_fslot(g, (type))

static wg_ctx *ctx;
static wg_game *g;

static int E(const char *name)
{
    const mr_rdata *rd = MR_RD(g);
    for (int e = 0; e < rd->nevt; e++)
        if (strcmp(rd->evt[e].name, name) == 0)
            return e;
    ck_abort_msg("no event %s", name);
    return -1;
}

#define ACT(t, x)                                                                                                  \
    do {                                                                                                           \
        g->opts_valid = false;                                                                                     \
        if ((t) != MR_A_EVENT && (t) != MR_A_NOEVENT)                                                          \
            mrt_pass_empty_windows(g);                                                                             \
        int rc_ = wg_game_choose_action(g, MR_ACT((t), (x)));                                                      \
        ck_assert_msg(rc_ == WG_OK, "line %d: action %d/%d (stage %d): %s", __LINE__, (t), (x), MR_ST(g)->stage,  \
                      wg_game_errmsg(g));                                                                          \
        if ((t) != MR_A_EVENT)                                                                                 \
            mrt_pass_empty_windows(g);                                                                             \
    } while (0)

#define REJECT(t, x, rule)                                                                                         \
    do {                                                                                                           \
        uint64_t h0_, h1_;                                                                                         \
        g->opts_valid = false;                                                                                     \
        wg_game_hash(&h0_, g);                                                                                     \
        ck_assert_int_eq(wg_game_choose_action(g, MR_ACT((t), (x))), WG_EILLEGAL);                                \
        ck_assert_msg(strstr(wg_game_errmsg(g), rule) != NULL, "line %d: '%s' lacks %s", __LINE__,               \
                      wg_game_errmsg(g), rule);                                                                    \
        wg_game_hash(&h1_, g);                                                                                     \
        ck_assert_uint_eq(h0_, h1_);                                                                               \
    } while (0)

static int has_opt(int t, int x)
{
    size_t n = 0;
    g->opts_valid = false;
    wg_game_option_count(&n, g);
    for (size_t i = 0; i < n; i++) {
        uint64_t a;
        wg_game_option_action(&a, g, i);
        if (a == MR_ACT(t, x))
            return 1;
    }
    return 0;
}

static int count_type(int t)
{
    size_t n = 0, k = 0;
    g->opts_valid = false;
    wg_game_option_count(&n, g);
    for (size_t i = 0; i < n; i++) {
        uint64_t a;
        wg_game_option_action(&a, g, i);
        k += MR_ATYPE(a) == t;
    }
    return (int)k;
}

static int has_rule(const char *rule)
{
    size_t n = 0;
    wg_game_event_count(&n, g);
    for (size_t i = 0; i < n; i++) {
        const char *r;
        wg_game_event_rule(&r, g, i);
        if (strcmp(r, rule) == 0)
            return 1;
    }
    return 0;
}

static void first_operation(const char *scen, int clear);

/* A game at its first operation (AA phasing), with every counter but the fleet taken off the map. */
static void fixture(const char *scen, int clear)
{
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, scen, NULL, 3), WG_OK);
    first_operation(scen, clear);
}

/* The same on the bundled 1808 map with the connections of `lines` (as printed in the map document,
   "conn A B TYPE COST") made impassable, supplied to the game as its map (the set-up slot "map"). */
static void fixture_impassable(const char *const *lines, int n)
{
    size_t len = 0;
    char *map = wgt_read_source_file("data/marechaux/1808-map.wgd", &len);
    char *out = malloc(len + 32 * (size_t)n + 64);
    ck_assert_ptr_nonnull(out);
    size_t k = 0, extra = 0;
    for (const char *p = map; *p;) {
        const char *e = strchr(p, '\n');
        size_t l = e ? (size_t)(e - p) + 1 : strlen(p);
        int hit = 0;
        for (int i = 0; i < n; i++)
            if (strlen(lines[i]) == (e ? l - 1 : l) && strncmp(p, lines[i], strlen(lines[i])) == 0) {
                const char *sp = strrchr(lines[i], ' '); /* before the cost */
                memcpy(out + k, p, (size_t)(sp - lines[i]));
                k += (size_t)(sp - lines[i]);
                memcpy(out + k, "-impassable", 11);
                k += 11;
                memcpy(out + k, p + (sp - lines[i]), l - (size_t)(sp - lines[i]));
                k += l - (size_t)(sp - lines[i]);
                hit = 1;
            }
        if (!hit && strncmp(p, "conntype ", 9) == 0 && e) { /* the vocabulary names the new types */
            static const char more[] = " road-impassable route-impassable";
            memcpy(out + k, p, l - 1);
            k += l - 1;
            memcpy(out + k, more, sizeof more - 1);
            k += sizeof more - 1;
            out[k++] = '\n';
            hit = 1;
            extra += sizeof more - 1;
        }
        if (!hit) {
            memcpy(out + k, p, l);
            k += l;
        }
        p += l;
    }
    out[k] = '\0';
    ck_assert_uint_eq(k, len + 11 * (size_t)n + extra); /* every line was found */
    ck_assert_uint_gt(extra, 0);
    wg_setup *st = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg_setup_new(&st, ctx, "marechaux", "1808"), WG_OK);
    ck_assert_int_eq(wg_setup_set_seed(st, 3), WG_OK);
    ck_assert_int_eq(wg_setup_add_data(st, "map", out, k), WG_OK);
    ck_assert_msg(wg_game_new_setup(&g, st) == WG_OK, "%s", wg_ctx_errmsg(ctx));
    wg_setup_free(st);
    free(out);
    free(map);
    first_operation("1808", 1);
}

static void first_operation(const char *scen, int clear)
{
    if (strcmp(scen, "1809") == 0)
        ACT(MR_A_HISTORIC, 0);
    else
        ACT(MR_A_ROLL, 6 * 8 + 1);
    ACT(MR_A_DRAW, evslot("Genie"));
    ACT(MR_A_KEEP, 0);
    ACT(MR_A_DRAW, evslot("Genie"));
    ACT(MR_A_KEEP, 0);
    ck_assert_int_eq(MR_ST(g)->stage, MR_S_OPS);
    ck_assert_int_eq(MR_ST(g)->phasing, MR_AA);
    if (clear) {
        const mr_rdata *rd = MR_RD(g);
        for (int u = 0; u < rd->nunit; u++)
            if (rd->unit[u].kind != MR_K_FLEET)
                MR_ST(g)->u[u].zone = MR_Z_POOL;
    }
}

static void put(const char *unit, const char *zone)
{
    MR_ST(g)->u[U(unit)].zone = (int8_t)Z(zone);
}

static void done(void)
{
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    g = NULL;
}

/* LM-SCEN1808-02 LM-SCEN1808-03 LM-SCEN1808-04 LM-SCEN1808-05 LM-SCEN1808-06 LM-SCEN1808-07 LM-SCEN1808-08 LM-SCEN1808-11, LM-MAP-07 LM-MAP-09, LM-OOB-06, LM-COMP-05: the 1808 set-up. */
START_TEST(test_1808_setup)
{
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1808", NULL, 1), WG_OK);
    const mr_rdata *rd = MR_RD(g);
    mr_state *s = MR_ST(g);
    const char *obidos[] = {"Wellesley", "1st/2nd", "3rd/4th", "5th/6th", "Trant", "20th dragon",
                            "Portuguese cavalry", "Artillery 1", "Artillery 2", "Artillery 3", "Baggage"};
    for (int i = 0; i < 11; i++)
        ck_assert_int_eq(s->u[U(obidos[i])].zone, Z("Obidos"));
    ck_assert_int_eq(s->u[U("Flotte")].zone, Z("Peniche"));
    ck_assert(rd->zflags[Z("Peniche")] & MR_ZF_PORT);
    const char *za[] = {"Delaborde", "Chasseurs", "Artillerie A"};
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(s->u[U(za[i])].zone, Z("Zone A"));
    const char *zb[] = {"Loison (chef)", "Loison", "4th dragon", "5th dragon", "Artillerie B"};
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(s->u[U(zb[i])].zone, Z("Zone B"));
    const char *li[] = {"Junot", "Charlot", "3rd dragon", "Artillerie Lisbonne", "Horse Artillery", "Bagages",
                        "F garrison 1", "F garrison 2"};
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(s->u[U(li[i])].zone, Z("Lisbonne"));
    ck_assert(rd->unit[U("Wellesley")].cic && rd->unit[U("Junot")].cic);
    ck_assert(!rd->unit[U("Loison (chef)")].cic);
    ck_assert_int_eq(rd->unit[U("Loison (chef)")].kind, MR_K_CDR);
    ck_assert_int_eq(rd->unit[U("Loison")].kind, MR_K_INF);
    ck_assert_int_eq(rd->decoys[MR_AA], 3); /* LM-SCEN1808-08 */
    ck_assert_int_eq(rd->decoys[MR_FR], 2);
    ck_assert_int_eq(rd->turns, 8);         /* LM-SCEN1808-01, GAP-09 */
    ck_assert(rd->zflags[Z("Lisbonne")] & MR_ZF_LOC_FR); /* LM-SCEN1808-07 */
    ck_assert(rd->zflags[Z("Lisbonne")] & MR_ZF_OBJ);
    /* LM-SCEN1808-09 LM-SCEN1808-10: 9 events each, all in the containers */
    ck_assert_uint_eq(wg__pool_count(&s->container[MR_AA]), 9);
    ck_assert_uint_eq(wg__pool_count(&s->container[MR_FR]), 9);
    ck_assert_uint_eq(wg__pool_count_type(&s->container[MR_AA], E("Burrard")), 1);
    ck_assert_uint_eq(wg__pool_count_type(&s->container[MR_FR], E("Kellermann")), 1);
    ck_assert_uint_eq(wg__pool_count_type(&s->container[MR_FR], E("Burrard")), 0); /* LM-EVT-02 LM-EVT-09 */
    done();
}
END_TEST

/* LM-SCEN1809-02 LM-SCEN1809-03 LM-SCEN1809-04 LM-SCEN1809-05 LM-SCEN1809-06 LM-SCEN1809-07 LM-SCEN1809-08 LM-SCEN1809-09 LM-SCEN1809-10 LM-SCEN1809-11, LM-MAP-08 LM-MAP-09, LM-INIT-04, PD-01: the 1809 set-up and free placement. */
START_TEST(test_1809_setup)
{
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1809", NULL, 1), WG_OK);
    const mr_rdata *rd = MR_RD(g);
    mr_state *s = MR_ST(g);
    int p, k;
    wg_game_decision(&p, &k, g);
    ck_assert_int_eq(p, MR_AA);
    ck_assert_int_eq(k, WG_DEC_PLACE);
    ck_assert_int_eq(s->u[U("Silveira")].zone, Z("Lamego")); /* LM-SCEN1809-03 */
    ck_assert_int_eq(s->u[U("Wellesley")].zone, MR_Z_POOL);
    /* free placement only in zones A, B, C (LM-SCEN1809-02) */
    ck_assert_int_eq(count_type(MR_A_PLACE), 3);
    ck_assert(has_opt(MR_A_PLACE, Z("Zone A")) && has_opt(MR_A_PLACE, Z("Zone B")) && has_opt(MR_A_PLACE, Z("Zone C")));
    ck_assert(!has_opt(MR_A_PLACE, Z("Oporto")));
    ACT(MR_A_PLACE, Z("Zone C")); /* Wellesley (free placement) */
    ck_assert_int_eq(s->u[U("Wellesley")].zone, Z("Zone C"));
    ck_assert(!has_opt(MR_A_HISTORIC, 0)); /* only before the first placement */
    int n = 0;
    while (s->stage == MR_S_PLACE && n++ < 40)
        ACT(MR_A_PLACE, Z("Zone A"));
    /* LM-SCEN1809-12: no initiative roll on turn 1 */
    ck_assert(has_rule("LM-SCEN1809-12"));
    ck_assert_int_eq(s->first, MR_AA);
    ck_assert_int_eq(s->stage, MR_S_EVDRAW);
    /* French set-up (LM-SCEN1809-05 LM-SCEN1809-06 LM-SCEN1809-07) */
    const char *op[] = {"Soult", "Reynaud", "Foy", "Artillerie 1", "Artillerie 2", "Horse Artillery", "Bagages"};
    for (int i = 0; i < 7; i++)
        ck_assert_int_eq(s->u[U(op[i])].zone, Z("Oporto"));
    const char *am[] = {"Loison", "Sarrut", "Heudelet", "17th/18th dragon", "19th/27th dragon", "Artillerie 3",
                        "Artillerie 4"};
    for (int i = 0; i < 7; i++)
        ck_assert_int_eq(s->u[U(am[i])].zone, Z("Amarante"));
    ck_assert_int_eq(s->u[U("13th dragon")].zone, Z("Braga"));
    ck_assert_int_eq(s->u[U("Mermet")].zone, Z("Zone D"));
    ck_assert_int_eq(s->u[U("Chasseurs")].zone, Z("Zone E"));
    ck_assert_int_eq(s->u[U("1st hussards")].zone, Z("Zone F"));
    ck_assert_int_eq(s->u[U("Delaborde")].zone, Z("Zone G"));
    /* LM-SCEN1809-08: LoCs */
    ck_assert(rd->zflags[Z("Zone A")] & MR_ZF_LOC_AA);
    ck_assert(rd->zflags[Z("Zone B")] & MR_ZF_LOC_AA);
    ck_assert(rd->zflags[Z("Espagne")] & MR_ZF_OFFMAP);
    /* LM-SCEN1809-09 LM-SCEN1809-10 LM-SCEN1809-11 */
    ck_assert_int_eq(rd->decoys[MR_AA], 3);
    ck_assert_int_eq(rd->decoys[MR_FR], 2);
    ck_assert_int_eq(s->hand[MR_AA][E("Douro")], 1); /* LM-EVT-01, LM-COMP-08: allocated at the start */
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 1);
    ck_assert_uint_eq(wg__pool_count(&s->container[MR_AA]), 13);
    ck_assert_uint_eq(wg__pool_count(&s->container[MR_FR]), 12);
    ck_assert_uint_eq(wg__pool_count_type(&s->container[MR_AA], E("Genie")), 3);
    ck_assert_uint_eq(wg__pool_count_type(&s->container[MR_FR], E("Inactivity")), 2);
    ck_assert_int_eq(rd->turns, 12); /* LM-SCEN1809-01 */
    /* LM-MAP-08: exits, a small-boat connection, a ferry with a value */
    int exits = 0, boats = 0, ferries = 0;
    for (int c = 0; c < rd->nconn; c++) {
        int b = MR_C_BASE(rd->ctype[c]);
        exits += b == MR_C_EXIT;
        boats += b == MR_C_BOAT;
        if (b == MR_C_FERRY) {
            ferries++;
            ck_assert_int_ge(rd->ccost[c], 1);
        }
    }
    ck_assert_int_ge(exits, 1);
    ck_assert_int_ge(boats, 1);
    ck_assert_int_ge(ferries, 1);
    ck_assert(rd->zflags[Z("Lamego")] & MR_ZF_SOUTH); /* LM-MAP-09 */
    ck_assert(!(rd->zflags[Z("Oporto")] & MR_ZF_SOUTH));
    done();
}
END_TEST

/* LM-INIT-01 LM-INIT-02 LM-INIT-03: 1d6 + SV, ties re-rolled, no SV once the CiC is eliminated. */
START_TEST(test_initiative)
{
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1808", NULL, 1), WG_OK);
    size_t n;
    wg_game_option_count(&n, g);
    ck_assert_uint_eq(n, 30);
    done();
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1808", NULL, 1), WG_OK);
    MR_ST(g)->u[U("Junot")].zone = MR_Z_ELIM;
    wg_game_option_count(&n, g);
    ck_assert_uint_eq(n, 32); /* 2 + a = b ties: (1,3) (2,4) (3,5) (4,6) */
    ck_assert(!has_opt(MR_A_ROLL, 1 * 8 + 3));
    ACT(MR_A_ROLL, 1 * 8 + 2); /* AA 1 + 2 = 3 > F 2 */
    ck_assert_int_eq(MR_ST(g)->first, MR_AA);
    done();
}
END_TEST

/* LM-EVT-03 LM-EVT-05 LM-EVT-06 LM-EVT-07, LM-VP-09, LM-EVENTS-02, LM-SEQ-09: events phase. */
START_TEST(test_events_phase)
{
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1808", NULL, 1), WG_OK);
    mr_state *s = MR_ST(g);
    ACT(MR_A_ROLL, 1 * 8 + 6); /* French initiative */
    ck_assert_int_eq(s->first, MR_FR);
    /* LM-EVT-03: one option per marker kind left, weight = count */
    ck_assert_int_eq(count_type(MR_A_DRAW), 9);
    ACT(MR_A_DRAW, evslot("Rifles"));
    ACT(MR_A_TEMPT, 0); /* LM-EVT-06 */
    ck_assert_int_eq(s->vp[MR_FR], 2); /* LM-VP-09 */
    ck_assert_uint_eq(wg__pool_count(&s->container[MR_AA]), 9);
    ck_assert_int_eq(s->hand[MR_AA][E("Rifles")], 0);
    ACT(MR_A_DRAW, evslot("Elan"));
    ACT(MR_A_KEEP, 0); /* LM-EVT-05: kept secretly */
    ck_assert_int_eq(s->hand[MR_FR][E("Elan")], 1);
    ck_assert_uint_eq(wg__pool_count(&s->container[MR_FR]), 8); /* LM-EVT-07 */
    ck_assert_int_eq(s->stage, MR_S_OPS);
    ck_assert_int_eq(s->phasing, MR_FR); /* LM-INIT-04 */
    /* LM-SEQ-03: two passes in a row end the phase */
    ACT(MR_A_PASS, 0);
    ACT(MR_A_PASS, 0);
    ck_assert(has_rule("LM-SEQ-03"));
    /* run the administrative phase (recuperation dice) to turn 2 */
    while (s->stage == MR_S_RECUP)
        ACT(MR_A_ROLL, 6);
    ck_assert_int_eq(s->turn, 2);
    ck_assert(has_rule("LM-VP-10")); /* LM-VP-10: a turn without combat */
    ck_assert_int_eq(s->vp[MR_AA], 1);
    /* turn 2: AA draws Burrard, starred: played at once (LM-EVENTS-02), the game ends with this turn */
    ACT(MR_A_ROLL, 6 * 8 + 1);
    ACT(MR_A_DRAW, evslot("Burrard"));
    ACT(MR_A_KEEP, 0);
    ck_assert(has_rule("LM-EVENTS-02"));
    ck_assert_int_eq(s->burrard, 1);
    ck_assert_int_eq(s->hand[MR_AA][E("Burrard")], 0);
    ACT(MR_A_DRAW, evslot("Canicule"));
    ACT(MR_A_KEEP, 0);
    ck_assert_int_eq(s->canicule, 1); /* LM-EVENTS-03 */
    ACT(MR_A_PASS, 0);
    ACT(MR_A_PASS, 0);
    while (s->stage == MR_S_RECUP)
        ACT(MR_A_ROLL, 6);
    int over = 0;
    wg_game_is_over(&over, g);
    ck_assert(over); /* LM-SEQ-09 */
    ck_assert_int_eq(s->turn, 2);
    /* LM-VP-02 LM-VP-03: Lisbon held by the French only: 6 VP (plus the 2 of tempting fate) */
    ck_assert(has_rule("LM-VP-03"));
    ck_assert_int_eq(s->vp[MR_FR], 8);
    done();
}
END_TEST

/* LM-EVT-04: an empty container draws nothing. */
START_TEST(test_empty_container)
{
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1808", NULL, 1), WG_OK);
    wg__pool_init(&MR_ST(g)->container[MR_AA], MR_RD(g)->nevt);
    ACT(MR_A_ROLL, 6 * 8 + 1);
    ck_assert(has_rule("LM-EVT-04"));
    ck_assert_int_eq(MR_ST(g)->who, MR_FR);
    ck_assert_int_eq(MR_ST(g)->stage, MR_S_EVDRAW);
    done();
}
END_TEST

/* LM-CMD-01 LM-CMD-02 LM-CMD-03 LM-CMD-08 LM-CMD-09, LM-SEQ-07, LM-COMP-03, LM-SEQ-04. */
START_TEST(test_command)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Obidos");
    put("Wellesley", "Caldas");
    put("Delaborde", "Lisbonne");
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_CMDROLL); /* LM-CMD-01 */
    ACT(MR_A_ROLL, 2);                        /* 2 + 1 (path to Wellesley) = 3: half MP */
    ck_assert_int_eq(s->u[U("1st/2nd")].mp, 3); /* LM-CMD-08: 6 -> 3 */
    ck_assert(s->u[U("1st/2nd")].flags & MR_UF_ACT);
    ACT(MR_A_STOP, 0);
    ck_assert_int_eq(s->phasing, MR_FR);
    ACT(MR_A_PASS, 0);
    /* LM-COMP-03/LM-SEQ-04: the activated unit cannot be activated again */
    REJECT(MR_A_MOVE, Z("Obidos"), "LM-SEQ-04");
    /* LM-CMD-02: a stack with the CiC moves without a test */
    ACT(MR_A_MOVE, Z("Caldas"));
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_MOVE);
    ck_assert(has_rule("LM-CMD-02"));
    ck_assert_int_eq(s->u[U("Wellesley")].mp, 10); /* LM-CDR-02 */
    ACT(MR_A_CONN, C("Caldas", "Zone B"));
    ck_assert_int_eq(s->stage, MR_S_FDRAW); /* LM-FOG-02: a lone commander draws too */
    ck_assert_int_eq(s->mv.pending, 1);
    ACT(MR_A_DRAW, fslot(3));
    ck_assert_int_eq(s->u[U("Wellesley")].zone, Z("Zone B"));
    if (s->stage == MR_S_FRETURN)
        ACT(MR_A_NORETURN, 0);
    ACT(MR_A_STOP, 0);
    done();

    fixture("1808", 1);
    s = MR_ST(g);
    put("1st/2nd", "Obidos");
    put("3rd/4th", "Obidos");
    put("Wellesley", "Obidos");
    /* LM-CMD-03: a stack in the CiC's zone needs no test (LM-STACK-02 LM-STACK-03: a stack made of a part of the
       zone's units, here without its commander) */
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_TOGGLE, U("Wellesley"));
    ACT(MR_A_TOGGLE, U("3rd/4th"));
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_MOVE);
    ck_assert(!(s->u[U("3rd/4th")].flags & MR_UF_ACT));
    ACT(MR_A_STOP, 0);
    done();

    fixture("1808", 1);
    s = MR_ST(g);
    put("1st/2nd", "Obidos");
    put("Wellesley", "Lisbonne");
    put("Junot", "Loures"); /* blocks nothing on purpose: the path Lisbonne - Obidos is long but clear */
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_ROLL, 1); /* 1 + 1 = 2: LM-CMD-09 */
    ck_assert(has_rule("LM-CMD-09"));
    ck_assert(s->u[U("1st/2nd")].flags & MR_UF_ACT);
    ck_assert_int_eq(s->u[U("1st/2nd")].zone, Z("Obidos"));
    ck_assert_int_eq(s->phasing, MR_FR); /* LM-SEQ-07 */
    done();
}
END_TEST

/* LM-MOVE-01 LM-MOVE-02 LM-MOVE-03 LM-MOVE-04 LM-MOVE-05, LM-BAGGAGE-02, LM-STACK-05, LM-FATIGUE-01 LM-FATIGUE-03 LM-FATIGUE-04 LM-FATIGUE-11 LM-FATIGUE-13, LM-FOG-02. */
START_TEST(test_movement)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("Wellesley", "Obidos");
    put("Baggage", "Obidos");
    put("Artillery 1", "Obidos");
    put("1st/2nd", "Obidos");
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_DONE, 0);
    /* LM-BAGGAGE-02: no path connection with baggage or artillery */
    ck_assert(!has_opt(MR_A_CONN, C("Obidos", "Lourinha")));
    REJECT(MR_A_CONN, C("Obidos", "Lourinha"), "LM-BAGGAGE-02");
    ck_assert(has_opt(MR_A_CONN, C("Obidos", "Zone A")));
    unsigned before = wg__pool_count(&s->fatigue);
    ACT(MR_A_CONN, C("Obidos", "Zone A")); /* LM-MOVE-01 LM-MOVE-04 */
    ck_assert_int_eq(s->u[U("1st/2nd")].mp, 5);
    ck_assert_int_eq(s->u[U("Baggage")].mp, 3);
    ck_assert_int_eq(s->mv.pending, 1); /* LM-FATIGUE-01 */
    ACT(MR_A_DRAW, fslot(3));
    ck_assert_uint_eq(wg__pool_count(&s->fatigue), before - 1);
    ACT(MR_A_NORETURN, 0);
    /* fatigue 3 = morale 3 of 1st/2nd's box at 4 steps? boxes 2,3,3,4: morale 4: no loss */
    ck_assert_int_eq(s->u[U("1st/2nd")].steps, 4);
    /* LM-STACK-05: leave the artillery here */
    ACT(MR_A_DROP, U("Artillery 1"));
    ACT(MR_A_CONN, C("Zone A", "Torres Vedras"));
    ck_assert_int_eq(s->u[U("Artillery 1")].zone, Z("Zone A"));
    ACT(MR_A_DRAW, fslot(3));
    ck_assert_int_eq(s->mv.fatigue, 6);
    ACT(MR_A_FRETURN, 3); /* LM-FATIGUE-07 LM-FATIGUE-08 LM-FATIGUE-09: two returns (commander and baggage) */
    ck_assert_int_eq(s->stage, MR_S_FRETURN);
    ACT(MR_A_FRETURN, 3);
    ck_assert_int_eq(s->mv.fatigue, 0);
    ck_assert(has_rule("LM-FATIGUE-08") && has_rule("LM-FATIGUE-07"));
    ck_assert(s->u[U("1st/2nd")].flags & MR_UF_RIVER); /* LM-RIVER-01: the Sizandro bridge */
    /* LM-MOVE-03: MP run out: baggage has 2 left, Mafra costs 1 (road): ok; then ... */
    ACT(MR_A_CONN, C("Torres Vedras", "Mafra"));
    ACT(MR_A_DRAW, fslot(0));
    ACT(MR_A_CONN, C("Mafra", "Sintra"));
    ACT(MR_A_DRAW, fslot(0));
    ck_assert_int_eq(s->u[U("Baggage")].mp, 0);
    REJECT(MR_A_CONN, C("Sintra", "Lisbonne"), "LM-MOVE-03");
    ACT(MR_A_STOP, 0); /* LM-MOVE-09 */
    ck_assert_uint_eq(wg__pool_count(&s->fatigue), before); /* LM-FATIGUE-11 */
    done();

    /* LM-FATIGUE-03 LM-FATIGUE-04 LM-FATIGUE-06 LM-FATIGUE-12 LM-FATIGUE-13: size, cut-off, enemy zone; artillery and commanders never tested */
    fixture("1808", 1);
    s = MR_ST(g);
    put("1st/2nd", "Peniche");
    put("3rd/4th", "Peniche");
    put("5th/6th", "Peniche");
    put("Artillery 1", "Peniche");
    put("Wellesley", "Peniche");
    put("Delaborde", "Obidos");
    put("Junot", "Caldas");
    s->u[U("Flotte")].zone = (int8_t)Z("Lisbonne"); /* the LoC is now beyond the French stack */
    ACT(MR_A_MOVE, Z("Peniche"));
    ACT(MR_A_DONE, 0);
    ck_assert(mr_cut_off(MR_RD(g), s, Z("Peniche"), MR_AA));
    ACT(MR_A_CONN, C("Peniche", "Obidos"));
    /* LM-FATIGUE-02: 13 steps: +1; cut off: +1; enemy stack: +1, all cumulative */
    ck_assert_int_eq(s->mv.pending, 4);
    ck_assert(has_rule("LM-FATIGUE-03"));
    ACT(MR_A_DRAW, fslot(1));
    ACT(MR_A_DRAW, fslot(1));
    ACT(MR_A_DRAW, fslot(1));
    ACT(MR_A_DRAW, fslot(3));
    ck_assert_int_eq(s->stage, MR_S_FRETURN); /* Wellesley's return: declined */
    ACT(MR_A_NORETURN, 0);
    /* fatigue 6 > morale 4: each infantry unit stops and loses a step; artillery is not tested */
    ck_assert_int_eq(s->u[U("1st/2nd")].steps, 3);
    ck_assert_int_eq(s->u[U("5th/6th")].steps, 3);
    ck_assert(s->u[U("1st/2nd")].flags & MR_UF_STOP);
    ck_assert(!(s->u[U("Artillery 1")].flags & MR_UF_STOP)); /* LM-BAGGAGE-01 */
    ck_assert(!(s->u[U("Wellesley")].flags & MR_UF_STOP));   /* LM-CDR-03 */
    ck_assert(has_rule("LM-FATIGUE-12"));
    /* the French place their axis (LM-RETREATAXIS-01 LM-RETREATAXIS-04) */
    ck_assert_int_eq(s->stage, MR_S_AXIS);
    ck_assert(!has_opt(MR_A_AXIS, C("Peniche", "Obidos")));
    REJECT(MR_A_AXIS, C("Peniche", "Obidos"), "LM-RETREATAXIS-04");
    ACT(MR_A_AXIS, C("Obidos", "Caldas"));
    ck_assert_int_eq(s->stage, MR_S_FORCE); /* LM-MOVE-05 */
    ACT(MR_A_STOP, 0);
    done();
}
END_TEST

/* LM-DISENG-01 LM-DISENG-05 LM-DISENG-09 LM-DISENG-10, LM-RETREATAXIS-03 LM-RETREATAXIS-05 LM-RETREATAXIS-06 LM-RETREATAXIS-07, GAP-29/31. */
START_TEST(test_disengagement_and_axes)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("20th dragon", "Zone A");
    put("Portuguese cavalry", "Zone A");
    put("Delaborde", "Zone A");
    put("Wellesley", "Zone A");
    s->axis[Z("Zone A")][MR_AA] = (int8_t)C("Zone A", "Obidos");
    s->axis[Z("Zone A")][MR_FR] = (int8_t)C("Zone A", "Torres Vedras");
    put("Loison", "Torres Vedras");
    REJECT(MR_A_MOVE, Z("Zone A"), "LM-DISENG-01");
    ACT(MR_A_DISENG, Z("Zone A"));
    ACT(MR_A_TOGGLE, U("Wellesley"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_DECLARE, 1); /* the French declare (0 cavalry), LM-DISENG-08 */
    ACT(MR_A_DECLARE, 1);
    ACT(MR_A_ROLL, 3); /* 3 - 1 (more cavalry) - 1 (all cavalry) = 1: success (LM-DISENG-05) */
    ck_assert(has_rule("LM-DISENG-05")); /* LM-SEQ-08: disengagement, then movement, in one operation */
    /* GAP-29: the move needs a command test, but the CiC's zone exempts it (LM-CMD-03) */
    ck_assert_int_eq(MR_ST(g)->stage, MR_S_MOVE);
    /* LM-DISENG-09: not by the French axis */
    ck_assert(!has_opt(MR_A_CONN, C("Zone A", "Torres Vedras")));
    REJECT(MR_A_CONN, C("Zone A", "Torres Vedras"), "LM-DISENG-09");
    ACT(MR_A_CONN, C("Zone A", "Zone B"));
    ck_assert_int_eq(s->u[U("20th dragon")].zone, Z("Zone B"));
    ACT(MR_A_DRAW, fslot(0));
    ACT(MR_A_STOP, 0);
    done();

    /* LM-DISENG-10, LM-RETREATAXIS-03: entering an enemy zone by the first connection after a disengagement */
    fixture("1808", 1);
    s = MR_ST(g);
    put("1st/2nd", "Zone A");
    put("Wellesley", "Zone A");
    put("Delaborde", "Zone A");
    put("Loison", "Lourinha");
    s->axis[Z("Zone A")][MR_AA] = (int8_t)C("Zone A", "Obidos");
    s->axis[Z("Zone A")][MR_FR] = (int8_t)C("Zone A", "Torres Vedras");
    ACT(MR_A_DISENG, Z("Zone A"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_DECLARE, 0);
    ACT(MR_A_DECLARE, 0); /* LM-DISENG-07: undeclared: +1 */
    ACT(MR_A_ROLL, 1); /* 1 + 1 = 2 */
    ACT(MR_A_CONN, C("Zone A", "Lourinha"));
    ACT(MR_A_DRAW, fslot(0));
    ACT(MR_A_DRAW, fslot(0));
    ck_assert_int_eq(s->axis[Z("Lourinha")][MR_AA], -2);
    ck_assert(has_rule("LM-RETREATAXIS-03"));
    ck_assert_int_eq(s->stage, MR_S_AXIS);
    ACT(MR_A_AXIS, C("Lourinha", "Vimeiro"));
    ACT(MR_A_STOP, 0);
    /* the French stack in Zone A is alone now: its markers are kept until a combat ends there;
       LM-RETREATAXIS-05: an AA stack entering Lourinha by the French axis connection removes it */
    ck_assert_int_eq(s->phasing, MR_FR);
    ACT(MR_A_PASS, 0);
    put("3rd/4th", "Vimeiro");
    ACT(MR_A_MOVE, Z("Vimeiro"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_ROLL, 6);
    ACT(MR_A_CONN, C("Vimeiro", "Lourinha"));
    ACT(MR_A_DRAW, fslot(0));
    ACT(MR_A_DRAW, fslot(0));
    ck_assert_int_eq(s->axis[Z("Lourinha")][MR_FR], -2);
    ck_assert(has_rule("LM-RETREATAXIS-05"));
    /* LM-RETREATAXIS-06: the newcomer shares its side's status (no axis) */
    ck_assert_int_eq(s->axis[Z("Lourinha")][MR_AA], -2);
    ACT(MR_A_STOP, 0);
    done();
}
END_TEST

/* LM-COMBAT-02 LM-COMBAT-03 LM-COMBAT-04 LM-COMBAT-07 LM-COMBAT-08 LM-COMBAT-09, LM-DECOY-04, LM-MELEE-08 LM-MELEE-16 LM-MELEE-18, LM-RETREAT-03 LM-RETREAT-04, LM-PURSUIT-02, LM-CDR-01. */
START_TEST(test_combat_rules)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    /* the French hold Vimeiro (defensive) with infantry and cavalry and a decoy; AA attacks */
    put("1st/2nd", "Vimeiro");
    put("3rd/4th", "Vimeiro");
    put("5th/6th", "Vimeiro");
    put("20th dragon", "Vimeiro");
    put("Delaborde", "Vimeiro");
    put("Chasseurs", "Vimeiro");
    put("F decoy 1", "Vimeiro");
    s->axis[Z("Vimeiro")][MR_AA] = -2; /* no axis: -2 CP (LM-MELEE-08) */
    s->axis[Z("Vimeiro")][MR_FR] = (int8_t)C("Vimeiro", "Maceira");
    ACT(MR_A_COMBAT, Z("Vimeiro"));
    ACT(MR_A_TOGGLE, U("5th/6th")); /* LM-COMBAT-02: the attacker chooses */
    ACT(MR_A_DONE, 0);
    ck_assert(s->u[U("Delaborde")].flags & MR_UF_SEL); /* LM-COMBAT-03 */
    ck_assert(s->u[U("Chasseurs")].flags & MR_UF_SEL);
    ck_assert_int_eq(s->u[U("F decoy 1")].zone, MR_Z_POOL); /* LM-DECOY-04 */
    ck_assert(has_rule("LM-DECOY-04") && has_rule("LM-COMBAT-04"));
    /* amplitude 4 + 4 + 1 + 4 + 1 = 14 */
    ck_assert_int_eq(s->cb.amplitude, 14);
    /* LM-MELEE-18: the cavalry cannot be the head unit in a defensive zone with infantry */
    ck_assert_int_eq(s->stage, MR_S_HEAD);
    ck_assert(!has_opt(MR_A_HEAD, U("20th dragon")));
    REJECT(MR_A_HEAD, U("20th dragon"), "LM-MELEE-18");
    ACT(MR_A_HEAD, U("1st/2nd"));
    ck_assert(!has_opt(MR_A_HEAD, U("Chasseurs")));
    ACT(MR_A_HEAD, U("Delaborde"));
    ACT(MR_A_ROLL, 6);
    mr_cp cp;
    mr_combat_cp(g, MR_AA, &cp);
    ck_assert_int_eq(cp.noaxis, -2);
    ck_assert_int_eq(cp.ratio, 2); /* 8 + ceil(1/2) = 9 against 4 + 1 = 5: 9/5 -> 2 */
    mr_combat_cp(g, MR_FR, &cp);
    ck_assert_int_eq(cp.terrain, rd->defval[Z("Vimeiro")]); /* LM-MELEE-07 */
    ACT(MR_A_ROLL, 1);
    /* AA 0+2+4-2+6 = 10, F 4+1+1 = 6: AA wins by 4: 0/1 at 11-15, retreat 2 */
    ck_assert_int_eq(s->cb.winner, MR_AA);
    ck_assert_int_eq(s->cb.diff, 4);
    ck_assert_int_eq(s->cb.loss[MR_AA], 0);
    ck_assert_int_eq(s->cb.loss[MR_FR], 1);
    ACT(MR_A_LOSS, U("Delaborde"));
    ck_assert_int_eq(s->u[U("Delaborde")].zone, Z("Maceira"));
    ck_assert(s->u[U("Delaborde")].flags & MR_UF_ACT); /* LM-RETREAT-04 */
    /* LM-RETREAT-02: the second zone is the French player's choice; only Vimeiro links Maceira: stop */
    ck_assert_int_eq(s->stage, MR_S_DEMROLL); /* Maceira is a dead end: the retreat stops there */
    ACT(MR_A_ROLL, 1);
    /* LM-PURSUIT-02: Vimeiro is defensive: no pursuit */
    ck_assert(!has_rule("LM-PURSUIT-05"));
    /* LM-COMBAT-11: the non-activated stacks get "A combattu" */
    ck_assert_int_eq(s->u[U("1st/2nd")].acomb, 1);
    ck_assert_int_eq(s->u[U("5th/6th")].acomb, 0);
    ck_assert_int_eq(s->stage, MR_S_OPS);
    ck_assert_int_eq(s->phasing, MR_FR);
    ACT(MR_A_PASS, 0);
    ck_assert(!has_opt(MR_A_COMBAT, Z("Vimeiro"))); /* the French left the zone */
    /* LM-SEQ-06: combat is no activation: the stack that fought moves in a later operation;
       LM-FATIGUE-05: the stack with "A combattu" draws before it moves */
    ACT(MR_A_MOVE, Z("Vimeiro"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_ROLL, 6);
    ck_assert_int_eq(s->stage, MR_S_FDRAW);
    ck_assert_int_eq(s->mv.pending, 1);
    ACT(MR_A_DRAW, fslot(0));
    ck_assert_int_eq(s->u[U("1st/2nd")].acomb, 0);
    ACT(MR_A_STOP, 0);
    done();

    /* LM-COMBAT-07 LM-COMBAT-08 LM-COMBAT-09: an all-cavalry stack with an axis may withdraw; LM-MELEE-16 ratio above ten */
    fixture("1808", 1);
    s = MR_ST(g);
    put("1st/2nd", "Caldas");
    put("3rd/4th", "Caldas");
    put("5th/6th", "Caldas");
    put("Chasseurs", "Caldas");
    s->axis[Z("Caldas")][MR_AA] = (int8_t)C("Caldas", "Obidos");
    s->axis[Z("Caldas")][MR_FR] = (int8_t)C("Caldas", "Zone B");
    ACT(MR_A_COMBAT, Z("Caldas"));
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_WITHDRAW);
    ck_assert_int_eq(s->who, MR_FR);
    ACT(MR_A_WITHDRAW, 0);
    ACT(MR_A_ROLL, 6); /* 6 - 1 (more cavalry) - 1 (all cavalry) = 4: fails, the combat goes on (GAP-49) */
    ck_assert(has_rule("LM-COMBAT-08"));
    ck_assert_int_eq(s->u[U("Chasseurs")].zone, Z("Caldas"));
    ck_assert(s->cb.ratio10[MR_AA]); /* 12 against 1 */
    ACT(MR_A_HEAD, U("1st/2nd"));
    ACT(MR_A_HEAD, U("Chasseurs"));
    ACT(MR_A_ROLL, 6);
    ACT(MR_A_ROLL, 1);
    ck_assert_int_eq(s->cb.winner, MR_AA);
    ck_assert_int_eq(s->cb.loss[MR_AA], 0); /* LM-MELEE-16 */
    done();
}
END_TEST

/* LM-COMBAT-07 LM-COMBAT-08 LM-COMBAT-09: a successful withdrawal: one zone back along the axis, a pursuit, no "A combattu". */
START_TEST(test_withdrawal_success)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Caldas");
    put("20th dragon", "Caldas");
    put("Chasseurs", "Caldas");
    s->axis[Z("Caldas")][MR_AA] = (int8_t)C("Caldas", "Obidos");
    s->axis[Z("Caldas")][MR_FR] = (int8_t)C("Caldas", "Zone B");
    ACT(MR_A_COMBAT, Z("Caldas"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_WITHDRAW, 0);
    ACT(MR_A_ROLL, 2); /* 2 + 1 (equal cavalry) - 1 (all cavalry) = 2: success */
    ck_assert_int_eq(s->u[U("Chasseurs")].zone, Z("Zone B"));
    ck_assert_int_eq(s->stage, MR_S_PURSUIT); /* cavalry 1 against 1 */
    ACT(MR_A_ROLL, 2);                        /* the French 2d6 */
    ACT(MR_A_ROLL, 6);                        /* AA 6 + 1 against 2 + 1: 4 losses */
    ck_assert_int_eq(s->stage, MR_S_LOSS);
    ACT(MR_A_LOSS, U("Chasseurs"));
    ck_assert_int_eq(s->u[U("Chasseurs")].zone, MR_Z_ELIM);
    ck_assert_int_eq(s->u[U("1st/2nd")].acomb, 0);
    ck_assert_int_eq(s->stage, MR_S_OPS);
    done();
}
END_TEST

/* LM-RETREAT-03, LM-GARRISON-05 LM-GARRISON-06, LM-MELEE-19 LM-MELEE-23, LM-BAGGAGE-03, LM-CDR-04. */
START_TEST(test_retreat_garrison_baggage)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Lisbonne");
    put("3rd/4th", "Lisbonne");
    put("F garrison 1", "Lisbonne");
    put("F garrison 2", "Lisbonne");
    put("Charlot", "Lisbonne");
    s->axis[Z("Lisbonne")][MR_AA] = (int8_t)C("Lisbonne", "Sintra");
    s->axis[Z("Lisbonne")][MR_FR] = -2;
    ACT(MR_A_COMBAT, Z("Lisbonne"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_HEAD, U("1st/2nd"));
    ck_assert(has_opt(MR_A_HEAD, U("F garrison 1"))); /* LM-MELEE-19 */
    ACT(MR_A_HEAD, U("Charlot"));
    ACT(MR_A_ROLL, 6);
    ACT(MR_A_ROLL, 1);
    /* AA 4+1+6 = 11 (ratio 4/4: none), F 3+1-2+1 = 3: difference 8, amplitude 8 */
    ck_assert_int_eq(s->cb.winner, MR_AA);
    ck_assert_int_eq(s->stage, MR_S_LOSS);
    ck_assert_int_eq(s->who, MR_FR);
    ACT(MR_A_LOSS, U("Charlot"));      /* the head unit first */
    ACT(MR_A_LOSS, U("F garrison 1")); /* LM-GARRISON-05: a garrison that suffers a loss is eliminated */
    ck_assert_int_eq(s->u[U("F garrison 1")].zone, MR_Z_POOL);
    ck_assert(has_rule("LM-GARRISON-05"));
    while (s->stage == MR_S_LOSS)
        ACT(MR_A_LOSS, U("Charlot"));
    /* LM-GARRISON-06: the other garrison must retreat: eliminated; LM-RETREAT-03: no axis: stays, extra loss */
    ck_assert(has_rule("LM-GARRISON-06"));
    ck_assert_int_eq(s->u[U("F garrison 2")].zone, MR_Z_POOL);
    ck_assert(has_rule("LM-RETREAT-03"));
    ck_assert_int_eq(s->u[U("Charlot")].zone, MR_Z_ELIM); /* 3 melee losses + 1 for the blocked retreat */
    ck_assert_int_eq(s->vp[MR_AA], 2); /* Charlot only: garrisons score nothing (LM-VP-04) */
    done();

    /* LM-BAGGAGE-03: baggage and artillery alone are eliminated when troops enter */
    fixture("1808", 1);
    s = MR_ST(g);
    put("20th dragon", "Sintra");
    put("Wellesley", "Sintra");
    put("Bagages", "Lisbonne");
    put("Artillerie Lisbonne", "Lisbonne");
    ACT(MR_A_MOVE, Z("Sintra"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_CONN, C("Sintra", "Lisbonne"));
    ck_assert_int_eq(s->u[U("Bagages")].zone, MR_Z_ELIM);
    ck_assert_int_eq(s->u[U("Artillerie Lisbonne")].zone, MR_Z_ELIM);
    ck_assert_int_eq(s->vp[MR_AA], 3); /* LM-VP-06 LM-VP-07 */
    ck_assert(has_rule("LM-BAGGAGE-03"));
    done();

    /* LM-CDR-04: a lone commander tests, survives and moves away; the stack goes on */
    fixture("1808", 1);
    s = MR_ST(g);
    put("20th dragon", "Sintra");
    put("Wellesley", "Sintra");
    put("Trant", "Sintra");
    put("Junot", "Lisbonne");
    ACT(MR_A_MOVE, Z("Sintra"));
    ACT(MR_A_TOGGLE, U("Trant"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_CONN, C("Sintra", "Lisbonne"));
    ck_assert_int_eq(s->stage, MR_S_CDRROLL);
    ACT(MR_A_ROLL, 7);
    ck_assert_int_eq(s->stage, MR_S_CDRMOVE);
    ck_assert_int_eq(s->who, MR_FR);
    ck_assert(!has_opt(MR_A_CDRZONE, C("Lisbonne", "Sintra"))); /* not back into the AA stack */
    ACT(MR_A_CDRZONE, C("Lisbonne", "Loures"));
    ck_assert_int_eq(s->u[U("Junot")].zone, Z("Loures"));
    /* LM-FATIGUE-06: a lone commander brings no extra marker */
    ck_assert_int_eq(s->mv.pending, 1);
    ACT(MR_A_DRAW, fslot(0));
    ck_assert_int_eq(s->stage, MR_S_MOVE);
    ACT(MR_A_STOP, 0);
    done();
}
END_TEST

/* LM-GARRISON-01 LM-GARRISON-02 LM-GARRISON-03, LM-RECUP-01 LM-RECUP-02 LM-RECUP-03 LM-RECUP-04, LM-DEMOR-04, LM-ADMIN-01 LM-ADMIN-02. */
START_TEST(test_garrison_and_admin)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Obidos");
    put("Wellesley", "Obidos");
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_DONE, 0);
    ck_assert(has_opt(MR_A_GARRISON, U("1st/2nd")));
    ACT(MR_A_GARRISON, U("1st/2nd"));
    ck_assert_int_eq(s->u[U("1st/2nd")].steps, 3);
    ck_assert_int_eq(s->u[U("AA garrison 1")].zone, Z("Obidos"));
    REJECT(MR_A_GARRISON, U("1st/2nd"), "GAP-52");
    ACT(MR_A_STOP, 0);
    ACT(MR_A_PASS, 0);
    /* LM-GARRISON-02: the garrison is immobile: the zone has nothing left to move */
    REJECT(MR_A_MOVE, Z("Obidos"), "LM-SEQ-04");
    ACT(MR_A_PASS, 0);
    /* administrative phase: 1st/2nd was activated: no recuperation; and its garrison loss never recovers */
    ck_assert_int_ne(s->stage, MR_S_RECUP);
    ck_assert_int_eq(s->turn, 2);
    ck_assert(!(s->u[U("1st/2nd")].flags & MR_UF_ACT)); /* LM-ADMIN-02 */
    done();

    fixture("1808", 1);
    s = MR_ST(g);
    put("1st/2nd", "Obidos");
    put("3rd/4th", "Caldas");
    put("Trant", "Peniche");
    s->u[U("1st/2nd")].steps = 2;
    s->u[U("3rd/4th")].steps = 2;
    s->u[U("3rd/4th")].acomb = 1;  /* LM-RECUP-01, GAP-18 */
    s->u[U("Trant")].flags |= MR_UF_DEMOR;
    put("5th/6th", "Obidos"); /* LM-RECUP-03: its only loss created a garrison: no test */
    s->u[U("5th/6th")].steps = 3;
    s->u[U("5th/6th")].gar_loss = 1;
    ACT(MR_A_PASS, 0);
    ACT(MR_A_PASS, 0);
    ck_assert_int_eq(s->stage, MR_S_RECUP); /* LM-RECUP-04: recuperation first */
    ck_assert_int_eq(s->cur, U("1st/2nd"));
    ACT(MR_A_ROLL, 3); /* 3 <= morale 3 (2 steps): one loss erased (LM-RECUP-02) */
    ck_assert_int_eq(s->u[U("1st/2nd")].steps, 3);
    ck_assert_int_eq(s->stage, MR_S_RECUP); /* then the rally of Trant (LM-DEMOR-04); 5th/6th skipped */
    ck_assert_int_eq(s->cur, U("Trant"));
    ACT(MR_A_ROLL, 4); /* 4 > 3: still demoralized */
    ck_assert(s->u[U("Trant")].flags & MR_UF_DEMOR);
    ck_assert_int_eq(s->u[U("5th/6th")].steps, 3);
    ck_assert_int_eq(s->u[U("3rd/4th")].steps, 2);
    ck_assert_int_eq(s->u[U("3rd/4th")].acomb, 0); /* LM-ADMIN-01 */
    ck_assert_int_eq(s->turn, 2);
    done();

    /* LM-RECUP-03: a loss taken to create a garrison is never recovered; LM-GARRISON-03 recovering */
    fixture("1808", 1);
    s = MR_ST(g);
    put("1st/2nd", "Obidos");
    put("Wellesley", "Obidos");
    put("AA garrison 1", "Obidos");
    s->u[U("1st/2nd")].steps = 3;
    s->u[U("1st/2nd")].gar_loss = 1;
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_RECOVER, U("1st/2nd"));
    ck_assert_int_eq(s->u[U("1st/2nd")].steps, 4);
    ck_assert_int_eq(s->u[U("1st/2nd")].gar_loss, 0);
    ck_assert_int_eq(s->u[U("AA garrison 1")].zone, MR_Z_POOL);
    ACT(MR_A_STOP, 0);
    done();
}
END_TEST

/* LM-DECOY-02 LM-DECOY-03, LM-SCEN1808-12, LM-EVENTS-08, LM-EVENTS-01, LM-FOG-01. */
START_TEST(test_decoys_fleet_events)
{
    fixture("1808", 0);
    mr_state *s = MR_ST(g);
    /* LM-SCEN1808-12: the fleet moves at the start of the AA first operation, for free */
    ck_assert(has_opt(MR_A_FLEET, Z("Maceira")));
    ck_assert(!has_opt(MR_A_FLEET, Z("Obidos")));
    ACT(MR_A_FLEET, Z("Maceira"));
    ck_assert_int_eq(s->u[U("Flotte")].zone, Z("Maceira"));
    ck_assert_int_eq(s->phasing, MR_AA);
    ck_assert(!has_opt(MR_A_FLEET, Z("Peniche")));
    /* LM-DECOY-01 LM-DECOY-03: a decoy joins a stack; the French see one more counter */
    ACT(MR_A_DECOY_ADD, Z("Obidos"));
    REJECT(MR_A_DECOY_DEL, Z("Obidos"), "LM-DECOY"); /* not both in one decision */
    ck_assert_int_eq(mr_zone_count(MR_RD(g), s, Z("Obidos"), MR_AA), 12);
    char buf[8192];
    size_t len;
    wg_game_describe(buf, sizeof buf, &len, g, MR_FR);
    ck_assert_ptr_nonnull(strstr(buf, "12 hidden counters")); /* LM-FOG-01, LM-COMP-02 */
    ck_assert_ptr_null(strstr(buf, "Wellesley"));
    wg_game_describe(buf, sizeof buf, &len, g, MR_AA);
    ck_assert_ptr_nonnull(strstr(buf, "Wellesley"));
    ck_assert_ptr_nonnull(strstr(buf, "AA decoy 1"));
    /* LM-DECOY-02: not in a zone without a stack of its side */
    REJECT(MR_A_DECOY_ADD, Z("Caldas"), "LM-DECOY");
    /* LM-EVENTS-08: Débarquement at the fleet's port, a complete operation */
    s->hand[MR_AA][E("Debarquement")] = 1;
    ACT(MR_A_LANDING, 0);
    ck_assert_int_eq(s->u[U("7th/8th")].zone, Z("Maceira"));
    ck_assert(s->u[U("7th/8th")].flags & MR_UF_ACT);
    ck_assert_int_eq(s->phasing, MR_FR);
    done();

    /* LM-EVENTS-01: Argenton turns over two zones for the AA view until the operation ends */
    fixture("1809", 0);
    s = MR_ST(g);
    char b1[16384];
    wg_game_describe(b1, sizeof b1, &len, g, MR_AA);
    ck_assert_ptr_null(strstr(b1, "Heudelet"));
    ACT(MR_A_ARGENTON, Z("Oporto") < Z("Amarante") ? Z("Oporto") * 256 + Z("Amarante")
                                                   : Z("Amarante") * 256 + Z("Oporto"));
    wg_game_describe(b1, sizeof b1, &len, g, MR_AA);
    ck_assert_ptr_nonnull(strstr(b1, "Heudelet"));
    ck_assert_ptr_null(strstr(b1, "Mermet"));
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 0);
    ACT(MR_A_PASS, 0);
    wg_game_describe(b1, sizeof b1, &len, g, MR_AA);
    ck_assert_ptr_null(strstr(b1, "Heudelet")); /* hidden again */
    done();
}
END_TEST

/* LM-EVENTS-01, GAP-56, LM-FOG-01, LM-FOG-03: Argenton at a decision of the Anglo-Allied player during a French
   operation (here the Retraite marker he places when a French stack enters his zone): the French counters
   of the two zones are turned over for the Anglo-Allied view only, the same decision is taken next, and
   they are hidden again when that operation ends. */
START_TEST(test_argenton_in_french_operation)
{
    fixture("1809", 1);
    mr_state *s = MR_ST(g);
    put("Hill", "Penafiel");
    put("Mermet", "Zone D");
    put("8th dragon", "Zone D");
    put("Reynaud", "Oporto");
    put("Heudelet", "Vila Real");
    wg__game_rebase(g);
    int oa = Z("Oporto") < Z("Vila Real") ? Z("Oporto") * 256 + Z("Vila Real") : Z("Vila Real") * 256 + Z("Oporto");
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 1);
    /* the Anglo-Allied player's own decisions: his operation choice and the forming of his stack */
    ck_assert(has_opt(MR_A_ARGENTON, oa));
    ACT(MR_A_MOVE, Z("Penafiel"));
    ck_assert(has_opt(MR_A_ARGENTON, oa));
    ACT(MR_A_TOGGLE, U("Hill"));
    ck_assert(has_opt(MR_A_ARGENTON, oa)); /* with nothing selected, Argenton is still there */
    s->stage = MR_S_OPS;                   /* back to the choice: pass to the French */
    s->u[U("Hill")].flags = 0;
    wg__game_rebase(g);
    ACT(MR_A_PASS, 0);
    ck_assert_int_eq(s->phasing, MR_FR);
    /* the French operation: their decisions and the dice offer nothing to the Anglo-Allied player */
    ck_assert(!has_opt(MR_A_ARGENTON, oa));
    REJECT(MR_A_ARGENTON, oa, "LM-EVENTS-01");
    ACT(MR_A_MOVE, Z("Zone D"));
    ck_assert(!has_opt(MR_A_ARGENTON, oa));
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_CMDROLL);
    ck_assert(!has_opt(MR_A_ARGENTON, oa));
    ACT(MR_A_ROLL, 6);
    ACT(MR_A_CONN, C("Zone D", "Penafiel"));
    while (s->stage == MR_S_FDRAW || s->stage == MR_S_FRETURN) {
        ck_assert(!has_opt(MR_A_ARGENTON, oa));
        if (s->stage == MR_S_FDRAW)
            ACT(MR_A_DRAW, fslot(0));
        else
            ACT(MR_A_NORETURN, 0);
    }
    ck_assert_int_eq(s->stage, MR_S_AXIS); /* LM-RETREATAXIS-04: the Anglo-Allied player places his marker */
    ck_assert_int_eq(s->who, MR_AA);
    char aa[16384], fr[16384], fr0[16384], lab[256];
    size_t len;
    wg_game_describe(aa, sizeof aa, &len, g, MR_AA);
    wg_game_describe(fr0, sizeof fr0, &len, g, MR_FR);
    ck_assert_ptr_null(strstr(aa, "Heudelet"));
    ck_assert_ptr_null(strstr(aa, "Reynaud"));
    ck_assert_ptr_null(strstr(aa, "Mermet"));
    ck_assert(has_opt(MR_A_ARGENTON, oa));
    /* only pairs of zones that hold French counters */
    ck_assert(!has_opt(MR_A_ARGENTON, Z("Braga") < Z("Oporto") ? Z("Braga") * 256 + Z("Oporto")
                                                               : Z("Oporto") * 256 + Z("Braga")));
    REJECT(MR_A_ARGENTON, Z("Lamego") < Z("Oporto") ? Z("Lamego") * 256 + Z("Oporto") : Z("Oporto") * 256 + Z("Lamego"),
           "LM-EVENTS-01");
    size_t nopt = 0;
    g->opts_valid = false;
    wg_game_option_count(&nopt, g);
    for (size_t i = 0; i < nopt; i++) /* another player reads no option, Argenton's included */
        ck_assert_int_eq(wg_game_option_label_for(lab, sizeof lab, &len, g, i, MR_FR), WG_ESTATE);
    ACT(MR_A_ARGENTON, oa);
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 0);
    ck_assert_int_eq(s->stage, MR_S_AXIS); /* the same decision follows */
    ck_assert_int_eq(s->who, MR_AA);
    ck_assert(!has_opt(MR_A_ARGENTON, oa)); /* played once */
    wg_game_describe(aa, sizeof aa, &len, g, MR_AA);
    ck_assert_ptr_nonnull(strstr(aa, "Heudelet"));
    ck_assert_ptr_nonnull(strstr(aa, "Reynaud"));
    ck_assert_ptr_null(strstr(aa, "Mermet")); /* the zones not named stay hidden */
    wg_game_describe(fr, sizeof fr, &len, g, MR_FR);
    ck_assert_ptr_null(strstr(fr0, "Hill")); /* the French still see no Anglo-Allied counter; they see the event */
    ck_assert_ptr_null(strstr(fr, "Hill"));
    ck_assert_str_ne(fr, fr0);
    /* the pieces as the Anglo-Allied player sees them name the turned-over counters */
    size_t np = 0, named = 0;
    wg_game_piece_count(&np, g, MR_AA);
    for (size_t i = 0; i < np; i++) {
        wg_game_piece_label(lab, sizeof lab, &len, g, MR_AA, i);
        named += strstr(lab, "Heudelet") != NULL || strstr(lab, "Reynaud") != NULL;
    }
    ck_assert_uint_eq(named, 2);
    ck_assert(has_rule("LM-EVENTS-01"));
    /* the French operation goes on: the marker, then the French stop; the operation ends */
    ACT(MR_A_AXIS, C("Penafiel", "Amarante"));
    ck_assert_int_eq(s->who, MR_FR);
    wg_game_describe(aa, sizeof aa, &len, g, MR_AA);
    ck_assert_ptr_nonnull(strstr(aa, "Heudelet")); /* still turned over during the operation */
    ACT(MR_A_STOP, 0);
    ck_assert_int_eq(s->stage, MR_S_OPS);
    ck_assert_int_eq(s->phasing, MR_AA);
    wg_game_describe(aa, sizeof aa, &len, g, MR_AA);
    ck_assert_ptr_null(strstr(aa, "Heudelet")); /* hidden again at the end of the operation */
    ck_assert_ptr_null(strstr(aa, "Reynaud"));
    /* undo restores the event in hand and the reveal */
    uint64_t n;
    wg_game_step_count(&n, g);
    ck_assert_int_eq(wg_game_undo_to(g, n - 2), WG_OK);
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 0);
    wg_game_describe(aa, sizeof aa, &len, g, MR_AA);
    ck_assert_ptr_nonnull(strstr(aa, "Heudelet"));
    done();
}
END_TEST

/* The pieces on the map as `viewer` sees them, their labels one a line. */
static void pieces_of(char *buf, size_t cap, int viewer)
{
    size_t np = 0, k = 0, len;
    char lab[256];
    ck_assert_int_eq(wg_game_piece_count(&np, g, viewer), WG_OK);
    buf[0] = '\0';
    for (size_t i = 0; i < np; i++) {
        int side, space;
        ck_assert_int_eq(wg_game_piece(&side, &space, g, viewer, i), WG_OK);
        ck_assert_int_eq(wg_game_piece_label(lab, sizeof lab, &len, g, viewer, i), WG_OK);
        k += (size_t)snprintf(buf + k, cap - k, "%d %d %s\n", side, space, lab);
        ck_assert_uint_lt(k, cap);
    }
}

/* The zones of the state picture for `viewer` (the lines after the phase, VP and operation, before the events
   held). */
static void zones_of(char *buf, size_t cap, int viewer)
{
    size_t len;
    ck_assert_int_eq(wg_game_describe(buf, cap, &len, g, viewer), WG_OK);
    char *ev = strstr(buf, "Anglo-Allied events:");
    ck_assert_ptr_nonnull(ev);
    *ev = '\0';
    char *z = strstr(buf, "\nVP:");
    ck_assert_ptr_nonnull(z);
    z = strchr(z + 1, '\n') + 1;
    if (strncmp(z, "operation:", 10) == 0)
        z = strchr(z, '\n') + 1;
    memmove(buf, z, strlen(z) + 1);
}

/* The texts, for `viewer`, of the events of kind `kind`, one a line. */
static int event_texts(char *buf, size_t cap, int kind, int viewer)
{
    size_t n = 0, k = 0, len;
    int found = 0;
    char txt[512];
    wg_game_event_count(&n, g);
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        int kd;
        ck_assert_int_eq(wg_game_event_kind(&kd, g, i), WG_OK);
        if (kd != kind)
            continue;
        ck_assert_int_eq(wg_game_event_text(txt, sizeof txt, &len, g, i, viewer), WG_OK);
        k += (size_t)snprintf(buf + k, cap - k, "%s\n", txt);
        ck_assert_uint_lt(k, cap);
        found++;
    }
    return found;
}

static int pair(const char *a, const char *b)
{
    int za = Z(a), zb = Z(b);
    return za < zb ? za * 256 + zb : zb * 256 + za;
}

/* LM-EVENTS-01, GAP-56, LM-FOG-03: Argenton in phase B (events), at the Anglo-Allied player's choice to keep his
   event or tempt fate: offered there (not at the set-up placement nor at the draws, which are chance's), free
   (the same decision follows), the French counters of the two zones turned over for the Anglo-Allied view only
   and named only to him and the referee, hidden again once phase B ends; undo restores; played once. */
START_TEST(test_argenton_phase_b)
{
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1809", NULL, 1), WG_OK);
    mr_state *s = MR_ST(g);
    int oa = pair("Oporto", "Amarante"), player, kind;
    ck_assert_int_eq(s->stage, MR_S_PLACE); /* the set-up precedes the turn: not offered */
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 1);
    ck_assert_int_eq(count_type(MR_A_ARGENTON), 0);
    REJECT(MR_A_ARGENTON, oa, "GAP-56");
    ACT(MR_A_HISTORIC, 0);
    ck_assert_int_eq(s->stage, MR_S_EVDRAW); /* LM-SCEN1809-12: turn 1 without initiative dice */
    ck_assert_int_eq(wg_game_decision(&player, &kind, g), WG_OK);
    ck_assert_int_eq(player, WG_PLAYER_CHANCE); /* the Anglo-Allied draw is chance's */
    ck_assert_int_eq(count_type(MR_A_ARGENTON), 0);
    REJECT(MR_A_ARGENTON, oa, "die roll or draw");
    ACT(MR_A_DRAW, evslot("Genie"));
    ck_assert_int_eq(s->stage, MR_S_EVKEEP);
    ck_assert_int_eq(s->who, MR_AA);
    ck_assert(has_opt(MR_A_KEEP, 0));
    ck_assert(has_opt(MR_A_TEMPT, 0));
    ck_assert(has_opt(MR_A_ARGENTON, oa));
    ck_assert(!has_opt(MR_A_ARGENTON, pair("Oporto", "Lamego"))); /* no French counter in Lamego */
    REJECT(MR_A_ARGENTON, pair("Oporto", "Lamego"), "LM-EVENTS-01");
    REJECT(MR_A_ARGENTON, Z("Oporto") * 256 + Z("Oporto"), "two different zones");

    char aa0[16384], aa[16384], fr0[16384], fr[16384], pfr0[16384], pfr[16384], paa[16384], txt[4096];
    zones_of(aa0, sizeof aa0, MR_AA);
    zones_of(fr0, sizeof fr0, MR_FR);
    pieces_of(pfr0, sizeof pfr0, MR_FR);
    ck_assert_ptr_null(strstr(aa0, "Heudelet"));
    ck_assert_ptr_null(strstr(aa0, "Soult"));
    uint64_t before;
    wg_game_step_count(&before, g);

    ACT(MR_A_ARGENTON, oa);
    ck_assert_int_eq(s->stage, MR_S_EVKEEP); /* free: the same decision follows */
    ck_assert_int_eq(s->who, MR_AA);
    ck_assert_int_eq(s->evdrawn[MR_AA] - 1, E("Genie"));
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 0);
    ck_assert_int_eq(count_type(MR_A_ARGENTON), 0); /* the marker is spent */
    REJECT(MR_A_ARGENTON, oa, "does not hold Argenton");
    /* the Anglo-Allied view: the French counters of Oporto and Amarante, not those of other zones */
    zones_of(aa, sizeof aa, MR_AA);
    ck_assert_ptr_nonnull(strstr(aa, "Heudelet"));
    ck_assert_ptr_nonnull(strstr(aa, "Soult"));
    ck_assert_ptr_null(strstr(aa, "Mermet"));
    ck_assert_ptr_null(strstr(aa, "13th dragon"));
    pieces_of(paa, sizeof paa, MR_AA);
    ck_assert_ptr_nonnull(strstr(paa, "Heudelet"));
    ck_assert_ptr_nonnull(strstr(paa, "Soult"));
    ck_assert_ptr_null(strstr(paa, "Mermet"));
    /* the French view is unchanged: the same pieces, the same zones */
    zones_of(fr, sizeof fr, MR_FR);
    pieces_of(pfr, sizeof pfr, MR_FR);
    ck_assert_str_eq(fr, fr0);
    ck_assert_str_eq(pfr, pfr0);
    /* the events: the zones to everyone, the counters to the Anglo-Allied player and the referee only */
    ck_assert_int_eq(event_texts(txt, sizeof txt, MR_EV_ARGENTON, MR_FR), 1);
    ck_assert_ptr_nonnull(strstr(txt, "Oporto"));
    ck_assert_ptr_nonnull(strstr(txt, "Amarante"));
    int nfr = mr_zone_count(MR_RD(g), s, Z("Oporto"), MR_FR) + mr_zone_count(MR_RD(g), s, Z("Amarante"), MR_FR);
    ck_assert_int_eq(event_texts(txt, sizeof txt, MR_EV_ARGENTON_UNIT, MR_AA), nfr);
    ck_assert_ptr_nonnull(strstr(txt, "[LM-EVENTS-01] Argenton: Heudelet (infantry"));
    ck_assert_ptr_nonnull(strstr(txt, "Soult (commander) in Oporto"));
    ck_assert_int_eq(event_texts(txt, sizeof txt, MR_EV_ARGENTON_UNIT, WG_VIEW_REFEREE), nfr);
    ck_assert_ptr_nonnull(strstr(txt, "Heudelet"));
    ck_assert_int_eq(event_texts(txt, sizeof txt, MR_EV_ARGENTON_UNIT, MR_FR), nfr);
    ck_assert_ptr_null(strstr(txt, "Heudelet"));
    ck_assert_ptr_null(strstr(txt, "Soult"));
    ck_assert_ptr_nonnull(strstr(txt, "a French counter in Amarante is turned over"));

    /* still turned over through phase B (the French draw and keep), hidden again when phase C begins */
    ACT(MR_A_KEEP, 0);
    ck_assert_int_eq(s->hand[MR_AA][E("Genie")], 1);
    ck_assert_int_eq(s->stage, MR_S_EVDRAW);
    zones_of(aa, sizeof aa, MR_AA);
    ck_assert_ptr_nonnull(strstr(aa, "Heudelet"));
    ACT(MR_A_DRAW, evslot("Genie"));
    ck_assert_int_eq(s->who, MR_FR);
    ck_assert_int_eq(count_type(MR_A_ARGENTON), 0); /* a French decision */
    ACT(MR_A_KEEP, 0);
    ck_assert_int_eq(s->stage, MR_S_OPS);
    zones_of(aa, sizeof aa, MR_AA);
    ck_assert_str_eq(aa, aa0);
    ck_assert_ptr_null(strstr(aa, "Heudelet"));
    pieces_of(paa, sizeof paa, MR_AA);
    ck_assert_ptr_null(strstr(paa, "Heudelet"));

    /* undo: back to the keep decision after the play (turned over), then before it (held, hidden) */
    ck_assert_int_eq(wg_game_undo_to(g, before + 1), WG_OK);
    ck_assert_int_eq(s->stage, MR_S_EVKEEP);
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 0);
    zones_of(aa, sizeof aa, MR_AA);
    ck_assert_ptr_nonnull(strstr(aa, "Heudelet"));
    ck_assert_int_eq(wg_game_undo_to(g, before), WG_OK);
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 1);
    ck_assert(has_opt(MR_A_ARGENTON, oa));
    zones_of(aa, sizeof aa, MR_AA);
    ck_assert_str_eq(aa, aa0);
    ck_assert_int_eq(event_texts(txt, sizeof txt, MR_EV_ARGENTON_UNIT, MR_AA), 0);
    /* tempting fate after the play: the same decision, taken the other way */
    ACT(MR_A_ARGENTON, oa);
    ACT(MR_A_TEMPT, 0);
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 0);
    ck_assert_int_eq(s->vp[MR_FR], 2); /* LM-VP-09 */
    done();
}
END_TEST

/* LM-EVENTS-01, GAP-56: Argenton in phase B under allocation failure: allocation N fails for N = 1.. until the
   play succeeds; each failure returns WG_ENOMEM and leaves the game exactly as it was; nothing leaks. */
START_TEST(test_argenton_oom)
{
    wgt_alloc al = {0};
    ctx = wgt_ctx(&al);
    ck_assert_ptr_nonnull(ctx);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1809", NULL, 1), WG_OK);
    mr_state *s = MR_ST(g);
    ACT(MR_A_HISTORIC, 0);
    ACT(MR_A_DRAW, evslot("Genie"));
    ck_assert_int_eq(s->stage, MR_S_EVKEEP);
    int oa = pair("Oporto", "Amarante"), failures = 0, rc = WG_ENOMEM;
    g->opts_valid = false;
    size_t nopt;
    ck_assert_int_eq(wg_game_option_count(&nopt, g), WG_OK); /* the options are listed before the loop */
    for (uint64_t n = 1; rc == WG_ENOMEM && n < 200; n++) {
        uint64_t h0, h1, st0, st1;
        size_t ne0, ne1;
        wg_game_hash(&h0, g);
        wg_game_step_count(&st0, g);
        wg_game_event_count(&ne0, g);
        al.fail_at = al.calls + n;
        rc = wg_game_choose_action(g, MR_ACT(MR_A_ARGENTON, oa));
        al.fail_at = 0;
        if (rc != WG_ENOMEM)
            break;
        failures++;
        wg_game_hash(&h1, g);
        wg_game_step_count(&st1, g);
        wg_game_event_count(&ne1, g);
        ck_assert_uint_eq(h0, h1);
        ck_assert_uint_eq(st0, st1);
        ck_assert_uint_eq(ne0, ne1);
        ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 1);
        ck_assert_int_eq(s->reveal_aa[Z("Oporto")], 0);
    }
    ck_assert_msg(rc == WG_OK, "%s", wg_game_errmsg(g));
    ck_assert_int_gt(failures, 0);
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 0);
    ck_assert_int_eq(s->reveal_aa[Z("Oporto")], 1);
    done();
    ck_assert_uint_eq(al.blocks, 0);
}
END_TEST

/* LM-EVENTS-01, GAP-56: the phases without an Anglo-Allied decision.  Phase A (initiative) and phase D
   (administration) hold only dice, which are chance's, so Argenton has no window there: not offered, and
   rejected with its rule; a reveal of phase C does not last into phase D. */
START_TEST(test_argenton_phase_d)
{
    fixture("1809", 0);
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int oa = pair("Oporto", "Amarante"), player, kind, inf = -1;
    for (int u = 0; u < rd->nunit && inf < 0; u++)
        if (rd->unit[u].side == MR_AA && rd->unit[u].kind == MR_K_INF && s->u[u].zone >= 0 &&
            !mr_enemy_in(rd, s, s->u[u].zone, MR_AA, 0))
            inf = u;
    ck_assert_int_ge(inf, 0);
    s->u[inf].steps--; /* LM-RECUP-01: a recuperation test in phase D */
    wg__game_rebase(g);
    ACT(MR_A_PASS, 0);
    ck_assert_int_eq(s->phasing, MR_FR);
    ck_assert_int_eq(count_type(MR_A_ARGENTON), 0);
    ACT(MR_A_PASS, 0); /* LM-SEQ-03: phase D */
    ck_assert_int_eq(s->stage, MR_S_RECUP);
    ck_assert_int_eq(s->cur, inf);
    ck_assert_int_eq(s->who, MR_AA);
    ck_assert_int_eq(s->hand[MR_AA][E("Argenton")], 1);
    ck_assert_int_eq(wg_game_decision(&player, &kind, g), WG_OK);
    ck_assert_int_eq(player, WG_PLAYER_CHANCE);
    ck_assert_int_eq(count_type(MR_A_ARGENTON), 0);
    REJECT(MR_A_ARGENTON, oa, "LM-EVENTS-01");
    REJECT(MR_A_ARGENTON, oa, "die roll or draw");
    ACT(MR_A_ROLL, 1);
    ck_assert_int_eq(s->stage, MR_S_INIT); /* turn 2, phase A: the initiative dice */
    ck_assert_int_eq(s->turn, 2);
    ck_assert_int_eq(count_type(MR_A_ARGENTON), 0);
    REJECT(MR_A_ARGENTON, oa, "GAP-56");
    done();

    /* played at the last decision of phase C, it ends with the phase: hidden in phase D */
    fixture("1809", 0);
    s = MR_ST(g);
    rd = MR_RD(g);
    s->u[inf].steps--;
    s->phasing = s->who = MR_FR; /* the French operation first */
    wg__game_rebase(g);
    ACT(MR_A_PASS, 0);
    ck_assert_int_eq(s->who, MR_AA);
    ACT(MR_A_ARGENTON, oa);
    char aa[16384];
    zones_of(aa, sizeof aa, MR_AA);
    ck_assert_ptr_nonnull(strstr(aa, "Heudelet"));
    ACT(MR_A_PASS, 0); /* LM-SEQ-03: both passed in a row */
    ck_assert_int_eq(s->stage, MR_S_RECUP);
    zones_of(aa, sizeof aa, MR_AA);
    ck_assert_ptr_null(strstr(aa, "Heudelet"));
    ck_assert_ptr_null(strstr(aa, "Soult"));
    for (int z = 0; z < rd->nzone; z++)
        ck_assert_int_eq(s->reveal_aa[z], 0);
    done();
}
END_TEST

/* LM-SCEN1809-13 LM-SCEN1809-14 LM-SCEN1809-15, LM-VP-13: the small boats, the ferry and the exits toward Spain. */
START_TEST(test_1809_crossings)
{
    fixture("1809", 1);
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int boat = -1;
    for (int c = 0; c < rd->nconn; c++)
        if (MR_C_BASE(rd->ctype[c]) == MR_C_BOAT)
            boat = c;
    put("Wellesley", "Zone G");
    put("Paget", "Zone G");
    put("Hill", "Zone G");
    put("Reynaud", "Oporto");
    ACT(MR_A_MOVE, Z("Zone G"));
    ACT(MR_A_DONE, 0);
    /* two units: the boats carry one unit per operation phase */
    REJECT(MR_A_CONN, boat, "LM-SCEN1809-14");
    ACT(MR_A_STOP, 0);
    ACT(MR_A_PASS, 0);
    s->u[U("Hill")].flags = 0;
    s->u[U("Paget")].flags = 0;
    s->u[U("Wellesley")].zone = (int8_t)Z("Zone F");
    ACT(MR_A_MOVE, Z("Zone G"));
    ACT(MR_A_TOGGLE, U("Hill"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_ROLL, 6);
    ACT(MR_A_CONN, boat);
    ck_assert_int_eq(s->u[U("Paget")].mp, 3); /* half of 6 */
    ck_assert(s->boat_used[boat]);
    ACT(MR_A_DRAW, fslot(0));
    ACT(MR_A_DRAW, fslot(0));
    /* an enemy stack holds Oporto: Dos a la riviere, and no axis marker */
    ck_assert(s->u[U("Paget")].flags & MR_UF_RIVER);
    ck_assert_int_eq(s->axis[Z("Oporto")][MR_AA], -2);
    if (s->stage == MR_S_AXIS)
        ACT(MR_A_AXIS, C("Oporto", "Braga"));
    ck_assert(!has_opt(MR_A_FORCE, 0));
    ACT(MR_A_STOP, 0);
    /* the ferry: half of the unit's MP plus the connection's value (LM-SCEN1809-15) */
    ck_assert_int_eq(s->phasing, MR_FR);
    ACT(MR_A_PASS, 0);
    put("Tilson", "Avintes");
    put("Wellesley", "Avintes");
    ACT(MR_A_MOVE, Z("Avintes")); /* Wellesley is activated already: Tilson alone, in the CiC's zone */
    ACT(MR_A_DONE, 0);
    ACT(MR_A_CONN, C("Avintes", "Zone D"));
    ck_assert_int_eq(s->u[U("Tilson")].mp, 2); /* 6 - (3 + 1) */
    while (s->stage == MR_S_FDRAW)
        ACT(MR_A_DRAW, fslot(0));
    ck_assert_int_eq(s->stage, MR_S_OPS); /* the crossing ends the movement (GAP-58) */
    ck_assert_int_eq(s->phasing, MR_FR);
    ck_assert_int_eq(s->u[U("Tilson")].zone, Z("Zone D"));
    /* French: exits toward Spain (LM-SCEN1809-13) */
    put("Mermet", "Braga");
    put("Soult", "Braga");
    s->turn = (uint8_t)rd->may18_turn;
    ACT(MR_A_MOVE, Z("Braga"));
    ACT(MR_A_DONE, 0);
    REJECT(MR_A_CONN, boat, "LM-MOVE-01");
    ACT(MR_A_CONN, C("Braga", "Espagne"));
    while (s->stage == MR_S_FDRAW || s->stage == MR_S_FRETURN) { /* the exit's fatigue (GAP-58) */
        if (s->stage == MR_S_FDRAW)
            ACT(MR_A_DRAW, fslot(0));
        else
            ACT(MR_A_NORETURN, 0);
    }
    ck_assert_int_eq(s->u[U("Mermet")].zone, MR_Z_EXIT);
    ck_assert(has_rule("LM-VP-13"));
    ck_assert_int_eq(s->vp[MR_FR], 1);
    done();
}
END_TEST

/* LM-VP-04 LM-VP-05 LM-VP-08, LM-VP-11 LM-VP-12, LM-VP-01: end-of-game and elimination points. */
START_TEST(test_victory_points)
{
    fixture("1809", 1);
    mr_state *s = MR_ST(g);
    put("Soult", "Braga");
    put("Foy", "Lamego"); /* south of the Douro, path to Spain: Lamego - Regua - Vila Real - Chaves */
    put("Tilson", "Zone A");
    ck_assert_int_eq(mr_eliminate(g, U("Tilson"), "test"), WG_OK);
    ck_assert_int_eq(s->vp[MR_FR], 2); /* LM-VP-04 */
    ck_assert_int_eq(mr_eliminate(g, U("Portuguese cavalry"), "test"), WG_OK); /* not on the map: nothing */
    put("Portuguese cavalry", "Zone A");
    ck_assert_int_eq(mr_eliminate(g, U("Portuguese cavalry"), "test"), WG_OK);
    ck_assert_int_eq(s->vp[MR_FR], 3); /* LM-VP-05 */
    put("Beresford", "Zone A");
    ck_assert_int_eq(mr_eliminate(g, U("Beresford"), "test"), WG_OK);
    ck_assert_int_eq(s->vp[MR_FR], 4); /* LM-VP-08: SV 1 */
    put("F garrison 1", "Oporto");
    ck_assert_int_eq(mr_eliminate(g, U("F garrison 1"), "test"), WG_OK);
    ck_assert_int_eq(s->vp[MR_AA], 0); /* LM-VP-04: garrisons do not count */
    ck_assert_int_eq(mr_end_game(g), WG_OK);
    /* Oporto free of French units: AA control (LM-VP-11); Foy south with a clear path (LM-VP-12) */
    ck_assert_int_eq(s->vp[MR_AA], 2);
    ck_assert_int_eq(s->vp[MR_FR], 10);
    char res[128];
    size_t len;
    wg_game_result_text(res, sizeof res, &len, g);
    ck_assert_ptr_nonnull(strstr(res, "French victory")); /* LM-VP-01 */
    done();
}
END_TEST

/* Bad input: every rejection names its rule and changes nothing (issue: bad input). */
START_TEST(test_rejections)
{
    fixture("1808", 0);
    REJECT(MR_A_COMBAT, Z("Obidos"), "LM-COMBAT-01");
    REJECT(MR_A_DISENG, Z("Obidos"), "LM-DISENG-01");
    REJECT(MR_A_MOVE, Z("Lisbonne"), "LM-SEQ-04");
    REJECT(MR_A_LANDING, 0, "LM-EVENTS-08");
    REJECT(MR_A_ARGENTON, 1 * 256 + 2, "LM-EVENTS-01");
    REJECT(MR_A_FLEET, Z("Peniche"), "LM-SCEN1808-12");
    REJECT(MR_A_TOGGLE, 0, "LM-SEQ-02");
    done();
}
END_TEST

/* LM-MOVE-06 LM-MOVE-07 LM-MOVE-08, LM-MELEE-10: a forced passage, won: "A combattu" converted to fatigue, the move goes on. */
START_TEST(test_forced_passage)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    const char *aa[] = {"Wellesley", "1st/2nd", "3rd/4th", "5th/6th", "20th dragon"};
    for (int i = 0; i < 5; i++)
        put(aa[i], "Obidos");
    put("Charlot", "Zone A");
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_CONN, C("Obidos", "Zone A"));
    ck_assert_int_eq(s->mv.pending, 3); /* base, 13 steps, enemy zone */
    ACT(MR_A_DRAW, fslot(0));
    ACT(MR_A_DRAW, fslot(0));
    ACT(MR_A_DRAW, fslot(0));
    ACT(MR_A_AXIS, C("Zone A", "Torres Vedras"));
    ck_assert(has_opt(MR_A_FORCE, 0));
    ACT(MR_A_FORCE, 0); /* PD-10 */
    ck_assert(has_rule("LM-MOVE-06"));
    ACT(MR_A_HEAD, U("1st/2nd"));
    ACT(MR_A_HEAD, U("Charlot"));
    ACT(MR_A_ROLL, 6);
    mr_cp cp;
    mr_combat_cp(g, MR_AA, &cp);
    ck_assert_int_eq(cp.forced, -2); /* LM-MELEE-10 */
    ck_assert_int_eq(cp.ratio, 5);   /* 13 / 3 -> 5 */
    ck_assert_int_eq(cp.sv, 2);
    mr_combat_cp(g, MR_FR, &cp);
    ck_assert_int_eq(cp.forced, 0);
    ACT(MR_A_ROLL, 1);
    ck_assert_int_eq(s->cb.cp[MR_AA], 15);
    ck_assert_int_eq(s->cb.winner, MR_AA);
    while (s->stage == MR_S_LOSS)
        ACT(MR_A_LOSS, U("Charlot"));
    ck_assert_int_eq(s->u[U("Charlot")].zone, MR_Z_ELIM);
    /* LM-MOVE-07: the winner converts its "A combattu" marker into a fatigue draw at once */
    ck_assert_int_eq(s->stage, MR_S_FDRAW);
    ck_assert_int_eq(s->u[U("1st/2nd")].acomb, 0);
    ACT(MR_A_DRAW, fslot(1));
    ck_assert_int_eq(s->mv.fatigue, 1);
    ACT(MR_A_NORETURN, 0); /* Wellesley's return stays available */
    /* LM-MOVE-08: the movement goes on with the MP left */
    ck_assert_int_eq(s->stage, MR_S_MOVE);
    ck_assert_int_eq(s->u[U("1st/2nd")].mp, 5);
    ACT(MR_A_CONN, C("Zone A", "Torres Vedras"));
    ck_assert_int_eq(s->u[U("1st/2nd")].mp, 4);
    done();
}
END_TEST

/* LM-EVT-08 LM-EVT-10, LM-EVENTS-06 LM-EVENTS-07, LM-MELEE-02: combat events, attacker first, after the amplitude. */
START_TEST(test_combat_events)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Caldas");
    put("20th dragon", "Caldas");
    put("Artillery 1", "Caldas");
    put("Delaborde", "Caldas");
    put("Chasseurs", "Caldas");
    put("Artillerie A", "Caldas");
    s->axis[Z("Caldas")][MR_AA] = (int8_t)C("Caldas", "Obidos");
    s->axis[Z("Caldas")][MR_FR] = (int8_t)C("Caldas", "Zone B");
    s->hand[MR_AA][E("Feu")] = 1;
    s->hand[MR_AA][E("Rifles")] = 1;
    s->hand[MR_FR][E("Charge Incontrolee")] = 1;
    s->hand[MR_FR][E("Contre Batterie")] = 1;
    ACT(MR_A_COMBAT, Z("Caldas"));
    ACT(MR_A_DONE, 0);
    ck_assert(has_rule("LM-COMBAT-10"));
    ck_assert_int_eq(s->stage, MR_S_CBEVENT);
    ck_assert_int_eq(s->who, MR_AA); /* attacker first */
    ACT(MR_A_EVENT, E("Feu"));
    ACT(MR_A_EVENT, E("Rifles"));
    ck_assert_int_eq(s->cb.evcp[MR_AA], 2); /* LM-EVT-08: effects combine */
    ck_assert_int_eq(s->hand[MR_AA][E("Feu")], 0); /* LM-EVT-07 */
    ACT(MR_A_NOEVENT, 0);
    /* the French hold no CP event: their window (they hold events) has only "play no event" */
    ck_assert_int_eq(s->stage, MR_S_ARTROLL);
    ACT(MR_A_ROLL, 1); /* one AA success */
    ACT(MR_A_ROLL, 0);
    /* after the shots: Counter Battery (LM-EVENTS-07) */
    ck_assert_int_eq(s->stage, MR_S_CBEVENT);
    ck_assert_int_eq(s->who, MR_FR);
    ck_assert(!has_opt(MR_A_EVENT, E("Charge Incontrolee"))); /* not yet its window */
    ACT(MR_A_EVENT, E("Contre Batterie"));
    ACT(MR_A_NOEVENT, 0);
    ACT(MR_A_HEAD, U("1st/2nd"));
    ck_assert_int_eq(s->cb.art[MR_AA], 0); /* cancelled */
    ACT(MR_A_HEAD, U("Delaborde"));
    ACT(MR_A_ROLL, 1);
    ACT(MR_A_ROLL, 6);
    mr_cp cp;
    mr_combat_cp(g, MR_AA, &cp);
    ck_assert_int_eq(cp.events, 2); /* LM-MELEE-02 */
    /* before the losses are placed: Charge Incontrolee (LM-EVENTS-06) */
    ck_assert_int_eq(s->stage, MR_S_CBEVENT);
    ck_assert_int_eq(s->who, MR_FR);
    ACT(MR_A_EVENT, E("Charge Incontrolee"));
    ACT(MR_A_NOEVENT, 0);
    ck_assert_int_eq(s->cb.winner, MR_FR);
    ck_assert_int_eq(s->stage, MR_S_LOSS);
    ck_assert_int_eq(s->who, MR_AA);
    /* LM-EVENTS-06: the first AA loss goes to the British cavalry, not the head unit */
    ck_assert(!has_opt(MR_A_LOSS, U("1st/2nd")));
    ck_assert(has_opt(MR_A_LOSS, U("20th dragon")));
    ACT(MR_A_LOSS, U("20th dragon"));
    ck_assert_int_eq(s->u[U("20th dragon")].zone, MR_Z_ELIM);
    done();
}
END_TEST

/* LM-MELEE-23, LM-DEMOR-03, GAP-17: a difference of 0: both lose, no retreat, no test, "A combattu". */
START_TEST(test_draw)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Caldas");
    put("Delaborde", "Caldas");
    s->axis[Z("Caldas")][MR_AA] = (int8_t)C("Caldas", "Obidos");
    s->axis[Z("Caldas")][MR_FR] = (int8_t)C("Caldas", "Zone B");
    ACT(MR_A_COMBAT, Z("Caldas"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_HEAD, U("1st/2nd"));
    ACT(MR_A_HEAD, U("Delaborde"));
    ACT(MR_A_ROLL, 3);
    ACT(MR_A_ROLL, 3);
    ck_assert_int_eq(s->cb.winner, -1);
    ck_assert(has_rule("LM-MELEE-23"));
    ck_assert_int_eq(s->cb.loss[MR_AA], 1); /* row 0, amplitude 8: 1 each */
    ck_assert_int_eq(s->cb.loss[MR_FR], 1);
    ACT(MR_A_LOSS, U("1st/2nd"));
    ACT(MR_A_LOSS, U("Delaborde"));
    ck_assert(!has_rule("LM-DEMOR-01"));
    ck_assert(!has_rule("LM-RETREAT-02"));
    ck_assert_int_eq(s->u[U("1st/2nd")].zone, Z("Caldas"));
    ck_assert_int_eq(s->u[U("Delaborde")].acomb, 1);
    ck_assert_int_eq(s->u[U("1st/2nd")].acomb, 1);
    ck_assert_int_eq(s->stage, MR_S_OPS);
    done();
}
END_TEST

/* LM-DEMOR-02, GAP-12: the head unit eliminated in the melee: a new head unit for the test. */
START_TEST(test_new_head)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("Trant", "Caldas");
    put("1st/2nd", "Caldas");
    put("Loison", "Caldas");
    put("Delaborde", "Caldas");
    s->u[U("Trant")].steps = 1;
    s->axis[Z("Caldas")][MR_AA] = (int8_t)C("Caldas", "Obidos");
    s->axis[Z("Caldas")][MR_FR] = (int8_t)C("Caldas", "Zone B");
    ACT(MR_A_COMBAT, Z("Caldas"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_HEAD, U("Trant"));
    ACT(MR_A_HEAD, U("Loison"));
    ACT(MR_A_ROLL, 1);
    ACT(MR_A_ROLL, 6);
    ck_assert_int_eq(s->cb.winner, MR_FR);
    ACT(MR_A_LOSS, U("Trant")); /* eliminated (LM-OOB-04) */
    ck_assert_int_eq(s->u[U("Trant")].zone, MR_Z_ELIM);
    while (s->stage == MR_S_LOSS)
        ACT(MR_A_LOSS, U("1st/2nd"));
    /* LM-RETREAT-02: the later zones are the AA player's choice, and the whole distance is retreated */
    ck_assert_int_eq(s->stage, MR_S_RETREAT);
    ck_assert(!has_opt(MR_A_STOP, 0));
    ck_assert(!has_opt(MR_A_RETREAT, C("Obidos", "Caldas"))); /* not back into the combat zone */
    ACT(MR_A_RETREAT, C("Obidos", "Peniche"));
    while (s->stage == MR_S_RETREAT)
        ACT(MR_A_RETREAT, C("Peniche", "Obidos")); /* the third zone: back through Obidos */
    ck_assert_int_eq(s->stage, MR_S_DEMROLL);
    ck_assert_int_eq(s->cb.head[MR_AA], U("1st/2nd"));
    done();
}
END_TEST

/* LM-COMP-06 LM-COMP-07, LM-OOB-01 LM-OOB-07, LM-STACK-04: the markers and the private orders of battle in the views. */
START_TEST(test_view_markers)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Caldas");
    put("Delaborde", "Caldas");
    s->u[U("1st/2nd")].acomb = 1;
    s->u[U("1st/2nd")].flags |= MR_UF_RIVER | MR_UF_DEMOR;
    s->axis[Z("Caldas")][MR_AA] = (int8_t)C("Caldas", "Obidos");
    char buf[8192];
    size_t len;
    wg_game_describe(buf, sizeof buf, &len, g, WG_VIEW_REFEREE);
    ck_assert_ptr_nonnull(strstr(buf, "turn 1 of 8"));
    ck_assert_ptr_nonnull(strstr(buf, "a combattu x1"));
    ck_assert_ptr_nonnull(strstr(buf, "dos a la riviere"));
    ck_assert_ptr_nonnull(strstr(buf, "demoralized"));
    ck_assert_ptr_nonnull(strstr(buf, "retraite toward Obidos"));
    ck_assert_ptr_nonnull(strstr(buf, "fatigue markers in the container: 20"));
    ck_assert_ptr_nonnull(strstr(buf, "events: 8 in the container"));
    wg_game_describe(buf, sizeof buf, &len, g, MR_FR);
    ck_assert_ptr_null(strstr(buf, "1st/2nd")); /* the AA order of battle is private */
    ck_assert_ptr_nonnull(strstr(buf, "a combattu x1")); /* but the markers on its fronts show (LM-COMP-03) */
    ck_assert_ptr_nonnull(strstr(buf, "Delaborde (infantry 4/4"));
    ck_assert_ptr_nonnull(strstr(buf, "retraite toward Obidos")); /* markers on connections are public */
    wg_game_describe(buf, sizeof buf, &len, g, MR_AA);
    ck_assert_ptr_nonnull(strstr(buf, "1st/2nd (infantry 4/4"));
    ck_assert_ptr_null(strstr(buf, "Delaborde"));
    done();
}
END_TEST

static int view_has(int viewer, const char *text)
{
    static char buf[16384];
    size_t len;
    ck_assert_int_eq(wg_game_describe(buf, sizeof buf, &len, g, viewer), WG_OK);
    return strstr(buf, text) != NULL;
}

/* LM-COMP-06, LM-RIVER-01 LM-RIVER-03, LM-RETREATAXIS-02 LM-RETREATAXIS-04, LM-COMBAT-11, LM-DEMOR-01: the nine marker
   types arise from the rules played through the engine and show in the views: Tour (the turn), PM (MP spent by
   the moving stack, for its owner), Fatigue (the container), Dos a la riviere (a stream crossed into an enemy
   zone), Retraite (both sides' markers), Bataille (the combat zone), A combattu and Demoralisee (after the
   combat), Evenements (the containers, drawn from in phase B). */
START_TEST(test_nine_markers)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Lourinha");
    put("3rd/4th", "Lourinha");
    put("20th dragon", "Lourinha");
    put("Wellesley", "Lourinha");
    put("Delaborde", "Vimeiro");
    put("5th/6th", "Vimeiro"); /* already there, not activated */
    wg__game_rebase(g);
    ck_assert(view_has(MR_FR, "turn 1 of 8"));                          /* Tour */
    ck_assert(view_has(MR_AA, "fatigue markers in the container: 20")); /* Fatigue */
    ck_assert(view_has(MR_FR, "Anglo-Allied events: 8 in the container"));
    ck_assert(!view_has(WG_VIEW_REFEREE, "bataille"));
    ACT(MR_A_MOVE, Z("Lourinha"));
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_MOVE); /* the CiC in the stack: no test */
    ck_assert(view_has(MR_AA, "moving stack: PM 0 MP spent in Lourinha"));
    ACT(MR_A_CONN, C("Lourinha", "Vimeiro")); /* a road over a stream, 1 MP, into the French zone */
    while (s->stage == MR_S_FDRAW || s->stage == MR_S_FRETURN) {
        if (s->stage == MR_S_FDRAW)
            ACT(MR_A_DRAW, fslot(0));
        else
            ACT(MR_A_NORETURN, 0);
    }
    ck_assert_int_eq(s->stage, MR_S_AXIS);
    ck_assert_int_eq(s->who, MR_FR);
    ACT(MR_A_AXIS, C("Vimeiro", "Maceira"));
    ck_assert_int_eq(s->stage, MR_S_FORCE);
    ck_assert(view_has(MR_AA, "moving stack: PM 1 MP spent in Vimeiro")); /* PM, for the mover */
    ck_assert(view_has(WG_VIEW_REFEREE, "moving stack: PM 1 MP spent"));
    ck_assert(!view_has(MR_FR, "PM"));
    ck_assert(view_has(MR_AA, "fatigue markers in the container: 18"));
    ck_assert(view_has(MR_AA, "1st/2nd (infantry 4/4, activated, dos a la riviere)")); /* Dos a la riviere */
    ck_assert(view_has(MR_FR, "activated, dos a la riviere")); /* on the hidden counters' fronts (LM-COMP-03) */
    ck_assert(view_has(MR_FR, "retraite toward Lourinha]")); /* Retraite: the mover's, by its entry */
    ck_assert(view_has(MR_AA, "retraite toward Maceira]"));  /* and the defender's choice */
    ACT(MR_A_STOP, 0);
    ACT(MR_A_PASS, 0); /* French */
    ACT(MR_A_COMBAT, Z("Vimeiro"));
    ACT(MR_A_DONE, 0);
    int seen_bataille = 0;
    while (s->cb.zone >= 0) {
        seen_bataille |= view_has(MR_FR, "bataille: Anglo-Allied attacks in Vimeiro") &&
                         view_has(MR_AA, "bataille: Anglo-Allied attacks in Vimeiro");
        if (s->stage == MR_S_CPROLL)
            ACT(MR_A_ROLL, s->who == MR_AA ? 6 : 1);
        else if (s->stage == MR_S_DEMROLL)
            ACT(MR_A_ROLL, 6);
        else
            ck_assert_int_eq(wg_game_choose(g, 0), WG_OK);
    }
    ck_assert(seen_bataille); /* Bataille */
    ck_assert(!view_has(WG_VIEW_REFEREE, "bataille"));
    ck_assert_int_eq(s->u[U("Delaborde")].zone, Z("Maceira"));
    ck_assert(s->u[U("Delaborde")].flags & MR_UF_DEMOR);
    ck_assert(view_has(MR_FR, "activated, demoralized)")); /* Demoralisee */
    ck_assert_int_eq(s->u[U("5th/6th")].acomb, 1);       /* the stack that did not move: A combattu */
    ck_assert_int_eq(s->u[U("1st/2nd")].acomb, 0);
    ck_assert(view_has(MR_AA, "a combattu x1)"));
    ck_assert(view_has(MR_FR, "hidden counter (1 a combattu x1)") || view_has(MR_FR, "a combattu x1)")); /* on the front (LM-COMP-03) */
    ck_assert(!view_has(MR_AA, "dos a la riviere")); /* LM-RIVER-03: gone after the combat */
    /* both pass: phase D, then turn 2 and its phase B draws */
    while (s->turn == 1)
        ck_assert_int_eq(wg_game_choose(g, 0), WG_OK);
    ck_assert(view_has(MR_AA, "turn 2 of 8")); /* Tour */
    while (s->stage != MR_S_OPS)
        ck_assert_int_eq(wg_game_choose(g, 0), WG_OK);
    for (int side = 0; side < 2; side++) { /* Evenements: one more drawn from each container */
        char line[96];
        snprintf(line, sizeof line, "%s events: %u in the container", side ? "French" : "Anglo-Allied",
                 wg__pool_count(&s->container[side]));
        ck_assert(view_has(1 - side, line));
        ck_assert_uint_eq(wg__pool_count(&s->container[side]), 7);
    }
    done();
}
END_TEST

/* LM-EVT-09, LM-EVT-01 LM-EVT-02, LM-EVENTS-01..08: the six events §9 describes, with their owner, scenarios, effect
   and "right away" star as printed, against both data packs; then the play phase of each: starred ones are
   played in phase B as drawn, the others are held and offered only in their window. */
START_TEST(test_event_owners)
{
    static const struct {
        const char *name;
        int effect, star;
        int owner[2][2]; /* [scenario 1808/1809][side AA/F] */
    } ev[] = {
        {"Argenton", MR_E_ARGENTON, 0, {{0, 0}, {1, 0}}},           /* (AA) 1809, anytime */
        {"Burrard", MR_E_BURRARD, 1, {{1, 0}, {0, 0}}},             /* (AA) 1808, phase B right away */
        {"Canicule", MR_E_CANICULE, 1, {{1, 1}, {0, 0}}},           /* (AA et F) 1808, phase B right away */
        {"Charge Incontrolee", MR_E_CHARGE, 0, {{0, 1}, {0, 1}}},   /* (F) 1808 et 1809, before the melee losses */
        {"Contre Batterie", MR_E_COUNTER, 0, {{1, 1}, {1, 1}}},     /* (AA et F) 1808 et 1809, after the shots */
        {"Debarquement", MR_E_LANDING, 0, {{1, 0}, {0, 0}}},        /* (AA) 1808, start of an operation */
    };
    static const char *const scen[2] = {"1808", "1809"};
    for (int sc = 0; sc < 2; sc++) {
        fixture(scen[sc], 0);
        const mr_rdata *rd = MR_RD(g);
        for (size_t i = 0; i < sizeof ev / sizeof ev[0]; i++) {
            int e = -1;
            for (int k = 0; k < rd->nevt; k++)
                if (strcmp(rd->evt[k].name, ev[i].name) == 0)
                    e = k;
            int any = ev[i].owner[sc][0] || ev[i].owner[sc][1];
            ck_assert_msg((e >= 0) == any, "%s %s: in the pack %d, printed %d", scen[sc], ev[i].name, e >= 0, any);
            if (e < 0)
                continue;
            ck_assert_int_eq(rd->evt[e].effect, ev[i].effect);
            ck_assert_int_eq(rd->evt[e].star, ev[i].star);
            for (int side = 0; side < 2; side++)
                ck_assert_msg((rd->container[side][e] + rd->hand[side][e] > 0) == ev[i].owner[sc][side],
                              "%s %s: %s owns it %d", scen[sc], ev[i].name, side ? "F" : "AA",
                              rd->container[side][e] + rd->hand[side][e]);
        }
        /* the held ones are offered only in their window: at the operation choice only Argenton */
        mr_state *s = MR_ST(g);
        for (int e = 0; e < rd->nevt; e++)
            s->hand[MR_AA][e] = s->hand[MR_FR][e] = 1;
        wg__game_rebase(g);
        ck_assert_int_eq(count_type(MR_A_EVENT), 0);
        ck_assert_int_eq(count_type(MR_A_ARGENTON) > 0, sc == 1);
        ACT(MR_A_PASS, 0);
        ck_assert_int_eq(s->phasing, MR_FR);
        ck_assert_int_eq(count_type(MR_A_EVENT) + count_type(MR_A_ARGENTON), 0); /* not the French */
        done();
    }

    /* LM-EVENTS-03: Canicule drawn by each side is played as drawn (no effect doubled) */
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1808", NULL, 1), WG_OK);
    mr_state *s = MR_ST(g);
    ACT(MR_A_ROLL, 6 * 8 + 1);
    ACT(MR_A_DRAW, evslot("Canicule"));
    ACT(MR_A_KEEP, 0);
    ACT(MR_A_DRAW, evslot("Canicule"));
    ACT(MR_A_KEEP, 0);
    ck_assert_int_eq(s->stage, MR_S_OPS);
    ck_assert_int_eq(s->hand[MR_AA][E("Canicule")], 0);
    ck_assert_int_eq(s->hand[MR_FR][E("Canicule")], 0);
    ck_assert_int_eq(s->canicule, 1);
    ck_assert(has_rule("LM-EVENTS-03"));
    done();
}
END_TEST

/* LM-STACK-01 LM-STACK-02 LM-STACK-06, LM-SEQ-05. */
START_TEST(test_stacking)
{
    fixture("1808", 0);
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int n = 0;
    for (int u = 0; u < rd->nunit; u++) /* every AA counter in one zone: no limit */
        if (rd->unit[u].side == MR_AA && rd->unit[u].kind != MR_K_FLEET && rd->unit[u].kind != MR_K_DECOY &&
            rd->unit[u].kind != MR_K_GAR && !rd->unit[u].landing) {
            s->u[u].zone = (int8_t)Z("Obidos");
            n++;
        }
    s->u[U("1st/2nd")].flags |= MR_UF_DEMOR;
    s->u[U("3rd/4th")].flags |= MR_UF_DEMOR;
    ACT(MR_A_MOVE, Z("Obidos"));
    ck_assert_int_eq(count_type(MR_A_TOGGLE), n);
    ACT(MR_A_TOGGLE, U("1st/2nd")); /* LM-STACK-06: the demoralized units leave together */
    ck_assert(!(s->u[U("3rd/4th")].flags & MR_UF_SEL));
    ACT(MR_A_TOGGLE, U("3rd/4th"));
    ck_assert(s->u[U("1st/2nd")].flags & MR_UF_SEL);
    ACT(MR_A_DONE, 0);
    ACT(MR_A_STOP, 0);
    ACT(MR_A_PASS, 0);
    /* LM-SEQ-05: every AA unit activated: no operation but passing (and free decoy moves) */
    ck_assert_int_eq(count_type(MR_A_MOVE) + count_type(MR_A_DISENG) + count_type(MR_A_COMBAT), 0);
    ck_assert(has_opt(MR_A_PASS, 0));
    done();
}
END_TEST

/* LM-SCEN1808-11: the fleet is no stack: no stop, no elimination, no axis. */
START_TEST(test_fleet_no_effect)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("Chasseurs", "Obidos");
    put("Junot", "Obidos");
    ACT(MR_A_PASS, 0);
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_CONN, C("Obidos", "Peniche"));
    ck_assert_int_eq(s->mv.pending, 1);
    ACT(MR_A_DRAW, fslot(0));
    ck_assert_int_eq(s->stage, MR_S_MOVE);
    ck_assert_int_eq(s->u[U("Flotte")].zone, Z("Peniche"));
    ck_assert_int_eq(s->axis[Z("Peniche")][MR_FR], -1);
    done();
}
END_TEST

/* LM-CDR-05, LM-GARRISON-04, LM-CDR-02. */
START_TEST(test_commanders_and_garrison_values)
{
    fixture("1808", 0);
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int has = 0;
    put("Loison (chef)", "Lisbonne");
    ck_assert_int_eq(mr_best_sv(rd, s, Z("Lisbonne"), MR_FR, 0, &has), rd->unit[U("Junot")].sv); /* the CiC's */
    ck_assert(has);
    put("Junot", "Caldas");
    ck_assert_int_eq(mr_best_sv(rd, s, Z("Lisbonne"), MR_FR, 0, &has), rd->unit[U("Loison (chef)")].sv);
    ck_assert_int_eq(mr_best_sv(rd, s, Z("Zone A"), MR_FR, 0, &has), 0);
    ck_assert(!has);
    ck_assert_int_eq(mr_unit_morale(rd, s, U("F garrison 1")), 3); /* the garrison's coloured value */
    ck_assert_int_eq(mr_unit_morale(rd, s, U("Artillerie A")), -1);
    ck_assert_int_eq(rd->unit[U("Loison (chef)")].mp, 10);
    done();
}
END_TEST

/* LM-EVENTS-03 LM-EVENTS-04 LM-EVENTS-05: Canicule drawn by both: one extra marker, which cannot be returned. */
START_TEST(test_canicule)
{
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__marechaux_ops, "1808", NULL, 1), WG_OK);
    mr_state *s = MR_ST(g);
    ACT(MR_A_ROLL, 6 * 8 + 1);
    ACT(MR_A_DRAW, evslot("Canicule"));
    ACT(MR_A_KEEP, 0);
    ACT(MR_A_DRAW, evslot("Canicule"));
    ACT(MR_A_KEEP, 0);
    ck_assert_int_eq(s->canicule, 1);
    ck_assert_int_eq(s->hand[MR_AA][E("Canicule")], 0);
    ck_assert_int_eq(s->hand[MR_FR][E("Canicule")], 0);
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_FDRAW);
    ck_assert_int_eq(s->mv.pending, 1); /* not doubled */
    ACT(MR_A_DRAW, fslot(3));
    ck_assert_int_eq(s->mv.fatigue, 3);
    ACT(MR_A_CONN, C("Obidos", "Caldas"));
    ACT(MR_A_DRAW, fslot(1));
    ACT(MR_A_DRAW, fslot(0));
    ck_assert_int_eq(s->stage, MR_S_FRETURN);
    ck_assert(!has_opt(MR_A_FRETURN, 3)); /* the Canicule marker stays */
    ck_assert(has_opt(MR_A_FRETURN, 1));
    ACT(MR_A_NORETURN, 0);
    done();
}
END_TEST

/* LM-MOVE-10, GAP-47: a demoralized stack moves only toward a line of communication. */
START_TEST(test_demoralized_move)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Torres Vedras");
    put("Wellesley", "Torres Vedras");
    s->u[U("1st/2nd")].flags |= MR_UF_DEMOR;
    ACT(MR_A_MOVE, Z("Torres Vedras"));
    ACT(MR_A_DONE, 0);
    REJECT(MR_A_CONN, C("Torres Vedras", "Sobral"), "LM-MOVE-10");
    ck_assert(has_opt(MR_A_CONN, C("Torres Vedras", "Zone A")));
    ACT(MR_A_CONN, C("Torres Vedras", "Zone A"));
    done();
}
END_TEST

/* LM-DECOY-02: a decoy left alone is removed from the map at once (by the next step of the game), back to
   its side's available decoys; decoys have no MP: a moving stack leaves them behind (LM-DECOY-03: its owner
   may place them again). */
START_TEST(test_decoy_alone)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("AA decoy 2", "Caldas");
    ACT(MR_A_PASS, 0);
    ck_assert_int_eq(s->u[U("AA decoy 2")].zone, MR_Z_POOL);
    ck_assert(has_rule("LM-DECOY-02"));
    done();

    /* a whole stack moves away from its decoy: the decoy is removed at that connection */
    fixture("1808", 1);
    s = MR_ST(g);
    put("1st/2nd", "Obidos");
    put("3rd/4th", "Obidos");
    put("Wellesley", "Obidos");
    wg__game_rebase(g);
    ACT(MR_A_DECOY_ADD, Z("Obidos"));
    int d = -1;
    for (int u = 0; u < MR_RD(g)->nunit; u++)
        if (MR_RD(g)->unit[u].kind == MR_K_DECOY && s->u[u].zone == Z("Obidos"))
            d = u;
    ck_assert_int_ge(d, 0);
    ck_assert_int_eq(mr_zone_count(MR_RD(g), s, Z("Obidos"), MR_AA), 4);
    ck_assert(!has_rule("LM-DECOY-02"));
    /* a part of the stack leaves: the decoy stays with the rest */
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_TOGGLE, U("3rd/4th"));
    ACT(MR_A_DONE, 0);
    ck_assert_int_eq(s->stage, MR_S_MOVE); /* LM-CMD-03: Wellesley's zone */
    ACT(MR_A_CONN, C("Obidos", "Caldas"));
    ck_assert_int_eq(s->u[d].zone, Z("Obidos"));
    while (s->stage == MR_S_FDRAW || s->stage == MR_S_FRETURN) {
        if (s->stage == MR_S_FDRAW)
            ACT(MR_A_DRAW, fslot(0));
        else
            ACT(MR_A_NORETURN, 0);
    }
    ACT(MR_A_STOP, 0);
    ACT(MR_A_PASS, 0); /* French */
    /* the last unit leaves Obidos: the decoy, alone, is removed at once, during the movement */
    ACT(MR_A_MOVE, Z("Obidos"));
    ACT(MR_A_DONE, 0);
    if (s->stage == MR_S_CMDROLL)
        ACT(MR_A_ROLL, 6);
    ACT(MR_A_CONN, C("Obidos", "Caldas"));
    ck_assert_int_eq(s->u[d].zone, MR_Z_POOL);
    ck_assert(has_rule("LM-DECOY-02"));
    ck_assert_int_eq(mr_zone_count(MR_RD(g), s, Z("Obidos"), MR_AA), 0);
    ck_assert_int_eq(mr_zone_count(MR_RD(g), s, Z("Caldas"), MR_AA), 3); /* it did not follow */
    char buf[8192];
    size_t len;
    size_t n = 0;
    wg_game_event_count(&n, g);
    wg_game_event_text(buf, sizeof buf, &len, g, n - 1, MR_FR); /* the last event of the step */
    ck_assert_str_eq(buf, "[LM-DECOY-02] an Anglo-Allied decoy is removed");
    while (s->stage == MR_S_FDRAW || s->stage == MR_S_FRETURN) {
        if (s->stage == MR_S_FDRAW)
            ACT(MR_A_DRAW, fslot(0));
        else
            ACT(MR_A_NORETURN, 0);
    }
    ACT(MR_A_STOP, 0);
    ACT(MR_A_PASS, 0); /* French */
    /* LM-DECOY-03: back among the available decoys, it may be placed again */
    ck_assert(has_opt(MR_A_DECOY_ADD, Z("Caldas")));
    ACT(MR_A_DECOY_ADD, Z("Caldas"));
    ck_assert_int_eq(mr_zone_count(MR_RD(g), s, Z("Caldas"), MR_AA), 4);
    done();

    /* a lone commander escaping from the enemy takes his decoy along (LM-CDR-04, LM-DECOY-03) */
    fixture("1808", 1);
    s = MR_ST(g);
    put("Wellesley", "Caldas");
    put("AA decoy 1", "Caldas");
    put("Delaborde", "Zone B");
    wg__game_rebase(g);
    ACT(MR_A_PASS, 0);
    ACT(MR_A_MOVE, Z("Zone B"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_ROLL, 6);
    ACT(MR_A_CONN, C("Zone B", "Caldas"));
    ck_assert_int_eq(s->stage, MR_S_CDRROLL);
    ACT(MR_A_ROLL, 7); /* survives */
    ck_assert_int_eq(s->stage, MR_S_CDRMOVE);
    ck_assert_int_eq(s->u[U("AA decoy 1")].zone, Z("Caldas"));
    ACT(MR_A_CDRZONE, C("Caldas", "Obidos"));
    ck_assert_int_eq(s->u[U("Wellesley")].zone, Z("Obidos"));
    ck_assert_int_eq(s->u[U("AA decoy 1")].zone, Z("Obidos"));
    ck_assert_int_eq(mr_zone_count(MR_RD(g), s, Z("Caldas"), MR_AA), 0);
    done();
}
END_TEST

/* LM-CDR-04, GAP-50: a commander whose units were all eliminated tests, survives and moves away. */
START_TEST(test_commander_left_alone)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    put("1st/2nd", "Zone B");
    put("3rd/4th", "Zone B");
    put("Loison (chef)", "Zone B");
    put("4th dragon", "Zone B");
    s->axis[Z("Zone B")][MR_AA] = (int8_t)C("Zone B", "Caldas");
    s->axis[Z("Zone B")][MR_FR] = -2;
    ACT(MR_A_COMBAT, Z("Zone B"));
    ACT(MR_A_DONE, 0);
    ACT(MR_A_HEAD, U("1st/2nd"));
    ACT(MR_A_HEAD, U("4th dragon"));
    ACT(MR_A_ROLL, 6);
    ACT(MR_A_ROLL, 1);
    ck_assert_int_eq(s->cb.winner, MR_AA);
    ACT(MR_A_LOSS, U("4th dragon"));
    ck_assert_int_eq(s->stage, MR_S_CDRROLL); /* LM-CDR-01: his stack lost a step */
    ACT(MR_A_ROLL, 7);
    ck_assert_int_eq(s->stage, MR_S_CDRMOVE);
    ck_assert_int_eq(s->who, MR_FR);
    ACT(MR_A_CDRZONE, C("Zone B", "Alcoentre"));
    ck_assert_int_eq(s->u[U("Loison (chef)")].zone, Z("Alcoentre"));
    ck_assert_int_eq(s->stage, MR_S_OPS);
    done();
}
END_TEST

/* LM-MAP-05, LM-CMD-06, LM-FATIGUE-04, GAP-19: an impassable connection (the bundled maps have none: the map
   is supplied with two of them) cannot be crossed, does not carry the Commander in Chief's path, and does
   not lead to a line of communication.  The same positions on the bundled map are the control. */
START_TEST(test_impassable_connections)
{
    static const char *const lines[] = {"conn Peniche Obidos road 1", "conn Obidos Caldas route 1"};
    int64_t v[WG_MR_CMD_COUNT];
    size_t len;
    for (int imp = 0; imp < 2; imp++) {
        if (imp)
            fixture_impassable(lines, 2);
        else
            fixture("1808", 1);
        mr_state *s = MR_ST(g);
        const mr_rdata *rd = MR_RD(g);
        int c = C("Obidos", "Caldas");
        ck_assert_int_eq(!!(rd->ctype[c] & MR_CF_IMPASS), imp);
        ck_assert_int_eq(!!(rd->ctype[C("Peniche", "Obidos")] & MR_CF_IMPASS), imp);
        put("1st/2nd", "Obidos");
        put("Wellesley", "Caldas");
        put("Delaborde", "Zone B"); /* closes the way round by Zone B and Zone A */
        wg__game_rebase(g);
        /* the command path: straight over the connection, or none */
        ck_assert_int_eq(mr_command_path(rd, s, Z("Caldas"), Z("Obidos"), MR_AA), !imp);
        ck_assert_int_eq(wg_marechaux_command_odds(v, WG_MR_CMD_COUNT, &len, g, MR_AA, MR_AA, Z("Obidos")), WG_OK);
        ck_assert_int_eq(v[WG_MR_CMD_PATH], !imp);
        /* the line of communication (the fleet's port, Peniche) lies beyond the other one */
        ck_assert_int_eq(mr_cut_off(rd, s, Z("Obidos"), MR_AA), imp);
        ck_assert_int_eq(mr_loc_distance(rd, s, Z("Obidos"), MR_AA), imp ? -1 : 1);
        ACT(MR_A_MOVE, Z("Obidos"));
        ACT(MR_A_DONE, 0);
        ACT(MR_A_ROLL, 6);
        ck_assert_int_eq(s->stage, MR_S_MOVE);
        ck_assert_int_eq(has_opt(MR_A_CONN, c), !imp);
        ck_assert_int_eq(has_opt(MR_A_CONN, C("Peniche", "Obidos")), !imp);
        if (imp) {
            REJECT(MR_A_CONN, c, "LM-MAP-05");
            REJECT(MR_A_CONN, C("Peniche", "Obidos"), "impassable");
        }
        /* cut off from its line of communication, the stack draws one more marker (LM-FATIGUE-04) */
        ACT(MR_A_CONN, C("Obidos", "Zone A"));
        ck_assert_int_eq(s->mv.pending, 1 + imp);
        done();
    }
}
END_TEST

/* LM-CMD-06, GAP-19: the clear path from the CiC ignores the enemy in the stack's own zone, not in the
   CiC's zone. */
START_TEST(test_command_path)
{
    fixture("1808", 1);
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    put("1st/2nd", "Caldas");
    put("Delaborde", "Caldas");
    put("Wellesley", "Obidos");
    ck_assert(mr_command_path(rd, s, Z("Obidos"), Z("Caldas"), MR_AA));
    put("Charlot", "Obidos"); /* an enemy in the CiC's zone */
    ck_assert(!mr_command_path(rd, s, Z("Obidos"), Z("Caldas"), MR_AA));
    s->u[U("Charlot")].zone = (int8_t)Z("Zone B"); /* Caldas - Zone B is not the only way: Obidos - Caldas */
    ck_assert(mr_command_path(rd, s, Z("Obidos"), Z("Caldas"), MR_AA));
    put("Loison", "Peniche");
    ck_assert(!mr_command_path(rd, s, Z("Peniche"), Z("Caldas"), MR_AA));
    /* LM-FATIGUE-04: a line of communication held by the enemy cannot be reached */
    s->u[U("Loison")].zone = MR_Z_POOL;
    ck_assert(!mr_cut_off(rd, s, Z("Obidos"), MR_AA));
    put("Loison", "Peniche"); /* the fleet's port */
    ck_assert(mr_cut_off(rd, s, Z("Obidos"), MR_AA));
    done();
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_rules");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_1808_setup);
    tcase_add_test(tc, test_1809_setup);
    tcase_add_test(tc, test_initiative);
    tcase_add_test(tc, test_events_phase);
    tcase_add_test(tc, test_empty_container);
    tcase_add_test(tc, test_command);
    tcase_add_test(tc, test_movement);
    tcase_add_test(tc, test_disengagement_and_axes);
    tcase_add_test(tc, test_combat_rules);
    tcase_add_test(tc, test_withdrawal_success);
    tcase_add_test(tc, test_retreat_garrison_baggage);
    tcase_add_test(tc, test_garrison_and_admin);
    tcase_add_test(tc, test_decoys_fleet_events);
    tcase_add_test(tc, test_argenton_in_french_operation);
    tcase_add_test(tc, test_argenton_phase_b);
    tcase_add_test(tc, test_argenton_oom);
    tcase_add_test(tc, test_argenton_phase_d);
    tcase_add_test(tc, test_1809_crossings);
    tcase_add_test(tc, test_victory_points);
    tcase_add_test(tc, test_rejections);
    tcase_add_test(tc, test_forced_passage);
    tcase_add_test(tc, test_combat_events);
    tcase_add_test(tc, test_draw);
    tcase_add_test(tc, test_new_head);
    tcase_add_test(tc, test_view_markers);
    tcase_add_test(tc, test_nine_markers);
    tcase_add_test(tc, test_event_owners);
    tcase_add_test(tc, test_stacking);
    tcase_add_test(tc, test_fleet_no_effect);
    tcase_add_test(tc, test_commanders_and_garrison_values);
    tcase_add_test(tc, test_canicule);
    tcase_add_test(tc, test_demoralized_move);
    tcase_add_test(tc, test_decoy_alone);
    tcase_add_test(tc, test_command_path);
    tcase_add_test(tc, test_impassable_connections);
    tcase_add_test(tc, test_commander_left_alone);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

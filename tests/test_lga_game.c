/* La Grande Armée: the sequence of play through the game API on the bundled scenarios — playouts, determinism,
   save/load/undo, the CRT gaps, and constructed situations for every phase and segment. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lga/lga.h"
#include "lga/lga_seq.h"
#include "testutil.h"

static wg_ctx *CTX;

static wg_game *mk(const char *scen, const char *opts, uint64_t seed)
{
    wg_game *g = NULL;
    if (!CTX)
        ck_assert_int_eq(wg_ctx_new(&CTX, NULL, NULL), WG_OK);
    /* every decision is asked, those with nothing to decide included: the scripts name each one */
    char all[256];
    snprintf(all, sizeof all, "%s%sask_empty=1", opts ? opts : "", opts && opts[0] ? "," : "");
    int rc = wg__game_new_ops(&g, CTX, &wg__lga_ops, scen, all, seed);
    ck_assert_msg(rc == WG_OK, "new %s: %s", scen, wg_ctx_errmsg(CTX));
    return g;
}

static int has_option(wg_game *g, uint64_t a)
{
    size_t n;
    ck_assert_int_eq(wg_game_option_count(&n, g), WG_OK);
    for (size_t i = 0; i < n; i++) {
        uint64_t x;
        wg_game_option_action(&x, g, i);
        if (x == a)
            return 1;
    }
    return 0;
}

/* The tests edit the state directly; each decision starts from the state as edited. */
static int choose_raw(wg_game *g, uint64_t a)
{
    wg__game_rebase(g);
    return wg_game_choose_action(g, a);
}

static void choose(wg_game *g, uint64_t a)
{
    int rc = choose_raw(g, a);
    ck_assert_msg(rc == WG_OK, "choose %llx: %s", (unsigned long long)a, wg_game_errmsg(g));
}

static int count_events(wg_game *g, const char *rule, size_t from)
{
    size_t n;
    int c = 0;
    wg_game_event_count(&n, g);
    for (size_t i = from; i < n; i++) {
        const char *r;
        wg_game_event_rule(&r, g, i);
        if (r && strcmp(r, rule) == 0)
            c++;
    }
    return c;
}

static size_t nevents(wg_game *g)
{
    size_t n;
    wg_game_event_count(&n, g);
    return n;
}

static int hexat(wg_game *g, int c, int r)
{
    return lga_board_hex(&lga_rd(g)->board, c, r);
}

static int named(wg_game *g, const char *name)
{
    int h = -1;
    ck_assert_int_eq(wg_map_find(&h, g->map, name), WG_OK);
    return h;
}

/* Removes every unit (on the map or to come) and clears a patch of terrain: a clean table for a test. */
static void wipe(wg_game *g, int c0, int r0, int w, int hgt)
{
    lga_state *s = lga_st(g);
    lga_board *b = &lga_rd(g)->board;
    for (int i = 0; i < s->nunits; i++) {
        if (s->u[i].hex >= 0)
            lga_unit_remove(s, i);
        s->u[i].st = LGA_US_ELIM;
    }
    for (int c = c0; c < c0 + w; c++)
        for (int r = r0; r < r0 + hgt; r++) {
            int h = lga_board_hex(b, c, r);
            b->terrain[h] = LGA_T_CLEAR;
            b->hflags[h] &= (uint16_t)(LGA_HF_EDGE_N | LGA_HF_EDGE_S | LGA_HF_EDGE_E | LGA_HF_EDGE_W);
            for (int d = 0; d < 6; d++)
                lga_board_set_side(b, h, d, 0);
            lga_ctl_set(s, h, -1);
        }
    lga_board_finish(b);
    g->opts_valid = false;
}

static int put(wg_game *g, int side, int nat, int type, int str, int ma, int hex)
{
    lga_state *s = lga_st(g);
    int u = lga_unit_add(s, side, nat, type, str, ma);
    ck_assert_int_ge(u, 0);
    lga_unit_place(s, u, hex);
    g->opts_valid = false;
    return u;
}

/* Puts the game at the start of a Movement Phase of `side`. */
static void at_movement(wg_game *g, int turn, int side)
{
    lga_run r;
    lga_state *s = lga_st(g);
    s->turn = turn;
    s->pturn = side;
    lga_run_init(&r, g);
    lga_start_movement(&r);
    g->opts_valid = false;
}

/* Puts the game at the start of a Combat Phase of `side`. */
static void at_combat(wg_game *g, int turn, int side)
{
    lga_run r;
    lga_state *s = lga_st(g);
    s->turn = turn;
    s->pturn = side;
    s->phase = 0;
    lga_run_init(&r, g);
    lga_start_combat(&r);
    g->opts_valid = false;
}

static void decision(wg_game *g, int *p, int *k)
{
    ck_assert_int_eq(wg_game_decision(p, k, g), WG_OK);
}

static void roll_face(wg_game *g, int face)
{
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(p, WG_PLAYER_CHANCE);
    ck_assert_int_eq(k, WG_DEC_ROLL);
    choose(g, LGA_ACT(LGA_A_FACE, face, 0, 0));
}

/* ------------------------------------------------------------------ whole games */

START_TEST(test_playouts_end)
{
    /* LGA-SEQ-09, LGA-SCEN-10, LGA-SEQ-10: every scenario ends after its last Game-Turn with a level */
    static const char *const sc[3] = {"1805", "1806", "1809"};
    static const int len[3] = {12, 9, 12};
    for (int i = 0; i < 3; i++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            wg_game *g = mk(sc[i], "crt=completion", seed);
            uint64_t steps = 0;
            int rc = wg_game_playout(&steps, g, 5000000);
            ck_assert_msg(rc == WG_OK, "%s/%llu: %s", sc[i], (unsigned long long)seed, wg_game_errmsg(g));
            int over = 0, turn = 0;
            wg_game_is_over(&over, g);
            ck_assert_int_eq(over, 1);
            wg_game_turn(&turn, g);
            ck_assert_int_eq(turn, len[i]);
            char buf[256];
            size_t l;
            ck_assert_int_eq(wg_game_result_text(buf, sizeof buf, &l, g), WG_OK);
            ck_assert_ptr_nonnull(strstr(buf, "Victory") ? buf : strstr(buf, "Draw"));
            ck_assert_int_eq(count_events(g, "LGA-SCEN-10", 0), 1);
            /* rule provenance: every event names a checklist item */
            size_t n = nevents(g);
            for (size_t e = 0; e < n; e++) {
                const char *rule = NULL;
                wg_game_event_rule(&rule, g, e);
                ck_assert_ptr_nonnull(rule);
                ck_assert_msg(strncmp(rule, "LGA-", 4) == 0, "event %zu rule %s", e, rule);
            }
            wg_game_free(g);
        }
}
END_TEST

START_TEST(test_determinism)
{
    for (uint64_t seed = 5; seed < 8; seed++) {
        wg_game *a = mk("1806", "crt=completion", seed), *b = mk("1806", "crt=completion", seed);
        uint64_t sa, sb, ha, hb;
        wg_game_playout(&sa, a, 5000000);
        wg_game_playout(&sb, b, 5000000);
        ck_assert_uint_eq(sa, sb);
        wg_game_hash(&ha, a);
        wg_game_hash(&hb, b);
        ck_assert_uint_eq(ha, hb);
        ck_assert_uint_eq(nevents(a), nevents(b));
        wg_game_free(a);
        wg_game_free(b);
    }
}
END_TEST

START_TEST(test_save_load_undo)
{
    wg_game *g = mk("1809", "crt=completion", 11);
    uint64_t steps;
    for (int round = 0; round < 4; round++) {
        wg_game_playout(&steps, g, 150 + (uint64_t)round * 97);
        size_t len = 0;
        ck_assert_int_eq(wg_game_save(NULL, 0, &len, g), WG_OK);
        void *buf = malloc(len);
        ck_assert_int_eq(wg_game_save(buf, len, &len, g), WG_OK);
        wg_game *h = NULL;
        ck_assert_int_eq(wg__game_load_ops(&h, CTX, buf, len, &wg__lga_ops), WG_OK);
        uint64_t h1, h2;
        wg_game_hash(&h1, g);
        wg_game_hash(&h2, h);
        ck_assert_uint_eq(h1, h2);
        /* continue both identically */
        uint64_t s1, s2;
        wg_game_playout(&s1, g, 200);
        wg_game_playout(&s2, h, 200);
        wg_game_hash(&h1, g);
        wg_game_hash(&h2, h);
        ck_assert_uint_eq(h1, h2);
        /* undo to an earlier step and replay the same decisions */
        uint64_t n;
        wg_game_step_count(&n, g);
        wg_game *c = NULL;
        ck_assert_int_eq(wg_game_clone(&c, g), WG_OK);
        ck_assert_int_eq(wg_game_undo_to(g, n / 2), WG_OK);
        wg_game_undo_to(c, n / 2);
        wg_game_hash(&h1, g);
        wg_game_hash(&h2, c);
        ck_assert_uint_eq(h1, h2);
        free(buf);
        wg_game_free(h);
        wg_game_free(c);
    }
    wg_game_free(g);
}
END_TEST

START_TEST(test_crt_gap_stops)
{
    /* LGA-CRT-03, LGA-GAP-04: a roll landing on an unprinted cell stops the game with WG_ETABLEGAP */
    wg_game *g = mk("1809", NULL, 3);
    wipe(g, 20, 20, 10, 10);
    int a = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, hexat(g, 24, 24));
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, hexat(g, 24, 25));
    lga_st(g)->u[a].flags |= 0;
    at_combat(g, 2, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_DECLARE, hexat(g, 24, 24), hexat(g, 24, 25), 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* no more attacks */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* attacker supply */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* RBC */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* defender supply */
    choose(g, LGA_ACT(LGA_A_BATTLE, 0, 0, 0));
    /* 5 (unsupplied 2) vs 4 (unsupplied 2): 100%: die 3 is not printed */
    uint64_t h0, h1;
    wg__game_rebase(g); /* the edited state is the starting point */
    wg_game_hash(&h0, g);
    int rc = choose_raw(g, LGA_ACT(LGA_A_FACE, 3, 0, 0));
    ck_assert_int_eq(rc, WG_ETABLEGAP);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "LGA-GAP-04"));
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "crt=completion"));
    wg_game_hash(&h1, g);
    ck_assert_uint_eq(h0, h1); /* nothing changed */
    /* the host supplies the cell: the result comes from a supplied cell */
    wg_table *crt = NULL;
    ck_assert_int_eq(wg_game_table_find(&crt, g, "crt"), WG_OK);
    int code;
    ck_assert_int_eq(wg_table_code(&code, crt, "Dr1"), WG_OK);
    ck_assert_int_eq(wg_table_set(crt, 2, 2, code), WG_OK);
    size_t e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_FACE, 3, 0, 0));
    ck_assert_int_eq(count_events(g, "LGA-GAP-04", e0), 1);
    /* printed cells cannot be overwritten */
    ck_assert_int_eq(wg_table_set(crt, 0, 2, code), WG_EILLEGAL);
    wg_game_free(g);
}
END_TEST

START_TEST(test_crt_tables_built)
{
    wg_game *g = mk("1805", NULL, 1);
    wg_table *t = NULL;
    int rows, cols, src, code;
    const char *name;
    /* LGA-CRT-01: 6 rows x 11 columns; LGA-CRT-02 printed row 1 */
    ck_assert_int_eq(wg_game_table_find(&t, g, "crt"), WG_OK);
    wg_table_size(&rows, &cols, t);
    ck_assert_int_eq(rows, 6);
    ck_assert_int_eq(cols, 11);
    ck_assert_int_eq(wg_table_lookup(&code, t, 0, 10), WG_OK);
    wg_table_code_name(&name, t, code);
    ck_assert_str_eq(name, "De");
    wg_table_source(&src, t, 0, 10);
    ck_assert_int_eq(src, WG_CELL_PRINTED);
    ck_assert_int_eq(wg_table_lookup(&code, t, 1, 5), WG_ETABLEGAP);
    ck_assert_int_eq(wg_table_lookup(&code, t, 5, 0), WG_ETABLEGAP);
    /* both forced-march tables, fully printed for modified rolls 0..7 */
    ck_assert_int_eq(wg_game_table_find(&t, g, "fm_double"), WG_OK);
    ck_assert_int_eq(wg_table_lookup(&code, t, 3, 0), WG_OK);
    wg_table_code_name(&name, t, code);
    ck_assert_str_eq(name, "Op");
    ck_assert_int_eq(wg_table_lookup(&code, t, 4, 1 + 5), WG_OK); /* 1st 4, 2nd 5: e */
    wg_table_code_name(&name, t, code);
    ck_assert_str_eq(name, "e");
    ck_assert_int_eq(wg_game_table_find(&t, g, "fm_triple"), WG_OK);
    ck_assert_int_eq(wg_table_lookup(&code, t, 0, 0), WG_OK);
    wg_table_code_name(&name, t, code);
    ck_assert_str_eq(name, "success");
    wg_game_free(g);
    /* the opt-in completion fills every gap with supplied cells */
    g = mk("1805", "crt=completion", 1);
    wg_game_table_find(&t, g, "crt");
    ck_assert_int_eq(wg_table_lookup(&code, t, 5, 10), WG_OK);
    wg_table_source(&src, t, 5, 10);
    ck_assert_int_eq(src, WG_CELL_SUPPLIED);
    wg_table_source(&src, t, 0, 0);
    ck_assert_int_eq(src, WG_CELL_PRINTED);
    wg_game_free(g);
}
END_TEST

START_TEST(test_bad_options)
{
    wg_game *g = NULL;
    if (!CTX)
        wg_ctx_new(&CTX, NULL, NULL);
    ck_assert_int_eq(wg__game_new_ops(&g, CTX, &wg__lga_ops, "1805", "nonsense=1", 1), WG_EINVAL);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(CTX), "nonsense"));
    ck_assert_int_eq(wg__game_new_ops(&g, CTX, &wg__lga_ops, "1807", NULL, 1), WG_ENOTFOUND);
}
END_TEST

/* ------------------------------------------------------------------ sequence */

START_TEST(test_sequence_of_play)
{
    wg_game *g = mk("1806", "crt=completion", 1);
    int p, k;
    /* LGA-SCEN-03: the Allied Player sets up first */
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_ALLIED);
    ck_assert_int_eq(k, WG_DEC_PLACE);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    /* LGA-SEQ-01, LGA-SEQ-02, LGA-SEQ-03: Game-Turn 1 starts with the Allied Movement Phase */
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_ALLIED);
    ck_assert_int_eq(k, WG_DEC_SELECT);
    ck_assert_int_eq(lga_st(g)->phase, 0);
    /* LGA-MOVE-01: movement is voluntary: the phase may end at once */
    ck_assert(has_option(g, LGA_ACT(LGA_A_END, 0, 0, 0)));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    if (lga_st(g)->mode == LGA_M_ENDCOMBINE)
        choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    while (lga_st(g)->mode == LGA_M_PRUSSFORT) {
        size_t i = 0;
        wg_game_choose(g, i);
    }
    /* LGA-SEQ-04: the Combat Phase: (a) declarations by the phasing (attacking) player, LGA-SEQ-06 */
    decision(g, &p, &k);
    ck_assert_int_eq(lga_st(g)->phase, 1);
    ck_assert_int_eq(p, LGA_ALLIED);
    ck_assert_int_eq(k, WG_DEC_ATTACK);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* (a) supply */
    while (lga_st(g)->mode == LGA_M_STACKELIM)
        wg_game_choose(g, 0);
    /* (b) RBC and (c) defender supply belong to the non-phasing player */
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_FRENCH);
    ck_assert_int_eq(k, WG_DEC_RETREAT);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    decision(g, &p, &k);
    ck_assert_int_eq(k, WG_DEC_SUPPLY);
    ck_assert_int_eq(p, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    /* (e) advance, then LGA-SEQ-05: Supply Creation */
    decision(g, &p, &k);
    ck_assert_int_eq(k, WG_DEC_ADVANCE);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(lga_st(g)->phase, 2);
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_CREATE);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    /* then the French Player-Turn of the same Game-Turn */
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_FRENCH);
    ck_assert_int_eq(lga_st(g)->turn, 1);
    ck_assert_int_eq(lga_st(g)->phase, 0);
    /* LGA-SEQ-07: no Allied decision in the French Movement Phase */
    ck_assert_int_eq(count_events(g, "LGA-SEQ-02", 0), 2);
    for (int i = 0; i < 300 && lga_st(g)->phase == 0 && lga_st(g)->pturn == LGA_FRENCH; i++) {
        decision(g, &p, &k);
        ck_assert(p == LGA_FRENCH || p == WG_PLAYER_CHANCE);
        wg_game_bot_step(NULL, g);
    }
    wg_game_free(g);
}
END_TEST

START_TEST(test_unit_data)
{
    /* LGA-UNIT-03 */
    wg_game *g = mk("1805", NULL, 1);
    const char *name;
    int np;
    wg_game_player_count(&np, g);
    ck_assert_int_eq(np, 2);
    wg_game_player_name(&name, g, 0);
    ck_assert_str_eq(name, "Allied");
    wg_game_player_name(&name, g, 1);
    ck_assert_str_eq(name, "French");
    /* LGA-UNIT-04, LGA-UNIT-06: the French 2-5 infantry divisions: strength 2, MA 5, a Combat unit */
    const lga_state *s = lga_st(g);
    int found = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].side == LGA_FRENCH && s->u[i].type == LGA_INF) {
            ck_assert_int_eq(s->u[i].str, 2);
            ck_assert_int_eq(s->u[i].ma, 5);
            ck_assert(lga_is_combat(&s->u[i]));
            found++;
        } else if (s->u[i].type == LGA_LEADER || s->u[i].type == LGA_SUPPLY || s->u[i].type == LGA_DEPOT) {
            ck_assert(!lga_is_combat(&s->u[i]));
        }
    ck_assert_int_eq(found, 3 + 17 + 1 + 3);
    /* LGA-UNIT-02, LGA-GAP-03: every die decision is one d6 with six equally likely faces */
    wg_game_free(g);
    g = mk("1805", NULL, 1);
    wipe(g, 20, 20, 8, 8);
    int u = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 22, 22));
    at_movement(g, 2, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_SELECT, u, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 2, 0, 0));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 24), 0, 0));
    size_t n;
    wg_game_option_count(&n, g);
    ck_assert_uint_eq(n, 6);
    for (size_t i = 0; i < n; i++) {
        uint64_t w, tot;
        wg_game_option_weight(&w, &tot, g, i);
        ck_assert_uint_eq(w, 1);
        ck_assert_uint_eq(tot, 6);
    }
    wg_game_free(g);
    /* LGA-UNIT-07: identification numbers have no effect: two identical units get the same moves */
    g = mk("1805", NULL, 1);
    wipe(g, 15, 5, 20, 40);
    int u1 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 24, 14));
    int u2 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 24, 30));
    lga_run r;
    lga_run_init_const(&r, g);
    lga_reach r1, r2;
    lga_reach_compute(&r, u1, 5, &r1);
    lga_reach_compute(&r, u2, 5, &r2);
    ck_assert_int_eq(r1.n, r2.n);
    ck_assert_int_gt(r1.n, 0);
    wg_game_free(g);
}
END_TEST

/* The reachable-hex search answers hex questions for its whole window at once when the board's adjacency
   is regular (lga_board_finish), and per visited hex otherwise: both give the same destinations, costs and
   ZOC stops (LGA-MOVE-03, LGA-ZOC-05..08, LGA-MOVE-05) at every destination decision of seeded games, and
   the Line A/B trace (LGA-S1805-28) the same answer. */
START_TEST(test_reach_window_equals_per_hex)
{
    static const char *const sc[3] = {"1805", "1806", "1809"};
    static lga_reach a, b;
    int searches = 0, traces = 0;
    for (int i = 0; i < 3; i++) {
        wg_game *g = mk(sc[i], "crt=completion", 11);
        lga_board *bd = &lga_rd(g)->board;
        ck_assert_int_eq(bd->nbsym, 1);
        for (int step = 0; step < 4000; step++) {
            int p, k;
            wg_game_decision(&p, &k, g);
            if (p == WG_PLAYER_NONE)
                break;
            lga_run r;
            lga_run_init_const(&r, g);
            if (r.s->mode == LGA_M_DEST) {
                int budget = lga_unit_budget(&r);
                lga_reach_compute(&r, r.s->cur, budget, &a);
                bd->nbsym = 0;
                lga_reach_compute(&r, r.s->cur, budget, &b);
                bd->nbsym = 1;
                ck_assert_int_eq(a.n, b.n);
                for (int j = 0; j < a.n; j++) {
                    ck_assert_int_eq(a.hex[j], b.hex[j]);
                    ck_assert_int_eq(a.cost[j], b.cost[j]);
                    ck_assert_int_eq(a.stop[j], b.stop[j]);
                }
                searches++;
            }
            if (i == 0 && step % 50 == 0) {
                for (int line = 0; line < 2; line++) {
                    int f = line ? LGA_HF_LINE_B : LGA_HF_LINE_A;
                    int x = lga_line_trace(&r, f);
                    bd->nbsym = 0;
                    int y = lga_line_trace(&r, f);
                    bd->nbsym = 1;
                    ck_assert_int_eq(x, y);
                }
                traces++;
            }
            ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        }
        wg_game_free(g);
    }
    ck_assert_int_gt(searches, 100);
    ck_assert_int_gt(traces, 10);
    /* lga_board_finish: an adjacency listed by one hex only turns the window answers off */
    static lga_board nb;
    lga_board_init(&nb, 8, 8);
    ck_assert_int_eq(nb.nbsym, 1);
    nb.nb[lga_board_hex(&nb, 3, 3)][0] = (int16_t)lga_board_hex(&nb, 6, 6);
    lga_board_finish(&nb);
    ck_assert_int_eq(nb.nbsym, 0);
}
END_TEST

/* LGA-MOVE-02: the route of a chosen destination follows the tree of the reachable-hex search; the tree
   kept from the destination decision and a fresh search give the same route, a route costs the cost the
   search found, and every hex on it but the last may be passed through. */
START_TEST(test_move_route_from_search_tree)
{
    static const char *const sc[3] = {"1805", "1806", "1809"};
    static lga_reach rc;
    int16_t p1[LGA_MAX_LIST], p2[LGA_MAX_LIST];
    int routes = 0;
    for (int i = 0; i < 3; i++) {
        wg_game *g = mk(sc[i], "crt=completion", 5);
        for (int step = 0; step < 3000; step++) {
            int p, k;
            wg_game_decision(&p, &k, g);
            if (p == WG_PLAYER_NONE)
                break;
            size_t nopt = 0;
            ck_assert_int_eq(wg_game_option_count(&nopt, g), WG_OK); /* the destination decision's tree */
            lga_run r;
            lga_run_init(&r, g);
            lga_pathcache *pc = (lga_pathcache *)g->scratch;
            if (r.s->mode == LGA_M_DEST && step % 3 == 0) {
                int budget = lga_unit_budget(&r), ui = r.s->cur;
                ck_assert(pc->valid && pc->unit == ui && pc->budget == budget);
                lga_reach_compute(&r, ui, budget, &rc);
                for (int j = 0; j < rc.n; j++) {
                    int n1 = lga_reach_path(&r, ui, budget, rc.hex[j], p1, LGA_MAX_LIST);
                    pc->valid = 0;
                    int n2 = lga_reach_path(&r, ui, budget, rc.hex[j], p2, LGA_MAX_LIST);
                    pc->valid = 1;
                    ck_assert_int_gt(n1, 0);
                    ck_assert_int_eq(n1, n2);
                    ck_assert_int_eq(p1[n1 - 1], rc.hex[j]);
                    int cost = 0, from = r.s->u[ui].hex, start = r.s->mstart >= 0 ? r.s->mstart : from;
                    for (int q = 0; q < n1; q++) {
                        ck_assert_int_eq(p1[q], p2[q]);
                        int stop = 0,
                            c = lga_step_cost_move(&r, ui, start, from, p1[q], lga_board_dir(r.b, from, p1[q]), &stop);
                        ck_assert_int_gt(c, 0);
                        ck_assert(q == n1 - 1 || !stop); /* LGA-ZOC-05/06: only the last hex may stop a move */
                        cost += c;
                        from = p1[q];
                    }
                    ck_assert_int_eq(cost, rc.cost[j]);
                    routes++;
                }
            }
            ck_assert_int_eq(wg_game_bot_step(NULL, g), WG_OK);
        }
        wg_game_free(g);
    }
    ck_assert_int_gt(routes, 1000);
}
END_TEST

/* ------------------------------------------------------------------ movement phase */

START_TEST(test_forced_march_options)
{
    wg_game *g = mk("1809", NULL, 1);
    wipe(g, 20, 10, 10, 30);
    int inf = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 22, 22));
    int cav = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, hexat(g, 26, 22));
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, hexat(g, 22, 23));
    at_movement(g, 2, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_SELECT, cav, 0, 0));
    /* LGA-FMARCH-01: any unit may double; LGA-FMARCH-02, LGA-FMARCH-18: only infantry may triple */
    ck_assert(has_option(g, LGA_ACT(LGA_A_FM, 2, 0, 0)));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_FM, 3, 0, 0)));
    int rc = choose_raw(g, LGA_ACT(LGA_A_FM, 3, 0, 0));
    ck_assert_int_eq(rc, WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "LGA-FMARCH-02"));
    /* no Supply unit next to the cavalry: no FM Supply option (LGA-FMARCH-03) */
    ck_assert(!has_option(g, LGA_ACT(LGA_A_FM, 1, su, 0)));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_STOP, 0, 0, 0));
    /* LGA-FMARCH-03, LGA-FMARCH-04, LGA-SUPPLY-01 (Forced March Supply): with a Supply unit adjacent: doubled
       MA without a roll */
    choose(g, LGA_ACT(LGA_A_SELECT, inf, 0, 0));
    ck_assert(has_option(g, LGA_ACT(LGA_A_FM, 1, su, 0)));
    ck_assert(has_option(g, LGA_ACT(LGA_A_FM, 3, 0, 0)));
    choose(g, LGA_ACT(LGA_A_FM, 1, su, 0));
    ck_assert(has_option(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 12), 0, 0))); /* 10 MP north */
    ck_assert(!has_option(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 11), 0, 0)));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 12), 0, 0));
    /* no roll: back to the unit choice; LGA-FMARCH-05: it cannot give stacking or combat supply any more */
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_SELECT);
    ck_assert(lga_st(g)->u[su].flags & LGA_UF_SUP_FM);
    {
        lga_run rr;
        lga_run_init_const(&rr, g);
        ck_assert(!lga_supply_in_range(&rr, su, lga_st(g)->u[su].hex));
    }
    /* ... but it gives Forced March Supply to any number of units that started next to it, even after it
       moved (LGA-GAP-27) */
    int inf2 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 23, 23));
    lga_st(g)->u[inf2].hex0 = lga_st(g)->u[inf2].hex;
    choose(g, LGA_ACT(LGA_A_SELECT, su, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 27), 0, 0));
    choose(g, LGA_ACT(LGA_A_SELECT, inf2, 0, 0));
    ck_assert(has_option(g, LGA_ACT(LGA_A_FM, 1, su, 0)));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_STOP, 0, 0, 0));
    /* LGA-FMARCH-04, LGA-SUPPLY-06: expended at the end of the Phase */
    size_t e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* end of movement */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* no end-of-phase combination */
    ck_assert_int_eq(count_events(g, "LGA-SUPPLY-06", e0), 1);
    ck_assert_int_eq(lga_st(g)->u[su].st, LGA_US_ELIM);
    wg_game_free(g);
}
END_TEST

START_TEST(test_forced_march_rolls)
{
    wg_game *g = mk("1809", NULL, 1);
    wipe(g, 20, 10, 10, 30);
    int a = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 22, 12));
    int b = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 24, 12));
    int c = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 26, 12));
    int d = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 28, 12));
    at_movement(g, 2, LGA_FRENCH);
    /* LGA-FMARCH-06: double on the table: MA first, roll, MA again */
    choose(g, LGA_ACT(LGA_A_SELECT, a, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 2, 0, 0));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 18), 0, 0)));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 17), 0, 0));
    roll_face(g, 3); /* French: 3 - 1 = 2: success (LGA-FMARCH-09) */
    ck_assert(has_option(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 22), 0, 0)));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 22), 0, 0));
    ck_assert_int_eq(lga_st(g)->u[a].hex, hexat(g, 22, 22));
    ck_assert_int_eq(lga_st(g)->u[a].dis, 0);
    /* LGA-FMARCH-07: triple: 2 x MA, roll, MA again (15 in all); LGA-FMARCH-15 "d": disrupted at the end */
    choose(g, LGA_ACT(LGA_A_SELECT, b, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 3, 0, 0));
    ck_assert(has_option(g, LGA_ACT(LGA_A_DEST, hexat(g, 24, 22), 0, 0)));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 24, 22), 0, 0));
    roll_face(g, 5); /* 5 - 1 = 4 on the Triple table: d */
    size_t e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 24, 27), 0, 0));
    ck_assert_int_eq(count_events(g, "LGA-FMARCH-15", e0), 1); /* LGA-DISRUPT-01 */
    ck_assert_int_ne(lga_st(g)->u[b].dis, 0);
    /* LGA-FMARCH-08: a unit moves once: no second forced march for b */
    ck_assert(!has_option(g, LGA_ACT(LGA_A_SELECT, b, 0, 0)));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_SELECT, a, 0, 0)));
    /* LGA-FMARCH-14: Op: halt (movement ends, no penalty) */
    choose(g, LGA_ACT(LGA_A_SELECT, c, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 2, 0, 0));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 26, 14), 0, 0));
    roll_face(g, 4); /* 3: Op */
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(k, WG_DEC_YESNO);
    choose(g, LGA_ACT(LGA_A_HALT, 0, 0, 0));
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_SELECT);
    ck_assert_int_eq(lga_st(g)->u[c].hex, hexat(g, 26, 14));
    ck_assert_int_eq(lga_st(g)->u[c].dis, 0);
    /* ... or roll again on the 2nd row; LGA-FMARCH-15 "e": eliminated */
    choose(g, LGA_ACT(LGA_A_SELECT, d, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 2, 0, 0));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 28, 14), 0, 0));
    roll_face(g, 5); /* 4: Op */
    choose(g, LGA_ACT(LGA_A_AGAIN, 0, 0, 0));
    roll_face(g, 6); /* 5 on the row of 4: e */
    ck_assert_int_eq(lga_st(g)->u[d].st, LGA_US_ELIM);
    wg_game_free(g);
}
END_TEST

START_TEST(test_combine_breakdown)
{
    wg_game *g = mk("1805", NULL, 1);
    wipe(g, 20, 10, 10, 10);
    int big = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, hexat(g, 22, 12));
    lga_st(g)->u[big].org = LGA_ORG_FR;
    int s1 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 26, 12));
    int s2 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, hexat(g, 26, 12));
    int dis = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, hexat(g, 28, 12));
    int cav = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, hexat(g, 28, 15));
    lga_st(g)->u[dis].dis = 200;
    at_movement(g, 2, LGA_FRENCH);
    /* LGA-COMBINE-01, LGA-COMBINE-04: at the start of the phase */
    ck_assert(has_option(g, LGA_ACT(LGA_A_BREAKDOWN, big, 0, 0)));
    ck_assert(has_option(g, LGA_ACT(LGA_A_COMBINE, hexat(g, 26, 12), LGA_INF, 2 | (5 << 8))));
    /* LGA-COMBINE-07, LGA-DISRUPT-04: not when disrupted */
    ck_assert(!has_option(g, LGA_ACT(LGA_A_BREAKDOWN, dis, 0, 0)));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_BREAKDOWN, cav, 0, 0))); /* LGA-COMBINE-14 */
    choose(g, LGA_ACT(LGA_A_COMBINE, hexat(g, 26, 12), LGA_INF, 2 | (5 << 8)));
    const lga_state *s = lga_st(g);
    int found = -1;
    for (int k = s->head[hexat(g, 26, 12)]; k >= 0; k = s->u[k].next)
        found = k;
    ck_assert_int_ge(found, 0);
    ck_assert_int_eq(s->u[found].str, 5); /* LGA-COMBINE-15: a 5-4 from the Chart */
    ck_assert_int_eq(s->u[found].ma, 4);
    ck_assert_int_eq(s->u[found].mp, 1); /* LGA-COMBINE-05 */
    (void)s1;
    (void)s2;
    /* LGA-COMBINE-08: break the 5-4 down: two 2-5 with 1 MP spent each; LGA-COMBINE-16, LGA-GAP-08: the
       counters come from an unlimited pool */
    choose(g, LGA_ACT(LGA_A_BREAKDOWN, big, 0, 0));
    int n = 0;
    for (int k = s->head[hexat(g, 22, 12)]; k >= 0; k = s->u[k].next) {
        ck_assert_int_eq(s->u[k].str, 2);
        ck_assert_int_eq(s->u[k].mp, 1);
        n++;
    }
    ck_assert_int_eq(n, 2);
    int first = s->head[hexat(g, 22, 12)];
    /* the first leaves: 3 MP left after the unstacking point, so 3 more hexes of clear terrain */
    choose(g, LGA_ACT(LGA_A_SELECT, first, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    ck_assert(has_option(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 15), 0, 0)));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 16), 0, 0)));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 14), 0, 0));
    /* once a unit moved, no more start-of-phase breakdowns */
    ck_assert(!has_option(g, LGA_ACT(LGA_A_BREAKDOWN, found, 0, 0)));
    /* LGA-COMBINE-02, LGA-COMBINE-06, LGA-ADDENDA-02: end of phase: combine only with 1 MP left after
       stacking */
    int other = s->head[hexat(g, 22, 12)];
    choose(g, LGA_ACT(LGA_A_SELECT, other, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 22, 14), 0, 0)); /* 1 + 1 (stack) = 2 of its 4 */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_ENDCOMBINE);
    ck_assert(has_option(g, LGA_ACT(LGA_A_COMBINE, hexat(g, 22, 14), LGA_INF, 2 | (5 << 8))));
    choose(g, LGA_ACT(LGA_A_COMBINE, hexat(g, 22, 14), LGA_INF, 2 | (5 << 8)));
    ck_assert_int_eq(lga_count_combat(s, hexat(g, 22, 14), LGA_FRENCH), 1);
    /* no breakdown at the end of the phase */
    wg_game_free(g);
}
END_TEST

START_TEST(test_autoelim_sequence)
{
    wg_game *g = mk("1809", NULL, 1);
    wipe(g, 20, 10, 10, 10);
    int h0 = hexat(g, 24, 12), h1 = hexat(g, 24, 13), h2 = hexat(g, 26, 13);
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 18, 2, h0);
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, h0);
    int ei = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 2, 5, h1);
    int es = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_SUPPLY, 0, 3, h1);
    int ec = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, h1);
    int lonely = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_SUPPLY, 0, 3, h2);
    at_movement(g, 2, LGA_FRENCH);
    /* LGA-AUTOELIM-01; LGA-AUTOELIM-03: 500% only with the Supply unit, which the attacker names */
    ck_assert(!has_option(g, LGA_ACT(LGA_A_AUTOELIM, h0, h1, 0)));
    ck_assert(has_option(g, LGA_ACT(LGA_A_AUTOELIM, h0, h1, su + 1)));
    size_t e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_AUTOELIM, h0, h1, su + 1));
    const lga_state *s = lga_st(g);
    /* LGA-AUTOELIM-04: infantry flagged, removed at the Combat Phase; LGA-AUTOELIM-06: supply at once;
       LGA-AUTOELIM-07: cavalry never */
    ck_assert(s->u[ei].flags & LGA_UF_AE);
    ck_assert_int_eq(s->u[ei].st, LGA_US_MAP);
    ck_assert_int_eq(s->u[es].st, LGA_US_ELIM);
    ck_assert_int_eq(s->u[ec].st, LGA_US_MAP);
    ck_assert(!(s->u[ec].flags & LGA_UF_AE));
    /* LGA-AUTOELIM-09, LGA-AUTOELIM-03: the attackers' Supply unit is used */
    ck_assert(s->u[su].flags & LGA_UF_SUP_USED);
    ck_assert_int_eq(count_events(g, "LGA-AUTOELIM-09", e0), 1);
    /* LGA-AUTOELIM-08, LGA-ADDENDA-06: the procedure has no case P: nothing else happens here */
    ck_assert_int_eq(count_events(g, "LGA-AUTOELIM-01", e0), 1);
    /* LGA-AUTOELIM-05, LGA-DEC-10: moving through a Supply-only hex eliminates it */
    int cv = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, hexat(g, 26, 11));
    choose(g, LGA_ACT(LGA_A_SELECT, cv, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 26, 15), 0, 0));
    ck_assert_int_eq(s->u[lonely].st, LGA_US_ELIM);
    /* LGA-SEQ-08: the automatically eliminated infantry is removed at the start of the Combat Phase */
    e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(s->u[ei].st, LGA_US_ELIM);
    ck_assert_int_eq(count_events(g, "LGA-SEQ-08", e0), 1);
    ck_assert_int_eq(s->u[su].st, LGA_US_ELIM); /* used supply removed at the end of the phase */
    wg_game_free(g);
}
END_TEST

START_TEST(test_why_not_zoc)
{
    wg_game *g = mk("1809", NULL, 1);
    wipe(g, 20, 10, 10, 10);
    int cav = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, hexat(g, 24, 12));
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, hexat(g, 24, 15));
    at_movement(g, 2, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_SELECT, cav, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    /* (24,14) is totally controlled: cavalry must stop there; (24,16) beyond it is not reachable that way */
    ck_assert(has_option(g, LGA_ACT(LGA_A_DEST, hexat(g, 24, 14), 0, 0)));
    int rc = choose_raw(g, LGA_ACT(LGA_A_DEST, hexat(g, 24, 15), 0, 0));
    ck_assert_int_eq(rc, WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "LGA-"));
    wg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ combat phase */

typedef struct fight {
    wg_game *g;
    int ah, dh;
} fight;

static fight setup_fight(const char *opts)
{
    fight f;
    f.g = mk("1809", opts, 1);
    wipe(f.g, 20, 10, 12, 12);
    f.ah = hexat(f.g, 24, 14);
    f.dh = hexat(f.g, 24, 15);
    return f;
}

static void declare_and_go(fight *f, int supply_att, int supply_def)
{
    wg_game *g = f->g;
    choose(g, LGA_ACT(LGA_A_DECLARE, f->ah, f->dh, 0));
    if (lga_st(g)->mode == LGA_M_MEMBERS)
        choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    if (supply_att >= 0)
        choose(g, LGA_ACT(LGA_A_SUPPLY, supply_att, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* attacker supply done */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* no RBC */
    if (supply_def >= 0)
        choose(g, LGA_ACT(LGA_A_SUPPLY, supply_def, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* defender supply done */
    choose(g, LGA_ACT(LGA_A_BATTLE, 0, 0, 0));
}

START_TEST(test_combat_de_no_advance)
{
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    /* 5-4 supplied (5) vs 4-3 unsupplied (2): 250% -> die 1: Drs ... use 18-2: 18 vs 4 supplied = 450%: De */
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 18, 2, f.ah);
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, f.ah);
    int d = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    int ds = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_SUPPLY, 0, 3, hexat(g, 24, 16));
    at_combat(g, 2, LGA_FRENCH);
    /* LGA-COMBAT-01: only adjacent Enemy hexes can be attacked */
    ck_assert(has_option(g, LGA_ACT(LGA_A_DECLARE, f.ah, f.dh, 0)));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_DECLARE, f.ah, hexat(g, 24, 16), 0)));
    declare_and_go(&f, su, ds);
    /* LGA-SUPPLY-03: attacker and defender supply both allocated */
    roll_face(g, 1);
    /* LGA-CRT-07: De eliminates the defenders */
    ck_assert_int_eq(lga_st(g)->u[d].st, LGA_US_ELIM);
    /* LGA-COMBAT-22: no River, no Fortress, no RBC: no advance */
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_ADVANCE);
    size_t n;
    wg_game_option_count(&n, g);
    ck_assert_uint_eq(n, 1);
    /* LGA-SUPPLY-06: used Supply units leave at the end of the phase */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(lga_st(g)->u[su].st, LGA_US_ELIM);
    ck_assert_int_eq(lga_st(g)->u[ds].st, LGA_US_ELIM);
    wg_game_free(g);
}
END_TEST

START_TEST(test_combat_ar1_drs_order)
{
    /* LGA-CRT-06, LGA-CRT-05: die 2 at 100%: Ar1 then Drs */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    int a = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 4, 4, f.ah);
    int d = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    lga_st(g)->u[d].org = LGA_ORG_AU1805;
    at_combat(g, 2, LGA_FRENCH);
    declare_and_go(&f, -1, -1);
    roll_face(g, 2);
    /* LGA-RETREAT-01: the attacker retreats his own unit first */
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_FRENCH);
    ck_assert_int_eq(k, WG_DEC_RETREAT);
    ck_assert_int_eq(lga_st(g)->rq[lga_st(g)->rq_i], a);
    wg_game_choose(g, 0);
    ck_assert_int_ne(lga_st(g)->u[a].dis, 0); /* LGA-RETREAT-10 */
    /* then Drs: the 4-3 breaks down into three 1-5 (LGA-COMBINE-03, LGA-CRT-09) retreating one by one */
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_ALLIED);
    ck_assert_int_eq(lga_st(g)->rq_n, 3);
    for (int i = 0; i < 3; i++) {
        int u = lga_st(g)->rq[lga_st(g)->rq_i];
        ck_assert_int_eq(lga_st(g)->u[u].str, 1);
        ck_assert_int_eq(lga_st(g)->u[u].ma, 5);
        wg_game_choose(g, 0);
        ck_assert_int_ne(lga_st(g)->u[u].dis, 0);
        /* 5 MP with every movement penalty (leaving the other 1-5s costs 1 more) */
        ck_assert_int_ge(lga_board_distance(&lga_rd(g)->board, f.dh, lga_st(g)->u[u].hex), 4);
    }
    /* LGA-COMBAT-20: no advance after Ar1 */
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_ADVANCE);
    ck_assert(!has_option(g, LGA_ACT(LGA_A_ADVANCE, a, f.dh, 0)));
    wg_game_free(g);
}
END_TEST

START_TEST(test_combat_dr1_retreat_choice)
{
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int d = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    at_combat(g, 2, LGA_FRENCH);
    declare_and_go(&f, -1, -1);
    /* 2 vs 2 unsupplied (100%): die 1 -> Ars for the attacker; use 5 supplied? make attacker supplied */
    wg_game_free(g);
    f = setup_fight(NULL);
    g = f.g;
    int a = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, f.ah);
    d = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    lga_st(g)->u[d].org = LGA_ORG_NONE;
    at_combat(g, 2, LGA_FRENCH);
    declare_and_go(&f, su, -1);
    /* 5 vs 2: 250%: die 1 = Drs; a unit not on the Chart retreats unchanged (LGA-GAP-35) */
    roll_face(g, 1);
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_ALLIED); /* LGA-RETREAT-01, LGA-DEC-20 */
    ck_assert_int_eq(k, WG_DEC_RETREAT);
    size_t n;
    wg_game_option_count(&n, g);
    ck_assert_uint_gt(n, 1); /* LGA-RETREAT-09: the owner chooses among the legal routes */
    wg_game_choose(g, 0);
    ck_assert_int_ne(lga_st(g)->u[d].hex, f.dh);
    ck_assert_int_ne(lga_st(g)->u[d].dis, 0);
    (void)a;
    wg_game_free(g);
}
END_TEST

START_TEST(test_combat_halfex)
{
    /* LGA-CRT-08, LGA-DEC-21: 17 vs 5 = 340%, die 1: ½ex: the defender goes, the attacker loses >= 3 */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    int a1 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int a2 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int a3 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int a4 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, f.ah);
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, f.ah);
    int d = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 5, 4, f.dh);
    int ds = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_SUPPLY, 0, 3, f.dh);
    at_combat(g, 2, LGA_FRENCH);
    declare_and_go(&f, su, ds);
    roll_face(g, 1);
    ck_assert_int_eq(lga_st(g)->u[d].st, LGA_US_ELIM);
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_FRENCH);
    ck_assert_int_eq(k, WG_DEC_LOSS);
    ck_assert_int_eq(lga_st(g)->halfex_need, 3);
    /* losing the 2-5 is not enough: another choice follows */
    choose(g, LGA_ACT(LGA_A_ELIM, a4, 0, 0));
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_HALFEX);
    choose(g, LGA_ACT(LGA_A_ELIM, a1, 0, 0));
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_ADVANCE);
    ck_assert_int_eq(lga_st(g)->u[a2].st, LGA_US_MAP);
    ck_assert_int_eq(lga_st(g)->u[a3].st, LGA_US_MAP);
    wg_game_free(g);
}
END_TEST

START_TEST(test_combat_fortress)
{
    /* LGA-FORT-05, LGA-CRT-14: Dr results do not affect a Fortress; ½ex only costs the attacker */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    lga_rd(g)->board.terrain[f.dh] = LGA_T_FORTRESS;
    lga_board_finish(&lga_rd(g)->board);
    int a = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 18, 2, f.ah);
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, f.ah);
    int d = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 2, 5, f.dh);
    lga_ctl_set(lga_st(g), f.dh, LGA_ALLIED);
    at_combat(g, 2, LGA_FRENCH);
    declare_and_go(&f, su, -1);
    /* 18 vs 2 x 3 = 6 (in Fortress supply: LGA-FORT-02): 300%: die 1 = ½ex */
    roll_face(g, 1);
    ck_assert_int_eq(lga_st(g)->u[d].st, LGA_US_MAP);
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_HALFEX); /* the attacker loses at least 1 point: his choice */
    ck_assert_int_eq(lga_st(g)->halfex_need, 1);
    choose(g, LGA_ACT(LGA_A_ELIM, a, 0, 0));
    ck_assert_int_eq(lga_st(g)->u[a].st, LGA_US_ELIM);
    wg_game_free(g);
    /* Drs -> no effect */
    f = setup_fight(NULL);
    g = f.g;
    lga_rd(g)->board.terrain[f.dh] = LGA_T_FORTRESS;
    lga_board_finish(&lga_rd(g)->board);
    a = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 18, 2, f.ah);
    su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, f.ah);
    d = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    lga_ctl_set(lga_st(g), f.dh, LGA_ALLIED);
    at_combat(g, 2, LGA_FRENCH);
    declare_and_go(&f, su, -1);
    size_t e0 = nevents(g);
    roll_face(g, 1); /* 18 vs 12: 150%: Drs */
    ck_assert_int_eq(count_events(g, "LGA-FORT-05", e0), 1);
    ck_assert_int_eq(lga_st(g)->u[d].hex, f.dh);
    (void)a;
    wg_game_free(g);
}
END_TEST

/* LGA-GAP-53, LGA-FORT-02, LGA-DEC-18: the owner of a Fortress whose units total more than 18 points picks the
   units that get its free supply in his supply segment; without a pick, the largest total is recorded */
static int64_t def_base(wg_game *g)
{
    int64_t o[WG_LGA_ODDS_COUNT];
    size_t n = 0;
    ck_assert_int_eq(wg_lga_attack_odds(o, WG_LGA_ODDS_COUNT, &n, g, 0), WG_OK);
    return o[WG_LGA_ODDS_DEF_BASE];
}

static fight fortress_of_28(int *u10, int *u9a, int *u9b)
{
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    lga_rd(g)->board.terrain[f.dh] = LGA_T_FORTRESS;
    lga_board_finish(&lga_rd(g)->board);
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 6, 4, f.ah);
    *u10 = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 10, 2, f.dh);
    *u9a = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 9, 2, f.dh);
    *u9b = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 9, 2, f.dh);
    lga_ctl_set(lga_st(g), f.dh, LGA_ALLIED);
    at_combat(g, 2, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_DECLARE, f.ah, f.dh, 0));
    if (lga_st(g)->mode == LGA_M_MEMBERS)
        choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* declarations done */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* attacker supply done */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* no RBC */
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_DSUPPLY);
    return f;
}

START_TEST(test_fortress_supply_choice)
{
    int u10, u9a, u9b;
    fight f = fortress_of_28(&u10, &u9a, &u9b);
    wg_game *g = f.g;
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_ALLIED);
    ck_assert_int_eq(k, WG_DEC_SUPPLY);
    /* 28 points: each unit may be picked first */
    ck_assert(has_option(g, LGA_ACT(LGA_A_FORTSUP, u10, 0, 0)));
    ck_assert(has_option(g, LGA_ACT(LGA_A_FORTSUP, u9a, 0, 0)));
    ck_assert(has_option(g, LGA_ACT(LGA_A_FORTSUP, u9b, 0, 0)));
    char buf[200];
    size_t len = 0;
    size_t nopt = 0;
    ck_assert_int_eq(wg_game_option_count(&nopt, g), WG_OK);
    int found = 0;
    for (size_t i = 0; i < nopt; i++) {
        ck_assert_int_eq(wg_game_option_label(buf, sizeof buf, &len, g, i), WG_OK);
        found |= strstr(buf, "free supply of the Fortress") != NULL;
    }
    ck_assert(found);
    /* the 10 first: a 9 would make 19 */
    size_t e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_FORTSUP, u10, 0, 0));
    ck_assert_int_eq(count_events(g, "LGA-GAP-53", e0), 1);
    ck_assert(!has_option(g, LGA_ACT(LGA_A_FORTSUP, u9a, 0, 0)));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_FORTSUP, u9b, 0, 0)));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_FORTSUP, u10, 0, 0)));
    ck_assert_int_eq(choose_raw(g, LGA_ACT(LGA_A_FORTSUP, u9a, 0, 0)), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "LGA-GAP-53"));
    /* 10 supplied + 9 and 9 halved to 4 each = 18 (LGA-SUPPLY-11) */
    ck_assert_int_eq(def_base(g), 18);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(def_base(g), 18);
    wg_game_free(g);

    /* the two 9s: 18 points, nothing else fits */
    f = fortress_of_28(&u10, &u9a, &u9b);
    g = f.g;
    choose(g, LGA_ACT(LGA_A_FORTSUP, u9a, 0, 0));
    ck_assert(has_option(g, LGA_ACT(LGA_A_FORTSUP, u9b, 0, 0)));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_FORTSUP, u10, 0, 0)));
    choose(g, LGA_ACT(LGA_A_FORTSUP, u9b, 0, 0));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_FORTSUP, u10, 0, 0)));
    ck_assert_int_eq(def_base(g), 9 + 9 + 5);
    wg_game_free(g);

    /* no pick: the largest total (9 + 9) is recorded when the segment ends */
    f = fortress_of_28(&u10, &u9a, &u9b);
    g = f.g;
    e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(count_events(g, "LGA-GAP-53", e0), 2);
    ck_assert(lga_st(g)->u[u9a].flags & LGA_UF_FORTSUP);
    ck_assert(lga_st(g)->u[u9b].flags & LGA_UF_FORTSUP);
    ck_assert(!(lga_st(g)->u[u10].flags & LGA_UF_FORTSUP));
    ck_assert_int_eq(def_base(g), 9 + 9 + 5);
    wg_game_free(g);
}
END_TEST

START_TEST(test_combat_river_advance)
{
    /* LGA-COMBAT-19 (ii), LGA-COMBAT-21: across a river after De the attacker may advance any units */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    lga_board *b = &lga_rd(g)->board;
    lga_board_set_side(b, f.ah, lga_board_dir(b, f.ah, f.dh), LGA_HS_RIVER | LGA_HS_BRIDGE);
    int a1 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 18, 2, f.ah);
    int a2 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, f.ah);
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    int ds = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_SUPPLY, 0, 3, f.dh);
    at_combat(g, 2, LGA_FRENCH);
    declare_and_go(&f, su, ds);
    roll_face(g, 1); /* 23 vs 8: 287%: Drs?  column 200-299: Drs on die 1 */
    while (lga_st(g)->mode == LGA_M_RETREAT)
        wg_game_choose(g, 0);
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_ADVANCE);
    ck_assert(has_option(g, LGA_ACT(LGA_A_ADVANCE, a1, f.dh, 0)));
    ck_assert(has_option(g, LGA_ACT(LGA_A_ADVANCE, a2, f.dh, 0)));
    choose(g, LGA_ACT(LGA_A_ADVANCE, a2, f.dh, 0));
    ck_assert_int_eq(lga_st(g)->u[a2].hex, f.dh);
    ck_assert_int_eq(lga_st(g)->u[a1].hex, f.ah);
    wg_game_free(g);
    /* LGA-COMBAT-17 in play: below 160% across the river: Ae, no roll */
    f = setup_fight(NULL);
    g = f.g;
    b = &lga_rd(g)->board;
    lga_board_set_side(b, f.ah, lga_board_dir(b, f.ah, f.dh), LGA_HS_RIVER);
    a1 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, f.ah);
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    at_combat(g, 2, LGA_FRENCH);
    declare_and_go(&f, -1, -1);
    ck_assert_int_eq(lga_st(g)->u[a1].st, LGA_US_ELIM);
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_ADVANCE);
    wg_game_free(g);
}
END_TEST

START_TEST(test_rbc_sequence)
{
    /* LGA-RBC-01, LGA-RBC-08, LGA-RBC-10, LGA-RBC-09, LGA-COMBAT-08, LGA-SUPPLY-07 */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    int a = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int c = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, f.dh);
    at_combat(g, 2, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_DECLARE, f.ah, f.dh, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert(has_option(g, LGA_ACT(LGA_A_RBC, c, 0, 0)));
    choose(g, LGA_ACT(LGA_A_RBC, c, 0, 0));
    wg_game_choose(g, 0);
    ck_assert_int_ne(lga_st(g)->u[c].hex, f.dh);
    ck_assert_int_ne(lga_st(g)->u[c].dis, 0);
    /* a retreated (disrupted) unit cannot retreat again */
    ck_assert(!has_option(g, LGA_ACT(LGA_A_RBC, c, 0, 0)));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    /* defender supply: nothing left to supply */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_BATTLE, 0, 0, 0));
    /* no combat; the attacker may advance (LGA-COMBAT-19 (i)) */
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_ADVANCE);
    ck_assert(has_option(g, LGA_ACT(LGA_A_ADVANCE, a, f.dh, 0)));
    wg_game_free(g);
    /* LGA-SUPPLY-07: the attacker's Supply unit allocated to that attack is not expended */
    f = setup_fight(NULL);
    g = f.g;
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, hexat(g, 24, 13));
    c = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, f.dh);
    at_combat(g, 2, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_DECLARE, f.ah, f.dh, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_SUPPLY, su, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_RBC, c, 0, 0));
    wg_game_choose(g, 0);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_BATTLE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* no advance; end of the Combat Phase */
    ck_assert_int_eq(lga_st(g)->u[su].st, LGA_US_MAP);
    wg_game_free(g);
}
END_TEST

START_TEST(test_multiple_attacks)
{
    /* LGA-COMBAT-02, LGA-COMBAT-05, LGA-COMBAT-18, LGA-ADDENDA-03, LGA-STACK-08: separate hex-groups attack one
       hex in succession; part of a stack attacks */
    fight f = setup_fight("crt=completion");
    wg_game *g = f.g;
    int h2 = hexat(g, 25, 15); /* also adjacent to (24,15) */
    int a1 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int a2 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, f.ah);
    int b1 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, h2);
    int d1 = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    int d2 = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_CAV, 1, 6, f.dh);
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, f.ah);
    at_combat(g, 2, LGA_FRENCH);
    ck_assert(lga_board_dir(&lga_rd(g)->board, h2, f.dh) >= 0);
    choose(g, LGA_ACT(LGA_A_DECLARE, f.ah, f.dh, 0));
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_MEMBERS);
    choose(g, LGA_ACT(LGA_A_DROP, a2, 0, 0)); /* part of the stack stays out */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(lga_st(g)->u[a2].battle, 0);
    /* LGA-COMBAT-03: a unit that attacked cannot attack again; a2 can join a second attack, from the same hex */
    ck_assert(has_option(g, LGA_ACT(LGA_A_DECLARE, f.ah, f.dh, 0)));
    choose(g, LGA_ACT(LGA_A_DECLARE, f.ah, f.dh, 0));
    ck_assert_int_eq(lga_st(g)->u[a2].battle, 2);
    ck_assert_int_eq(lga_st(g)->u[a1].battle, 1);
    choose(g, LGA_ACT(LGA_A_DECLARE, h2, f.dh, 0));
    ck_assert_int_eq(lga_st(g)->nbattles, 3);
    /* LGA-COMBAT-04: each declaration attacks one hex */
    for (int b = 0; b < 3; b++) {
        ck_assert_int_eq(lga_st(g)->battles[b].ntarget, 1);
        ck_assert_int_eq(lga_st(g)->battles[b].target[0], f.dh);
    }
    /* LGA-COMBAT-07: the defenders defend together, in every battle: both units count each time */
    {
        lga_run r;
        lga_run_init_const(&r, g);
        lga_odds o0, o2;
        lga_battle_odds(&r, 0, &o0);
        lga_battle_odds(&r, 2, &o2);
        ck_assert_int_eq(o0.def_base, 2 + 1);
        ck_assert_int_eq(o2.def_base, 2 + 1);
    }
    ck_assert(!has_option(g, LGA_ACT(LGA_A_DECLARE, h2, f.dh, 0)));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    /* stacking: a1 + a2 on one hex need Stacking Supply (LGA-STACK-04): use the Supply unit */
    choose(g, LGA_ACT(LGA_A_SUPPLY, su, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_RBC);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    /* the attacker chooses the order */
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(k, WG_DEC_ORDER);
    ck_assert(has_option(g, LGA_ACT(LGA_A_BATTLE, 2, 0, 0)));
    choose(g, LGA_ACT(LGA_A_BATTLE, 2, 0, 0));
    (void)b1;
    (void)d1;
    (void)d2;
    wg_game_free(g);
}
END_TEST

START_TEST(test_fortress_combined_attack)
{
    /* LGA-FORT-06, LGA-LEADER-08: all units adjacent to a Fortress in one battle, leaders after strengths */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    lga_rd(g)->board.terrain[f.dh] = LGA_T_FORTRESS;
    lga_board_finish(&lga_rd(g)->board);
    int h2 = hexat(g, 25, 15);
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, h2);
    int ld = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, h2);
    lga_st(g)->u[ld].off = 25;
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 2, 5, f.dh);
    at_combat(g, 2, LGA_FRENCH);
    ck_assert(has_option(g, LGA_ACT(LGA_A_DECLARE, f.dh, f.dh, LGA_DF_COMBINED)));
    choose(g, LGA_ACT(LGA_A_DECLARE, f.dh, f.dh, LGA_DF_COMBINED));
    lga_run r;
    lga_run_init_const(&r, g);
    lga_odds od;
    lga_battle_odds(&r, 0, &od);
    /* 2 + 2 unsupplied = 4, bonus capped at 4: 8 vs 2 x 3 */
    ck_assert_int_eq(od.att_base, 4);
    ck_assert_int_eq(od.att_lead, 4);
    ck_assert_int_eq(od.def_total, 6);
    wg_game_free(g);
    /* LGA-FORT-07: attacking out of a Fortress involves every adjacent Enemy hex */
    f = setup_fight(NULL);
    g = f.g;
    lga_rd(g)->board.terrain[f.ah] = LGA_T_FORTRESS;
    lga_board_finish(&lga_rd(g)->board);
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 2, 5, f.dh);
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 2, 5, hexat(g, 24, 13));
    at_combat(g, 2, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_DECLARE, f.ah, f.dh, 0));
    ck_assert_int_eq(lga_st(g)->battles[0].ntarget, 2);
    wg_game_free(g);
}
END_TEST

START_TEST(test_stack_elimination)
{
    /* LGA-STACK-03, LGA-STACK-04, LGA-STACK-07, LGA-DEC-15: the non-phasing player removes the excess */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    int a = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, f.ah);
    int b = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, f.ah);
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 2, 5, hexat(g, 28, 18));
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 2, 5, hexat(g, 28, 18));
    at_combat(g, 2, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_ALLIED);
    ck_assert_int_eq(k, WG_DEC_ELIMINATE);
    choose(g, LGA_ACT(LGA_A_ELIM, b, 0, 0));
    ck_assert_int_eq(lga_st(g)->u[b].st, LGA_US_ELIM);
    ck_assert_int_eq(lga_st(g)->u[a].st, LGA_US_MAP);
    /* the Allied (non-phasing) stack needs nothing */
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_RBC);
    wg_game_free(g);
}
END_TEST

START_TEST(test_supply_creation)
{
    /* LGA-SUPPLY-08, LGA-SUPPLY-10, LGA-SEQ-05; LGA-SUPPLY-01: Depots create the Supply units */
    wg_game *g = mk("1809", NULL, 1);
    wipe(g, 20, 10, 10, 10);
    int d1 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_DEPOT, 1, 2, hexat(g, 22, 12));
    int d2 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_DEPOT, 1, 2, hexat(g, 26, 12));
    int d3 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_DEPOT, 1, 2, hexat(g, 26, 16));
    lga_st(g)->u[d3].dis = 300;
    at_movement(g, 2, LGA_FRENCH);
    choose(g, LGA_ACT(LGA_A_SELECT, d2, 0, 0)); /* the depot moves: it creates nothing this turn */
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_DEST, hexat(g, 26, 13), 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_CREATE);
    ck_assert(has_option(g, LGA_ACT(LGA_A_CREATE, d1, 0, 0)));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_CREATE, d2, 0, 0)));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_CREATE, d3, 0, 0))); /* LGA-DISRUPT-03 */
    choose(g, LGA_ACT(LGA_A_CREATE, d1, 0, 0));
    ck_assert(!has_option(g, LGA_ACT(LGA_A_CREATE, d1, 0, 0))); /* one per Player-Turn */
    const lga_state *s = lga_st(g);
    int sup = -1;
    for (int k = s->head[hexat(g, 22, 12)]; k >= 0; k = s->u[k].next)
        if (s->u[k].type == LGA_SUPPLY)
            sup = k;
    ck_assert_int_ge(sup, 0);
    ck_assert_int_eq(s->u[sup].ma, 4); /* French 0-4 (LGA-GAP-68) */
    wg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ scenarios */

static int pending_of(const lga_state *s, int side)
{
    int n = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_PENDING && s->u[i].side == side)
            n++;
    return n;
}

START_TEST(test_reinforcement_lost_when_occupied)
{
    /* LGA-S1805-14, LGA-SCEN-08: the Austrian 4-3 due at Vienna on Game-Turn 3 is lost if the French hold it */
    wg_game *g = mk("1805", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    lga_state *s = lga_st(g);
    int vienna = named(g, "Vienna");
    for (int k = s->head[vienna]; k >= 0;) {
        int nx = s->u[k].next;
        lga_unit_remove(s, k);
        s->u[k].st = LGA_US_ELIM;
        k = nx;
    }
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, vienna);
    at_movement(g, 3, LGA_ALLIED);
    int au = -1;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_PENDING && s->u[i].nat == LGA_NAT_AU)
            au = i;
    ck_assert_int_ge(au, 0);
    ck_assert(!has_option(g, LGA_ACT(LGA_A_PLACESEL, au, 0, 0)));
    /* place the Russians, then end: the Austrian is lost */
    while (pending_of(s, LGA_ALLIED) > 1 && !has_option(g, LGA_ACT(LGA_A_END, 0, 0, 0))) {
        size_t n;
        wg_game_option_count(&n, g);
        int done = 0;
        for (size_t i = 0; i < n && !done; i++) {
            uint64_t x;
            wg_game_option_action(&x, g, i);
            if (LGA_AK(x) == LGA_A_PLACESEL) {
                wg_game_choose(g, i);
                wg_game_choose(g, 1);
                done = 1;
            }
        }
        ck_assert(done);
    }
    size_t e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(s->u[au].st, LGA_US_ELIM);
    ck_assert_int_ge(count_events(g, "LGA-SCEN-08", e0), 1);
    wg_game_free(g);
}
END_TEST

START_TEST(test_reinforcement_lost_1806_1809)
{
    /* LGA-S1806-29: a French reinforcement due at Strasburg while Allied units hold it is lost;
       LGA-S1809-25 likewise for an Austrian one due at Vienna (here: Prague and Vienna both held) */
    wg_game *g = mk("1806", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    put(g, LGA_ALLIED, LGA_NAT_PR, LGA_INF, 3, 3, named(g, "Strasburg"));
    at_movement(g, 5, LGA_FRENCH);
    lga_state *s = lga_st(g);
    int due = -1;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_PENDING && s->u[i].side == LGA_FRENCH)
            due = i;
    ck_assert_int_ge(due, 0);
    ck_assert(!has_option(g, LGA_ACT(LGA_A_PLACESEL, due, 0, 0)));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(s->u[due].st, LGA_US_ELIM);
    wg_game_free(g);
    g = mk("1809", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    s = lga_st(g);
    int vienna = named(g, "Vienna"), prague = named(g, "Prague");
    for (int hh = 0; hh < 2; hh++) {
        int h = hh ? prague : vienna;
        for (int k = s->head[h]; k >= 0;) {
            int nx = s->u[k].next;
            lga_unit_remove(s, k);
            s->u[k].st = LGA_US_ELIM;
            k = nx;
        }
        put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, h);
    }
    at_movement(g, 2, LGA_ALLIED);
    ck_assert(has_option(g, LGA_ACT(LGA_A_END, 0, 0, 0)));
    size_t e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_ge(count_events(g, "LGA-SCEN-08", e0), 2);
    wg_game_free(g);
}
END_TEST

START_TEST(test_special_triggers_1805)
{
    /* LGA-S1805-31, LGA-SCEN-09: VP 14 after the French Player-Turn of Game-Turn 5 (A = 15, P = 0) */
    wg_game *g = mk("1805", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    lga_state *s = lga_st(g);
    s->vp_exit = 14;
    s->turn = 5;
    s->pturn = LGA_FRENCH;
    s->phase = 2;
    s->mode = LGA_M_CREATE;
    g->opts_valid = false;
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(s->vp, 14);
    ck_assert_int_eq(s->turn, 6);
    ck_assert_int_eq(s->pturn, LGA_ALLIED);
    /* the Special Austrians arrive in the Allied Movement Phase of Game-Turn 6, not the Prussians */
    const lga_scenario *sc = lga_rd(g)->scen.src;
    int austrians = 0, prussians = 0, french = 0;
    for (int i = 0; i < s->nunits; i++) {
        if (s->u[i].st != LGA_US_PENDING)
            continue;
        const lga_group *gr = &sc->group[s->u[i].group];
        if (gr->when != LGA_W_SPECIAL)
            continue;
        if (s->u[i].nat == LGA_NAT_AU)
            austrians++;
        if (s->u[i].nat == LGA_NAT_PR || s->u[i].nat == LGA_NAT_SX)
            prussians++;
        if (s->u[i].side == LGA_FRENCH)
            french++;
    }
    ck_assert_int_eq(austrians, (1 + 5 + 2) + (1 + 1 + 2 + 4)); /* LGA-S1805-17 */
    ck_assert_int_eq(prussians, 0);
    ck_assert_int_eq(french, 0);
    /* the Special French arrive on the French Player-Turn of Game-Turn 6 */
    at_movement(g, 6, LGA_FRENCH);
    french = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_PENDING && s->u[i].side == LGA_FRENCH &&
            sc->group[s->u[i].group].when == LGA_W_SPECIAL)
            french++;
    ck_assert_int_eq(french, 1 + 3 + 1 + 2); /* LGA-S1805-18 */
    /* a repeated trigger brings nothing more */
    uint32_t arrived = s->arrived;
    lga_run r;
    lga_run_init(&r, g);
    for (int sp = 0; sp < sc->nspecial; sp++)
        lga_fire_special(&r, sp);
    lga_release_specials(&r);
    ck_assert_uint_eq(s->arrived & arrived, arrived);
    wg_game_free(g);
}
END_TEST

START_TEST(test_special_austrian_one_hex)
{
    /* LGA-S1805-32: group (a) arrives on one hex without supply: its stack is illegal unless spread or
       combined */
    wg_game *g = mk("1805", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    lga_state *s = lga_st(g);
    s->trig |= 1u; /* fire every special whose index is 0 */
    const lga_scenario *sc = lga_rd(g)->scen.src;
    int sp_au = -1;
    for (int sp = 0; sp < sc->nspecial; sp++)
        if (sc->special[sp].side == LGA_ALLIED && (sc->special[sp].trig & LGA_TR_VP_BELOW) &&
            sc->special[sp].track == LGA_TRACK_A)
            sp_au = sp;
    ck_assert_int_ge(sp_au, 0);
    s->trig = 1u << sp_au;
    at_movement(g, 6, LGA_ALLIED);
    /* place every unit of the Charles group: they must share one hex */
    int first_hex = -1, placed = 0;
    for (int i = 0; i < s->nunits; i++) {
        if (s->u[i].st != LGA_US_PENDING || s->u[i].group == 0xffff)
            continue;
        const lga_group *gr = &sc->group[s->u[i].group];
        if (!gr->place.one_hex || gr->when != LGA_W_SPECIAL)
            continue;
        if (strstr(gr->id, "charles") == NULL && gr->nspec < 3)
            continue;
        choose(g, LGA_ACT(LGA_A_PLACESEL, i, 0, 0));
        if (first_hex < 0) {
            uint64_t x;
            wg_game_option_action(&x, g, 1);
            first_hex = LGA_AA(x);
        } else {
            size_t n;
            wg_game_option_count(&n, g);
            ck_assert_uint_eq(n, 2); /* "not now" and the group's hex */
        }
        choose(g, LGA_ACT(LGA_A_PLACE, first_hex, 0, 0));
        placed++;
        break;
    }
    ck_assert_int_gt(placed, 0);
    wg_game_free(g);
}
END_TEST

START_TEST(test_prussian_fortress_limit)
{
    /* LGA-PRUSSIAN-02, LGA-PRUSSIAN-03, LGA-PRUSSIAN-09, LGA-DEC-16: two Prussian 3-3 in Berlin at the end of the
       Allied Movement Phase of Game-Turn 1: the Allied Player eliminates one, permanently */
    wg_game *g = mk("1806", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    int berlin = named(g, "Berlin");
    lga_state *s = lga_st(g);
    ck_assert_int_eq(lga_count_combat(s, berlin, LGA_ALLIED), 2);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* end movement */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0)); /* no combinations */
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_ALLIED);
    ck_assert_int_eq(k, WG_DEC_ELIMINATE);
    size_t e0 = nevents(g);
    wg_game_choose(g, 0);
    ck_assert_int_eq(lga_count_combat(s, berlin, LGA_ALLIED), 1);
    ck_assert_int_ge(count_events(g, "LGA-PRUSSIAN-03", e0), 1);
    wg_game_free(g);
}
END_TEST

START_TEST(test_1805_forced_march_free)
{
    /* LGA-FMARCH-16, LGA-S1805-06: French Game-Turn 3 reinforcements triple forced march free */
    wg_game *g = mk("1805", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    at_movement(g, 3, LGA_FRENCH);
    lga_state *s = lga_st(g);
    int inf = -1;
    for (int i = 0; i < s->nunits && inf < 0; i++)
        if (s->u[i].st == LGA_US_PENDING && s->u[i].type == LGA_INF && s->u[i].side == LGA_FRENCH)
            inf = i;
    ck_assert_int_ge(inf, 0);
    choose(g, LGA_ACT(LGA_A_PLACESEL, inf, 0, 0));
    wg_game_choose(g, 1);
    choose(g, LGA_ACT(LGA_A_SELECT, inf, 0, 0));
    ck_assert(has_option(g, LGA_ACT(LGA_A_FM, 4, 0, 0)));
    choose(g, LGA_ACT(LGA_A_FM, 4, 0, 0));
    lga_run r;
    lga_run_init_const(&r, g);
    ck_assert_int_eq(lga_unit_budget(&r), 15);
    wg_game_free(g);
}
END_TEST

START_TEST(test_labels_and_texts)
{
    wg_game *g = mk("1805", "crt=completion", 4);
    char buf[512];
    size_t len;
    for (int i = 0; i < 400; i++) {
        size_t n;
        wg_game_option_count(&n, g);
        if (n == 0)
            break;
        ck_assert_int_eq(wg_game_option_label(buf, sizeof buf, &len, g, 0), WG_OK);
        ck_assert_uint_gt(len, 0);
        ck_assert_int_eq(wg_game_decision_text(buf, sizeof buf, &len, g), WG_OK);
        ck_assert_ptr_nonnull(strstr(buf, "Game-Turn"));
        wg_game_bot_step(NULL, g);
    }
    size_t ne = nevents(g);
    for (size_t i = 0; i < ne; i++) {
        ck_assert_int_eq(wg_game_event_text(buf, sizeof buf, &len, g, i, WG_VIEW_REFEREE), WG_OK);
        ck_assert_uint_gt(len, 0);
        const char *rule = NULL;
        wg_game_event_rule(&rule, g, i);
        ck_assert_ptr_nonnull(strstr(rule, "LGA-"));
    }
    static char big[1 << 16];
    ck_assert_int_eq(wg_game_describe(big, sizeof big, &len, g, WG_VIEW_REFEREE), WG_OK);
    ck_assert_ptr_nonnull(strstr(big, "Victory points"));
    wg_game_free(g);
}
END_TEST

START_TEST(test_rejections_name_rules)
{
    /* every rejection names the rule behind it */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    int a = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, f.ah);
    int d = put(g, LGA_ALLIED, LGA_NAT_PR, LGA_INF, 3, 3, f.dh);
    lga_st(g)->u[su].dis = 500;
    at_combat(g, 2, LGA_FRENCH);
    ck_assert_int_eq(choose_raw(g, LGA_ACT(LGA_A_RBC, d, 0, 0)), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "LGA-RBC-01"));
    choose(g, LGA_ACT(LGA_A_DECLARE, f.ah, f.dh, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(choose_raw(g, LGA_ACT(LGA_A_SUPPLY, su, 0, 0)), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "LGA-SUPPLY-13"));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    ck_assert_int_eq(choose_raw(g, LGA_ACT(LGA_A_RBC, d, 0, 0)), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "LGA-PRUSSIAN-04"));
    ck_assert_int_eq(choose_raw(g, LGA_ACT(LGA_A_ADVANCE, a, f.dh, 0)), WG_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "LGA-COMBAT-19"));
    wg_game_free(g);
}
END_TEST

START_TEST(test_six_attacks)
{
    /* LGA-COMBAT-06: one hex attacked six times, once from each adjacent hex-group */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    lga_board *b = &lga_rd(g)->board;
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    for (int d = 0; d < 6; d++)
        put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, b->nb[f.dh][d]);
    at_combat(g, 2, LGA_FRENCH);
    for (int d = 0; d < 6; d++)
        choose(g, LGA_ACT(LGA_A_DECLARE, b->nb[f.dh][d], f.dh, 0));
    ck_assert_int_eq(lga_st(g)->nbattles, 6);
    wg_game_free(g);
}
END_TEST

START_TEST(test_retreat_impossible)
{
    /* LGA-RETREAT-02, LGA-RETREAT-05: a unit that cannot retreat the full amount is eliminated */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    lga_board *b = &lga_rd(g)->board;
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, f.ah);
    int d = put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    lga_st(g)->u[d].org = LGA_ORG_NONE;
    for (int k = 0; k < 6; k++)
        if (b->nb[f.dh][k] != f.ah)
            b->terrain[b->nb[f.dh][k]] = LGA_T_MOUNTAIN;
    at_combat(g, 2, LGA_FRENCH);
    declare_and_go(&f, su, -1);
    size_t e0 = nevents(g);
    roll_face(g, 1); /* 5 vs 2: Drs, nowhere to go */
    ck_assert_int_eq(lga_st(g)->u[d].st, LGA_US_ELIM);
    ck_assert_int_eq(count_events(g, "LGA-RETREAT-05", e0), 1);
    wg_game_free(g);
}
END_TEST

START_TEST(test_besieged_at_end)
{
    /* LGA-FORT-09, LGA-SEQ-09: units in a besieged Fortress are destroyed at the end of the game */
    wg_game *g = mk("1806", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    lga_state *s = lga_st(g);
    lga_board *b = &lga_rd(g)->board;
    int thorn = named(g, "Thorn");
    for (int k = 0; k < 6; k++) {
        int n = b->nb[thorn][k];
        if (n < 0)
            continue;
        for (int u = s->head[n]; u >= 0;) {
            int nx = s->u[u].next;
            lga_unit_remove(s, u);
            s->u[u].st = LGA_US_ELIM;
            u = nx;
        }
        put(g, LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, n);
    }
    int defender = s->head[thorn];
    ck_assert_int_ge(defender, 0);
    ck_assert_int_eq(lga_ctl(s, thorn), LGA_ALLIED);
    s->turn = 9;
    s->pturn = LGA_FRENCH;
    s->phase = 2;
    s->mode = LGA_M_CREATE;
    g->opts_valid = false;
    size_t e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    int over;
    wg_game_is_over(&over, g);
    ck_assert_int_eq(over, 1);
    ck_assert_int_eq(s->u[defender].st, LGA_US_ELIM);
    ck_assert_int_ge(count_events(g, "LGA-FORT-09", e0), 1);
    /* the besieging French score the siege value of Thorn, +2 (LGA-S1806-30) */
    ck_assert_int_ge(s->vp, 2);
    wg_game_free(g);
}
END_TEST

START_TEST(test_leader_corrections)
{
    /* LGA-LEADER-10, LGA-ADDENDA-11, LGA-ADDENDA-12: Mack is Z; Bennigsen is 3/3 */
    wg_game *g = mk("1805", NULL, 1);
    const lga_state *s = lga_st(g);
    const lga_scenario *sc = lga_rd(g)->scen.src;
    int mack = 0, benn = 0;
    for (int i = 0; i < s->nunits; i++) {
        if (s->u[i].type != LGA_LEADER)
            continue;
        const char *nm = sc->spec[s->u[i].name].name;
        if (strcmp(nm, "Mack") == 0) {
            ck_assert_int_eq(s->u[i].letter, 'Z');
            ck_assert_int_eq(s->u[i].off, 4);
            ck_assert_int_eq(s->u[i].def, 7);
            mack++;
        }
        if (strcmp(nm, "Bennigsen") == 0) {
            ck_assert_int_eq(s->u[i].off, 3);
            ck_assert_int_eq(s->u[i].def, 3);
            benn++;
        }
    }
    ck_assert_int_eq(mack, 1);
    ck_assert_int_eq(benn, 1);
    wg_game_free(g);
}
END_TEST

START_TEST(test_setup_combine)
{
    /* LGA-COMBINE-17, LGA-SCEN-05: units may be combined and stacked when first placed */
    wg_game *g = mk("1806", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_FRENCH);
    lga_state *s = lga_st(g);
    /* place French units until two 2-5s share a hex, then combine them into a 5-4 */
    int bamberg = named(g, "Bamberg"), placed = 0;
    while (placed < 40 && lga_st(g)->mode == LGA_M_SETUP) {
        if (has_option(g, LGA_ACT(LGA_A_COMBINE, bamberg, LGA_INF, 2 | (5 << 8))))
            break;
        if (has_option(g, LGA_ACT(LGA_A_PLACE, bamberg, 0, 0)))
            choose(g, LGA_ACT(LGA_A_PLACE, bamberg, 0, 0));
        else
            wg_game_choose(g, 1);
        placed++;
    }
    ck_assert(has_option(g, LGA_ACT(LGA_A_COMBINE, bamberg, LGA_INF, 2 | (5 << 8))));
    choose(g, LGA_ACT(LGA_A_COMBINE, bamberg, LGA_INF, 2 | (5 << 8)));
    int five = 0;
    for (int u = s->head[bamberg]; u >= 0; u = s->u[u].next)
        if (s->u[u].str == 5 && s->u[u].ma == 4)
            five++;
    ck_assert_int_eq(five, 1);
    ck_assert_int_eq(lga_st(g)->mode, LGA_M_SETUP);
    wg_game_free(g);
}
END_TEST

START_TEST(test_exact_odds)
{
    /* LGA-COMBAT-15, LGA-CRT-01, LGA-GAP-04: the exact distribution with its breakdown and the gap mass */
    fight f = setup_fight(NULL);
    wg_game *g = f.g;
    put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 5, 4, f.ah);
    int ld = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_LEADER, 1, 8, f.ah);
    lga_st(g)->u[ld].off = 9;
    int su = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_SUPPLY, 0, 4, f.ah);
    put(g, LGA_ALLIED, LGA_NAT_AU, LGA_INF, 4, 3, f.dh);
    at_combat(g, 2, LGA_FRENCH);
    int64_t o[WG_LGA_ODDS_COUNT];
    size_t len;
    ck_assert_int_eq(wg_lga_attack_odds(o, WG_LGA_ODDS_COUNT, &len, g, 0), WG_ESTATE);
    choose(g, LGA_ACT(LGA_A_DECLARE, f.ah, f.dh, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_SUPPLY, su, 0, 0));
    ck_assert_int_eq(wg_lga_attack_odds(NULL, 0, &len, g, 0), WG_EBUFSIZE);
    ck_assert_uint_eq(len, WG_LGA_ODDS_COUNT);
    ck_assert_int_eq(wg_lga_attack_odds(o, WG_LGA_ODDS_COUNT, &len, g, 0), WG_OK);
    /* 5 supplied + min(9, 5) = 10 against 4 unsupplied -> 2: 500% */
    ck_assert_int_eq(o[WG_LGA_ODDS_ATT_BASE], 5);
    ck_assert_int_eq(o[WG_LGA_ODDS_ATT_SUPPLIED], 5);
    ck_assert_int_eq(o[WG_LGA_ODDS_ATT_LEADERS], 5);
    ck_assert_int_eq(o[WG_LGA_ODDS_ATT_TOTAL], 10);
    ck_assert_int_eq(o[WG_LGA_ODDS_DEF_TOTAL], 2);
    ck_assert_int_eq(o[WG_LGA_ODDS_PERCENT], 500);
    ck_assert_int_eq(o[WG_LGA_ODDS_FORCED], WG_LGA_R_DE);
    ck_assert_int_eq(o[WG_LGA_ODDS_GAP_FACES], 0);
    /* drop the leader: 5 vs 2 = 250%: die 1 Drs printed, dice 2-6 unprinted */
    choose(g, LGA_ACT(LGA_A_END, 0, 0, 0));
    lga_st(g)->u[ld].battle = 0;
    ck_assert_int_eq(wg_lga_attack_odds(o, WG_LGA_ODDS_COUNT, &len, g, 0), WG_OK);
    ck_assert_int_eq(o[WG_LGA_ODDS_PERCENT], 250);
    ck_assert_int_eq(o[WG_LGA_ODDS_COLUMN], 8);
    ck_assert_int_eq(o[WG_LGA_ODDS_FORCED], 0);
    ck_assert_int_eq(o[WG_LGA_ODDS_FACES + 0], WG_LGA_R_DRS);
    ck_assert_int_eq(o[WG_LGA_ODDS_FACES + 2], WG_CELL_PRINTED);
    ck_assert_int_eq(o[WG_LGA_ODDS_FACES + 3], WG_LGA_R_GAP);
    ck_assert_int_eq(o[WG_LGA_ODDS_FACES + 5], WG_CELL_GAP);
    ck_assert_int_eq(o[WG_LGA_ODDS_GAP_FACES], 5);
    char buf[1024];
    ck_assert_int_eq(wg_lga_attack_odds_text(buf, sizeof buf, &len, g, 0), WG_OK);
    ck_assert_ptr_nonnull(strstr(buf, "250%"));
    ck_assert_ptr_nonnull(strstr(buf, "5/6"));
    ck_assert_int_eq(wg_lga_attack_odds_text(buf, 8, &len, g, 0), WG_EBUFSIZE);
    ck_assert_int_eq(wg_lga_attack_odds(o, WG_LGA_ODDS_COUNT, &len, g, 7), WG_ESTATE);
    ck_assert_ptr_nonnull(strstr(wg_game_errmsg(g), "attack 7"));
    /* with the completion loaded, no gap mass remains */
    wg_table *crt;
    wg_game_table_find(&crt, g, "crt");
    const char *cbuf;
    size_t clen;
    wg__lga_crt_completion(&cbuf, &clen);
    ck_assert_int_eq(wg_table_supply(crt, cbuf, clen), WG_OK);
    ck_assert_int_eq(wg_lga_attack_odds(o, WG_LGA_ODDS_COUNT, &len, g, 0), WG_OK);
    ck_assert_int_eq(o[WG_LGA_ODDS_GAP_FACES], 0);
    ck_assert_int_eq(o[WG_LGA_ODDS_FACES + 5], WG_CELL_SUPPLIED);
    wg_game_free(g);
}
END_TEST

START_TEST(test_oom_creation_and_play)
{
    /* every allocation failure while creating a game returns WG_ENOMEM and leaks nothing */
    int ok = 0;
    for (uint64_t n = 1; n < 5000 && !ok; n++) {
        wgt_alloc al = {0};
        wg_ctx *ctx = wgt_ctx(&al);
        al.fail_at = al.calls + n;
        wg_game *g = NULL;
        int rc = wg__game_new_ops(&g, ctx, &wg__lga_ops, "1806", "crt=completion", 9);
        if (rc == WG_OK) {
            ok = 1;
            wg_game_free(g);
        } else {
            ck_assert_int_eq(rc, WG_ENOMEM);
            ck_assert_ptr_null(g);
        }
        ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
        ck_assert_uint_eq(al.blocks, 0);
    }
    ck_assert(ok);
    /* failures during play leave the state unchanged */
    wgt_alloc al = {0};
    wg_ctx *ctx = wgt_ctx(&al);
    wg_game *g = NULL;
    ck_assert_int_eq(wg__game_new_ops(&g, ctx, &wg__lga_ops, "1809", "crt=completion", 9), WG_OK);
    for (int step = 0; step < 1500; step++) {
        int over = 0;
        wg_game_is_over(&over, g);
        if (over)
            break;
        uint64_t h0, h1;
        wg__game_rebase(g); /* the edited state is the starting point */
    wg_game_hash(&h0, g);
        al.fail_at = al.calls + 1;
        int rc = wg_game_bot_step(NULL, g);
        al.fail_at = 0;
        if (rc == WG_ENOMEM) {
            wg_game_hash(&h1, g);
            ck_assert_uint_eq(h0, h1);
            rc = wg_game_bot_step(NULL, g);
        }
        ck_assert_int_eq(rc, WG_OK);
    }
    wg_game_free(g);
    ck_assert_int_eq(wg_ctx_free(ctx), WG_OK);
    ck_assert_uint_eq(al.blocks, 0);
}
END_TEST

START_TEST(test_1809_vienna_trigger)
{
    /* LGA-S1809-15, LGA-S1809-16, LGA-DEC-24: a French unit within 12 hexes of Vienna in the French Movement
       Phase: the Austrian specials are placed at once, the Allied player choosing the south-edge hexes */
    wg_game *g = mk("1809", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    lga_state *s = lga_st(g);
    lga_board *b = &lga_rd(g)->board;
    int vienna = named(g, "Vienna");
    /* a French cavalry 14 hexes west of Vienna on clear, empty ground */
    int start = -1;
    for (int h = 0; h < b->nhex && start < 0; h++)
        if (lga_board_distance(b, h, vienna) == 14 && s->head[h] < 0 && b->terrain[h] == LGA_T_CLEAR &&
            h % b->cols < vienna % b->cols)
            start = h;
    ck_assert_int_ge(start, 0);
    at_movement(g, 2, LGA_FRENCH);
    int cav = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, start);
    choose(g, LGA_ACT(LGA_A_SELECT, cav, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    /* any reachable hex within 12 of Vienna */
    size_t n;
    wg_game_option_count(&n, g);
    int dest = -1;
    for (size_t i = 0; i < n && dest < 0; i++) {
        uint64_t x;
        wg_game_option_action(&x, g, i);
        if (LGA_AK(x) == LGA_A_DEST && lga_board_distance(b, LGA_AA(x), vienna) <= 12)
            dest = LGA_AA(x);
    }
    ck_assert_int_ge(dest, 0);
    size_t e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_DEST, dest, 0, 0));
    ck_assert_int_eq(count_events(g, "LGA-S1809-15", e0), 1);
    /* the Vienna group is placed by its owner during the French phase */
    int p, k;
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_ALLIED);
    ck_assert_int_eq(k, WG_DEC_PLACE);
    for (int guard = 0; guard < 40 && lga_st(g)->mode == LGA_M_SPECIAL; guard++)
        wg_game_choose(g, 0);
    decision(g, &p, &k);
    ck_assert_int_eq(p, LGA_FRENCH);
    ck_assert_int_ge(lga_count_combat(s, vienna, LGA_ALLIED), 6);
    /* LGA-SCEN-09: once only */
    uint32_t arrived = s->arrived;
    int cav2 = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, start);
    choose(g, LGA_ACT(LGA_A_SELECT, cav2, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_DEST, dest, 0, 0));
    ck_assert_int_eq(count_events(g, "LGA-S1809-15", e0), 0);
    ck_assert_uint_eq(s->arrived, arrived);
    wg_game_free(g);
}
END_TEST

START_TEST(test_1805_prussia_trigger_and_exit)
{
    /* LGA-S1805-19 (b), LGA-GAP-69: a French unit entering Prussia or Saxony triggers the Special Prussians,
       who arrive on the next Allied Player-Turn */
    wg_game *g = mk("1805", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    lga_state *s = lga_st(g);
    lga_board *b = &lga_rd(g)->board;
    int border = -1, inside = -1;
    for (int h = 0; h < b->nhex && border < 0; h++) {
        if ((b->hflags[h] & (LGA_HF_PRUSSIA | LGA_HF_SAXONY)) || s->head[h] >= 0 || b->terrain[h] != LGA_T_CLEAR)
            continue;
        for (int d = 0; d < 6; d++) {
            int n = b->nb[h][d];
            if (n >= 0 && (b->hflags[n] & LGA_HF_SAXONY) && b->terrain[n] == LGA_T_CLEAR && s->head[n] < 0 &&
                !(b->side[h][d] & (LGA_HS_RIVER | LGA_HS_LAKE))) {
                border = h;
                inside = n;
                break;
            }
        }
    }
    ck_assert_int_ge(border, 0);
    at_movement(g, 2, LGA_FRENCH);
    int cav = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, border);
    choose(g, LGA_ACT(LGA_A_SELECT, cav, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    size_t e0 = nevents(g);
    choose(g, LGA_ACT(LGA_A_DEST, inside, 0, 0));
    ck_assert_int_eq(count_events(g, "LGA-SCEN-09", e0), 1);
    ck_assert_int_eq(pending_of(s, LGA_ALLIED), 0);
    at_movement(g, 3, LGA_ALLIED);
    int prussians = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_PENDING && (s->u[i].nat == LGA_NAT_PR || s->u[i].nat == LGA_NAT_SX))
            prussians++;
    ck_assert_int_eq(prussians, 3 + 5 + 1 + 2 + 1 + 1 + 1 + 1 + 3 + 1 + 2 + 1 + 1 + 1 + 1 + 1 + 2);
    wg_game_free(g);
    /* LGA-S1805-27, LGA-DEC-12: a French 2-5 leaving by the south edge: +2 VP, never to return */
    g = mk("1805", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    s = lga_st(g);
    b = &lga_rd(g)->board;
    int edge = -1;
    for (int h = 0; h < b->nhex && edge < 0; h++)
        if ((b->hflags[h] & LGA_HF_EDGE_S) && s->head[h] < 0 && b->terrain[h] == LGA_T_CLEAR)
            edge = h;
    ck_assert_int_ge(edge, 0);
    at_movement(g, 2, LGA_FRENCH);
    int inf = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_INF, 2, 5, edge);
    choose(g, LGA_ACT(LGA_A_SELECT, inf, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    ck_assert(has_option(g, LGA_ACT(LGA_A_EXIT, inf, 0, 0)));
    int vp0 = s->vp_exit;
    choose(g, LGA_ACT(LGA_A_EXIT, inf, 0, 0));
    ck_assert_int_eq(s->vp_exit - vp0, 2);
    ck_assert_int_eq(s->u[inf].st, LGA_US_EXITED);
    ck_assert(!has_option(g, LGA_ACT(LGA_A_SELECT, inf, 0, 0)));
    wg_game_free(g);
}
END_TEST

START_TEST(test_1806_austria_closed)
{
    /* LGA-S1806-01, LGA-GAP-33: no unit may enter Austria in 1806 */
    wg_game *g = mk("1806", NULL, 1);
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    choose(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0));
    lga_state *s = lga_st(g);
    lga_board *b = &lga_rd(g)->board;
    int border = -1;
    for (int h = 0; h < b->nhex && border < 0; h++) {
        if ((b->hflags[h] & LGA_HF_AUSTRIA) || s->head[h] >= 0 || b->terrain[h] != LGA_T_CLEAR)
            continue;
        for (int d = 0; d < 6; d++) {
            int n = b->nb[h][d];
            if (n >= 0 && (b->hflags[n] & LGA_HF_AUSTRIA))
                border = h;
        }
    }
    ck_assert_int_ge(border, 0);
    at_movement(g, 2, LGA_FRENCH);
    int cav = put(g, LGA_FRENCH, LGA_NAT_FR, LGA_CAV, 1, 8, border);
    choose(g, LGA_ACT(LGA_A_SELECT, cav, 0, 0));
    choose(g, LGA_ACT(LGA_A_FM, 0, 0, 0));
    size_t n;
    wg_game_option_count(&n, g);
    ck_assert_uint_gt(n, 1);
    for (size_t i = 0; i < n; i++) {
        uint64_t x;
        wg_game_option_action(&x, g, i);
        if (LGA_AK(x) == LGA_A_DEST)
            ck_assert(!(b->hflags[LGA_AA(x)] & LGA_HF_AUSTRIA));
    }
    wg_game_free(g);
}
END_TEST

START_TEST(test_host_data)
{
    /* LGA-GAP-01, LGA-GAP-04: a host may supply its own map, scenario and CRT cells (wg_setup_add_data) */
    if (!CTX)
        wg_ctx_new(&CTX, NULL, NULL);
    const char *slot = NULL;
    ck_assert_int_eq(wg_ruleset_data_slot(&slot, "lga", 0), WG_OK);
    ck_assert_str_eq(slot, "map");
    ck_assert_int_eq(wg_ruleset_data_slot(&slot, "lga", 2), WG_OK);
    ck_assert_str_eq(slot, "crt");
    size_t mlen;
    char *mtext = wgt_read_source_file("data/lga/europe-schematic.wgd", &mlen);
    const char *cbuf;
    size_t clen;
    wg__lga_crt_completion(&cbuf, &clen);
    wg_setup *su = NULL;
    ck_assert_int_eq(wg_setup_new(&su, CTX, "lga", "1806"), WG_OK);
    ck_assert_int_eq(wg_setup_add_data(su, "map", mtext, mlen), WG_OK);
    ck_assert_int_eq(wg_setup_add_data(su, "crt", cbuf, clen), WG_OK);
    wg_game *g = NULL;
    ck_assert_msg(wg_game_new_setup(&g, su) == WG_OK, "%s", wg_ctx_errmsg(CTX));
    wg_table *crt;
    int src;
    wg_game_table_find(&crt, g, "crt");
    wg_table_source(&src, crt, 4, 4);
    ck_assert_int_eq(src, WG_CELL_SUPPLIED);
    uint64_t steps;
    ck_assert_int_eq(wg_game_playout(&steps, g, 5000000), WG_OK);
    wg_game_free(g);
    /* a malformed host map is refused with a message naming it */
    ck_assert_int_eq(wg_setup_add_data(su, "map", "wgdata 1 map\nnonsense here\n", 27), WG_OK);
    int rc = wg_game_new_setup(&g, su);
    ck_assert_int_lt(rc, 0);
    ck_assert_ptr_nonnull(strstr(wg_ctx_errmsg(CTX), "host map"));
    wg_setup_free(su);
    free(mtext);
}
END_TEST

static void teardown(void)
{
    if (CTX) {
        wg_ctx_free(CTX);
        CTX = NULL;
    }
}

static Suite *suite(void)
{
    Suite *s = suite_create("lga_game");
    TCase *t = tcase_create("games");
    tcase_add_checked_fixture(t, NULL, teardown);
    tcase_set_timeout(t, 600);
    tcase_add_test(t, test_playouts_end);
    tcase_add_test(t, test_determinism);
    tcase_add_test(t, test_save_load_undo);
    tcase_add_test(t, test_crt_gap_stops);
    tcase_add_test(t, test_crt_tables_built);
    tcase_add_test(t, test_bad_options);
    tcase_add_test(t, test_sequence_of_play);
    tcase_add_test(t, test_unit_data);
    tcase_add_test(t, test_labels_and_texts);
    tcase_add_test(t, test_oom_creation_and_play);
    tcase_add_test(t, test_host_data);
    suite_add_tcase(s, t);
    t = tcase_create("movement");
    tcase_add_checked_fixture(t, NULL, teardown);
    tcase_add_test(t, test_forced_march_options);
    tcase_add_test(t, test_forced_march_rolls);
    tcase_add_test(t, test_combine_breakdown);
    tcase_add_test(t, test_autoelim_sequence);
    tcase_add_test(t, test_why_not_zoc);
    suite_add_tcase(s, t);
    t = tcase_create("combat");
    tcase_add_checked_fixture(t, NULL, teardown);
    tcase_add_test(t, test_combat_de_no_advance);
    tcase_add_test(t, test_combat_ar1_drs_order);
    tcase_add_test(t, test_combat_dr1_retreat_choice);
    tcase_add_test(t, test_combat_halfex);
    tcase_add_test(t, test_combat_fortress);
    tcase_add_test(t, test_fortress_supply_choice);
    tcase_add_test(t, test_combat_river_advance);
    tcase_add_test(t, test_rbc_sequence);
    tcase_add_test(t, test_multiple_attacks);
    tcase_add_test(t, test_fortress_combined_attack);
    tcase_add_test(t, test_stack_elimination);
    tcase_add_test(t, test_supply_creation);
    tcase_add_test(t, test_six_attacks);
    tcase_add_test(t, test_rejections_name_rules);
    tcase_add_test(t, test_exact_odds);
    tcase_add_test(t, test_retreat_impossible);
    suite_add_tcase(s, t);
    t = tcase_create("scenarios");
    tcase_add_checked_fixture(t, NULL, teardown);
    tcase_add_test(t, test_reinforcement_lost_when_occupied);
    tcase_add_test(t, test_reinforcement_lost_1806_1809);
    tcase_add_test(t, test_special_triggers_1805);
    tcase_add_test(t, test_special_austrian_one_hex);
    tcase_add_test(t, test_prussian_fortress_limit);
    tcase_add_test(t, test_1805_forced_march_free);
    tcase_add_test(t, test_besieged_at_end);
    tcase_add_test(t, test_leader_corrections);
    tcase_add_test(t, test_setup_combine);
    tcase_add_test(t, test_1809_vienna_trigger);
    tcase_add_test(t, test_1805_prussia_trigger_and_exit);
    tcase_add_test(t, test_1806_austria_closed);
    tcase_add_test(t, test_reach_window_equals_per_hex);
    tcase_add_test(t, test_move_route_from_search_tree);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

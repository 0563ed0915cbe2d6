/* La Grande Armée: the ruleset ops table, setup, decisions, supply creation, turn end, specials. */
#include "lga.h"
#include "lga_uniform.h"
#include "lga_seq.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char *const player_names[2] = {"Allied", "French"};
/* Documents a host may supply instead of the bundled ones (wg_setup_add_data): a map in the lga vocabulary
   (doc/lga-data.md), a scenario document, and CRT cells (a `table` document). */
static const char *const data_slots[] = {"map", "scenario", "crt", NULL};
static const wg_scenario_info scenarios[3] = {
    {"1805", "1805: Ulm and Austerlitz"},
    {"1806", "1806: Jena and Auerstadt"},
    {"1809", "1809: Eckmuhl and Wagram"},
};

lga_rdata *lga_rd(const wg_game *g)
{
    return (lga_rdata *)g->rdata;
}

lga_state *lga_st(const wg_game *g)
{
    return (lga_state *)g->state;
}

void lga_run_init(lga_run *r, wg_game *g)
{
    lga_rdata *rd = lga_rd(g);
    r->g = g;
    r->s = lga_st(g);
    r->b = &rd->board;
    r->o = &rd->opts;
    r->sc = &rd->scen;
    r->nomem = 0;
    r->nev = 0;
}

void lga_run_init_const(lga_run *r, const wg_game *g)
{
    lga_run_init(r, (wg_game *)g);
    r->g = NULL; /* never emits */
}

/* ---------------------------------------------------------------- setup */

static void setup_advance(lga_run *r, const lga_rdata *rd);

static int nat_default_supply(int nat, int *str, int *ma)
{
    /* LGA-UNIT-09, LGA-GAP-68 */
    *str = 0;
    switch (nat) {
    case LGA_NAT_FR: *ma = 4; return 1;
    case LGA_NAT_AU:
    case LGA_NAT_RU: *ma = 3; return 1;
    case LGA_NAT_PR: *ma = 2; return 1;
    default: *ma = 3; return 1;
    }
}

static int build_units(lga_state *s, const lga_scenario *sc)
{
    for (int gi = 0; gi < sc->ngroup; gi++) {
        const lga_group *gr = &sc->group[gi];
        for (int k = 0; k < gr->nspec; k++) {
            int si = gr->first_spec + k;
            const lga_unit_spec *sp = &sc->spec[si];
            for (int c = 0; c < sp->count; c++) {
                int u = lga_unit_add(s, gr->side, sp->nat, sp->type, sp->strength, sp->ma);
                if (u < 0)
                    return WG_EDATA;
                lga_unit *un = &s->u[u];
                un->st = gr->when == LGA_W_SETUP ? LGA_US_PENDING : LGA_US_FUTURE;
                un->group = (uint16_t)gi;
                un->size = (uint8_t)sp->size;
                un->off = (uint8_t)sp->off;
                un->def = (uint8_t)sp->def;
                un->letter = (uint8_t)sp->letter;
                un->name = sp->type == LGA_LEADER ? (uint16_t)si : 0xffff;
                if (sp->nat == LGA_NAT_AU && sp->type == LGA_INF)
                    un->org = (sc->rules & LGA_R_AUSTRIAN_1809) ? LGA_ORG_AU1809 : LGA_ORG_AU1805;
                if (sp->nat == LGA_NAT_AU && sp->type == LGA_CAV)
                    un->org = LGA_ORG_NONE; /* LGA-COMBINE-10, LGA-ADDENDA-01 */
                if (sp->nat == LGA_NAT_SX)
                    un->org = LGA_ORG_NONE; /* LGA-GAP-67 */
            }
        }
    }
    return WG_OK;
}

static void derive_scen(lga_rdata *rd, const lga_scenario *sc)
{
    lga_scen *d = &rd->scen;
    memset(d, 0, sizeof *d);
    d->src = sc;
    d->year = atoi(sc->id);
    d->length = sc->turns;
    if (d->year == 1805 && rd->opts.length1805 < d->length)
        d->length = rd->opts.length1805; /* LGA-GAP-05 */
    d->austria_closed = (sc->rules & LGA_R_AUSTRIA_CLOSED) != 0;
    d->prussian = (sc->rules & LGA_R_PRUSSIAN) != 0;
    for (int i = 0; i < sc->nvp; i++) {
        const lga_vp *v = &sc->vp[i];
        if (v->kind == LGA_VP_PLACE && d->nobj < LGA_MAX_OBJ) {
            lga_obj *o = &d->obj[d->nobj++];
            o->hex = (int16_t)v->hex;
            o->control_vp = (int16_t)v->control;
            o->siege_vp = (int16_t)(v->siege == LGA_UNPRINTED ? -1 : v->siege);
        } else if (v->kind == LGA_VP_EXIT_SOUTH) {
            d->exit_vp = v->control;
        } else if (v->kind == LGA_VP_LINE_A) {
            d->line_vp_a = v->control;
        } else if (v->kind == LGA_VP_LINE_B) {
            d->line_vp_b = v->control;
        }
    }
}

/* The placement rule of a group (same test as wg__lga_place_ok, on the board). */
static int place_ok(const lga_board *b, const lga_place *p, int h)
{
    uint32_t fl = b->hflags[h];
    if ((fl & p->flags_all) != p->flags_all || (fl & p->flags_none) != 0)
        return 0;
    if (p->nplace == 0)
        return 1;
    int row = h / b->cols, col = h % b->cols;
    for (int i = 0; i < p->nplace; i++) {
        int pl = p->place[i];
        if (pl < 0 || pl >= b->nhex)
            continue;
        /* a step changes the row and the column by at most one: farther rows or columns are out of range */
        int dr = pl / b->cols - row, dc = pl % b->cols - col;
        if (dr > p->radius || -dr > p->radius || dc > p->radius || -dc > p->radius)
            continue;
        if (lga_board_distance(b, pl, h) <= p->radius)
            return 1;
    }
    return 0;
}

static void group_hexes(lga_rdata *rd, const lga_scenario *sc)
{
    int n = 0;
    for (int gi = 0; gi < sc->ngroup && gi < LGA_MAX_GROUPS; gi++) {
        rd->gfirst[gi] = n;
        const lga_board *b = &rd->board;
        const lga_place *pl = &sc->group[gi].place;
        /* zones around named places: only the rows and columns within the radius of one of them (the
           same hexes, in the same order, as the whole map) */
        int r0 = 0, r1 = b->rows - 1, c0 = 0, c1 = b->cols - 1;
        if (pl->nplace > 0) {
            int rad = pl->radius > b->rows + b->cols ? b->rows + b->cols : pl->radius; /* no overflow */
            r0 = c0 = INT_MAX;
            r1 = c1 = -1;
            for (int i = 0; i < pl->nplace; i++) {
                int x = pl->place[i];
                if (x < 0 || x >= b->nhex)
                    continue;
                int pr = x / b->cols, pc = x % b->cols;
                r0 = pr - rad < r0 ? pr - rad : r0;
                r1 = pr + rad > r1 ? pr + rad : r1;
                c0 = pc - rad < c0 ? pc - rad : c0;
                c1 = pc + rad > c1 ? pc + rad : c1;
            }
            r0 = r0 < 0 ? 0 : r0;
            c0 = c0 < 0 ? 0 : c0;
            r1 = r1 > b->rows - 1 ? b->rows - 1 : r1;
            c1 = c1 > b->cols - 1 ? b->cols - 1 : c1;
        }
        for (int row = r0; row <= r1; row++)
            for (int col = c0, h = row * b->cols + c0; col <= c1 && h < b->nhex && n < LGA_MAX_GH; col++, h++) {
                if (!place_ok(b, pl, h))
                    continue;
                if (rd->scen.austria_closed && (b->hflags[h] & LGA_HF_AUSTRIA))
                    continue;
                rd->gh[n++] = (int16_t)h;
            }
    }
    for (int gi = sc->ngroup; gi <= LGA_MAX_GROUPS; gi++)
        rd->gfirst[gi] = n;
}

static void release_rd(wg_ctx *ctx, lga_rdata *rd)
{
    if (rd->scen_block)
        wg__lga_scenario_free(ctx, rd->scen_block);
    wg__free(ctx, rd, sizeof *rd);
}

static int lga_setup(wg_game *g, const char *options)
{
    wg_ctx *ctx = g->ctx;
    lga_opts o;
    int rc = lga_opts_parse(&o, options, g->err);
    if (rc) {
        wg__ctx_err(ctx, rc, "%s", g->err);
        return rc;
    }
    lga_rdata *rd = wg__alloc(ctx, sizeof *rd);
    if (!rd)
        return WG_ENOMEM;
    wg__ref_init(&rd->refs);
    rd->ctx = ctx;
    rd->opts = o;
    /* host-supplied documents replace the bundled ones (wg_setup_add_data; doc/lga.md) */
    const char *mbuf = NULL, *sbuf = NULL;
    size_t mlen = 0, slen = 0;
    int have_map = wg__game_data(g, "map", &mbuf, &mlen) == WG_OK;
    int have_scen = wg__game_data(g, "scenario", &sbuf, &slen) == WG_OK;
    wg_map *map = NULL;
    rc = have_map ? wg__lga_map_load(&map, ctx, mbuf, mlen, "host map") : wg__lga_map_builtin(&map, ctx);
    if (rc) {
        release_rd(ctx, rd);
        return rc;
    }
    g->map = map;
    rc = have_scen ? wg__lga_scenario_load(&rd->scen_block, ctx, map, sbuf, slen, "host scenario")
                   : wg__lga_scenario_builtin(&rd->scen_block, ctx, map, scenarios[g->scenario].id);
    if (!rc)
        rc = lga_board_from_map(&rd->board, map, ctx->err);
    if (rc) {
        release_rd(ctx, rd);
        return rc;
    }
    derive_scen(rd, rd->scen_block);
    group_hexes(rd, rd->scen_block);
    g->rdata = rd;
    rc = lga_tables_build(g, rd);
    if (!rc && o.crt_completion) {
        const char *buf;
        size_t len;
        wg__lga_crt_completion(&buf, &len);
        rc = wg_table_supply(g->tables[rd->crt_index], buf, len);
        if (rc)
            wg__ctx_err(ctx, rc, "crt=completion: %s", wg_table_errmsg(g->tables[rd->crt_index]));
    }
    {
        const char *cbuf = NULL;
        size_t clen = 0;
        if (!rc && wg__game_data(g, "crt", &cbuf, &clen) == WG_OK) {
            /* LGA-GAP-04: CRT cells supplied by the host (marked supplied; printed cells cannot change) */
            rc = wg_table_supply(g->tables[rd->crt_index], cbuf, clen);
            if (rc)
                wg__ctx_err(ctx, rc, "lga host crt: %s", wg_table_errmsg(g->tables[rd->crt_index]));
        }
    }
    if (rc)
        return rc; /* the core releases rdata, map and tables */
    lga_state *s = lga_st(g);
    lga_state_init(s);
    rc = build_units(s, rd->scen_block);
    if (rc)
        return wg__ctx_err(ctx, rc, "scenario %s has more than %d units", rd->scen_block->id, LGA_MAX_UNITS);
    for (int i = 0; i < rd->scen_block->ncontrol; i++)
        lga_ctl_set(s, rd->scen_block->control[i].hex, rd->scen_block->control[i].side);
    s->mode = LGA_M_SETUP;
    s->setup_side = LGA_ALLIED; /* LGA-SCEN-03 */
    s->pturn = LGA_ALLIED;
    s->phase = 0;
    {
        lga_run r;
        lga_run_init(&r, g);
        r.g = NULL; /* no events during setup */
        setup_advance(&r, rd);
    }
    return WG_OK;
}

static void lga_retain(wg_game *g)
{
    wg__ref_take(&lga_rd(g)->refs);
}

static void lga_release(wg_game *g)
{
    lga_rdata *rd = lga_rd(g);
    if (wg__ref_drop(&rd->refs))
        release_rd(rd->ctx, rd);
    g->rdata = NULL;
}

/* ---------------------------------------------------------------- decisions */

static void lga_decision(const wg_game *g, int *player, int *kind)
{
    const lga_state *s = lga_st(g);
    int p = s->pturn, np = !s->pturn;
    switch (s->mode) {
    case LGA_M_SETUP: *player = s->setup_side; *kind = WG_DEC_PLACE; return;
    case LGA_M_SELECT: *player = p; *kind = WG_DEC_SELECT; return;
    case LGA_M_FMDECL: *player = p; *kind = WG_DEC_OTHER; return;
    case LGA_M_DEST: *player = p; *kind = WG_DEC_MOVE; return;
    case LGA_M_FMROLL:
    case LGA_M_FMROLL2:
    case LGA_M_CRTROLL: *player = WG_PLAYER_CHANCE; *kind = WG_DEC_ROLL; return;
    case LGA_M_FMOP: *player = p; *kind = WG_DEC_YESNO; return;
    case LGA_M_PLACE: *player = p; *kind = WG_DEC_PLACE; return;
    case LGA_M_ENDCOMBINE: *player = p; *kind = WG_DEC_ORGANIZE; return;
    case LGA_M_PRUSSFORT: *player = LGA_ALLIED; *kind = WG_DEC_ELIMINATE; return;
    case LGA_M_DECLARE:
    case LGA_M_MEMBERS: *player = p; *kind = WG_DEC_ATTACK; return;
    case LGA_M_ASUPPLY: *player = p; *kind = WG_DEC_SUPPLY; return;
    case LGA_M_STACKELIM: *player = np; *kind = WG_DEC_ELIMINATE; return;
    case LGA_M_RBC:
    case LGA_M_RBCDEST: *player = np; *kind = WG_DEC_RETREAT; return;
    case LGA_M_DSUPPLY: *player = np; *kind = WG_DEC_SUPPLY; return;
    case LGA_M_ORDER: *player = p; *kind = WG_DEC_ORDER; return;
    case LGA_M_HALFEX: *player = p; *kind = WG_DEC_LOSS; return;
    case LGA_M_RETREAT:
        *player = s->rq_i < s->rq_n ? s->u[s->rq[s->rq_i]].side : p;
        *kind = WG_DEC_RETREAT;
        return;
    case LGA_M_ADVANCE: *player = p; *kind = WG_DEC_ADVANCE; return;
    case LGA_M_CREATE: *player = p; *kind = WG_DEC_OTHER; return;
    case LGA_M_SPECIAL: *player = LGA_ALLIED; *kind = WG_DEC_PLACE; return;
    default: *player = WG_PLAYER_NONE; *kind = WG_DEC_NONE; return;
    }
}

/* ---------------------------------------------------------------- supply creation (LGA-SEQ-05) */

static int depot_can_create(const lga_run *r, int d)
{
    const lga_unit *u = &r->s->u[d];
    return u->st == LGA_US_MAP && u->type == LGA_DEPOT && u->side == r->s->pturn && !u->dis &&
           !(u->flags & (LGA_UF_DEPOT_MOVED | LGA_UF_BUILT)) && !lga_depot_surrounded(r, d);
}

static int opts_create(wg_game *g, lga_run *r)
{
    int rc = wg__opt_push(g, LGA_ACT(LGA_A_END, 0, 0, 0), 1);
    for (int i = 0; !rc && i < r->s->nunits; i++)
        if (depot_can_create(r, i))
            rc = wg__opt_push(g, LGA_ACT(LGA_A_CREATE, i, 0, 0), 1);
    return rc;
}

static int apply_create(lga_run *r, uint64_t a)
{
    lga_state *s = r->s;
    if (LGA_AK(a) == LGA_A_END) {
        lga_end_player_turn(r);
        return WG_OK;
    }
    int d = LGA_AA(a);
    int str, ma;
    nat_default_supply(s->u[d].nat, &str, &ma);
    int nu = lga_unit_add(s, s->u[d].side, s->u[d].nat, LGA_SUPPLY, str, ma);
    s->u[d].flags |= LGA_UF_BUILT; /* one Supply unit per Depot per Player-Turn (LGA-SUPPLY-08) */
    if (nu < 0)
        return WG_OK;
    lga_unit_place(s, nu, s->u[d].hex);
    s->u[nu].flags |= LGA_UF_MOVED;
    lga_emit(r, LGA_EV_CREATE, "LGA-SUPPLY-10", nu, s->u[d].hex, d, 0);
    return WG_OK;
}

void lga_enter_supply_phase(lga_run *r)
{
    r->s->phase = 2;
    r->s->steps = 0;
    r->s->mode = LGA_M_CREATE;
    lga_emit(r, LGA_EV_PHASE, "LGA-SEQ-05", r->s->turn, r->s->pturn, 2, 0);
}

/* End of any phase: disruption expiry (LGA-DISRUPT-05). */
void lga_end_phase(lga_run *r)
{
    lga_recover(r);
}

/* ---------------------------------------------------------------- specials */

void lga_fire_special(lga_run *r, int sp)
{
    lga_state *s = r->s;
    if (sp < 0 || sp >= 32 || (s->trig & (1u << sp)))
        return; /* LGA-SCEN-09: once only */
    s->trig |= 1u << sp;
    lga_emit(r, LGA_EV_TRIGGER, "LGA-SCEN-09", sp, 0, 0, 0);
}

/* Releases the groups of special `sp`: their units become pending placement. */
static void release_special(lga_run *r, int sp)
{
    lga_state *s = r->s;
    const lga_scenario *sc = r->sc->src;
    s->arrived |= 1u << sp;
    for (int i = 0; i < s->nunits; i++) {
        lga_unit *u = &s->u[i];
        if (u->st != LGA_US_FUTURE || u->group == 0xffff)
            continue;
        const lga_group *gr = &sc->group[u->group];
        if (gr->when == LGA_W_SPECIAL && gr->special == sp)
            u->st = LGA_US_PENDING;
    }
    lga_emit(r, LGA_EV_ARRIVE, "LGA-S1805-16", sp, 0, 0, 0);
}

/* At the start of a Movement Phase: specials due for the phasing side (LGA-S1805-16/18/19). */
void lga_release_specials(lga_run *r)
{
    lga_state *s = r->s;
    const lga_scenario *sc = r->sc->src;
    for (int sp = 0; sp < sc->nspecial && sp < 32; sp++) {
        const lga_special *x = &sc->special[sp];
        if ((s->arrived & (1u << sp)) || x->side != s->pturn)
            continue;
        if (x->arrive == LGA_AR_AFTER_FRENCH) {
            if (x->after >= 0 && (s->arrived & (1u << x->after)))
                release_special(r, sp);
            continue;
        }
        if ((s->trig & (1u << sp)) && x->arrive == LGA_AR_NEXT_PLAYER_TURN)
            release_special(r, sp);
    }
}

/* ---------------------------------------------------------------- turn end */

static void game_end(lga_run *r)
{
    lga_state *s = r->s;
    /* LGA-FORT-09, LGA-SEQ-09: units in besieged Fortresses are destroyed at the end of the game */
    for (int h = 0; h < r->b->nhex; h++) {
        if (r->b->terrain[h] != LGA_T_FORTRESS || s->head[h] < 0 || !lga_besieged(r, h))
            continue;
        int owner = lga_ctl(s, h);
        for (int k = s->head[h]; k >= 0;) {
            int nx = s->u[k].next;
            if (s->u[k].side == owner)
                lga_unit_eliminate(r, k, "LGA-FORT-09");
            k = nx;
        }
    }
    s->vp = lga_compute_vp(r);
    s->mode = LGA_M_OVER;
    s->over = 1;
    if (r->g)
        r->g->over = true;
    lga_emit(r, LGA_EV_GAMEEND, "LGA-SCEN-10", s->vp, wg__lga_level_of(r->sc->src, s->vp), 0, 0);
}

static void update_vp(lga_run *r)
{
    lga_state *s = r->s;
    int vp = lga_compute_vp(r);
    if (vp != s->vp) {
        lga_emit(r, LGA_EV_VP, "LGA-VP-02", vp, vp - s->vp, 0, 0);
        s->vp = vp;
    }
}

void lga_end_player_turn(lga_run *r)
{
    lga_state *s = r->s;
    lga_end_phase(r);
    update_vp(r); /* LGA-GAP-63 */
    if (s->pturn == LGA_FRENCH && r->sc->src) {
        /* LGA-S1805-16/19: VP below the A/P value of this Game-Turn after the French Player-Turn */
        const lga_scenario *sc = r->sc->src;
        for (int sp = 0; sp < sc->nspecial && sp < 32; sp++) {
            const lga_special *x = &sc->special[sp];
            if (!(x->trig & LGA_TR_VP_BELOW) || s->turn > sc->turns || s->turn > LGA_MAX_TURNS)
                continue;
            int thr = sc->turn[s->turn].thr[x->track];
            if (!sc->turn[s->turn].thr_printed[x->track] && !r->o->ap_carry)
                continue; /* LGA-GAP-05: unprinted values trigger nothing when ap_carry=0 */
            if (thr != LGA_UNPRINTED && s->vp < thr)
                lga_fire_special(r, sp);
        }
    }
    for (int i = 0; i < s->nunits; i++)
        s->u[i].flags &= (uint16_t) ~(LGA_UF_DEPOT_MOVED | LGA_UF_BUILT | LGA_UF_BROKEN);
    if (s->pturn == LGA_ALLIED) {
        s->pturn = LGA_FRENCH;
    } else {
        s->pturn = LGA_ALLIED;
        s->turn++; /* LGA-SEQ-01, LGA-SCEN-06 */
        if (s->turn > r->sc->length) {
            s->turn = r->sc->length;
            s->pturn = LGA_FRENCH;
            s->phase = 2;
            game_end(r);
            return;
        }
    }
    lga_start_movement(r);
}

/* ---------------------------------------------------------------- options / apply */

static int opts_setup(wg_game *g, lga_run *r)
{
    lga_state *s = r->s;
    int u = s->cur;
    int rc = wg__opt_push(g, LGA_ACT(LGA_A_AUTOPLACE, 0, 0, 0), 1);
    if (rc || u < 0)
        return rc;
    lga_rdata *rd = lga_rd(g);
    int gi = s->u[u].group, anchor = lga_group_anchor(r, u);
    for (int i = rd->gfirst[gi]; !rc && i < rd->gfirst[gi + 1]; i++)
        if (lga_group_hex_ok2(r, u, rd->gh[i], anchor))
            rc = wg__opt_push(g, LGA_ACT(LGA_A_PLACE, rd->gh[i], 0, 0), 1);
    if (!rc)
        rc = lga_opts_build(g, r); /* LGA-COMBINE-17, LGA-SCEN-05: combine or break down when placed */
    return rc;
}

static int next_setup_unit(lga_state *s, int side)
{
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_PENDING && s->u[i].side == side)
            return i;
    return -1;
}

static void setup_advance(lga_run *r, const lga_rdata *rd)
{
    lga_state *s = r->s;
    for (;;) {
        s->cur = next_setup_unit(s, s->setup_side);
        if (s->cur >= 0) {
            int gi = s->u[s->cur].group, any = 0, anchor = lga_group_anchor(r, s->cur);
            for (int i = rd->gfirst[gi]; i < rd->gfirst[gi + 1] && !any; i++)
                any = lga_group_hex_ok2(r, s->cur, rd->gh[i], anchor);
            if (any)
                return;
            lga_unit_eliminate(r, s->cur, "LGA-SCEN-08");
            continue;
        }
        if (s->setup_side == LGA_ALLIED) {
            s->setup_side = LGA_FRENCH; /* LGA-SCEN-03 */
            s->pturn = LGA_FRENCH;
            continue;
        }
        for (int i = 0; i < s->nunits; i++)
            s->u[i].flags &= (uint16_t) ~(LGA_UF_BUILT | LGA_UF_BROKEN);
        /* LGA-GAP-09: occupied objectives at setup are controlled by the occupant */
        for (int h = 0; h < r->b->nhex; h++) {
            int t = r->b->terrain[h];
            if ((t == LGA_T_FORTRESS || t == LGA_T_CITY) && s->head[h] >= 0)
                lga_ctl_set(s, h, s->u[s->head[h]].side);
        }
        s->vp = lga_compute_vp(r);
        s->turn = 1;
        s->pturn = LGA_ALLIED;
        lga_start_movement(r);
        return;
    }
}

/* How a Combat unit placed on hex h would stand at the first stacking check (LGA-STACK-03/05):
   0 alone, 1 stacked in a Fortress or with a Friendly Supply unit in range, 2 stacked without
   Stacking Supply. */
static int auto_stack_score(const lga_run *r, int u, int h)
{
    const lga_state *s = r->s;
    int side = s->u[u].side, others = 0;
    for (int k = s->head[h]; k >= 0; k = s->u[k].next)
        others += k != u && s->u[k].side == side && lga_is_combat(&s->u[k]);
    if (!others)
        return 0;
    if (r->b->terrain[h] == LGA_T_FORTRESS)
        return 1;
    for (int k = 0; k < s->nunits; k++)
        if (s->u[k].side == side && lga_supply_in_range(r, k, h))
            return 1;
    return 2;
}

/* A spread-out automatic placement: the named place when legal and free of Friendly Combat units
   (for a Combat unit); else, over the hexes of the zone
   in an order scrambled by the game seed, the first hex where a Combat unit stands alone, else one
   where its stack has Stacking Supply, else any legal hex (a one-hex group stays on its hex). */
static int auto_hex(const lga_run *r, const lga_rdata *rd, int u)
{
    int gi = r->s->u[u].group;
    const lga_group *gr = &r->sc->src->group[gi];
    int n = rd->gfirst[gi + 1] - rd->gfirst[gi];
    int combat = lga_is_combat(&r->s->u[u]);
    if (gr->place.nplace > 0 && lga_group_hex_ok(r, u, gr->place.place[0]) &&
        (!combat || auto_stack_score(r, u, gr->place.place[0]) == 0))
        return gr->place.place[0];
    int anchor = lga_group_anchor(r, u);
    if (n <= 0)
        return -1;
    uint32_t key[2] = {(uint32_t)u, (uint32_t)gi};
    unsigned start = (unsigned)(wg__hash64(key, sizeof key, r->g->seed) % (unsigned)n);
    int best = -1, best_score = 3;
    for (int i = 0; i < n && best_score > 0; i++) {
        int h = rd->gh[rd->gfirst[gi] + (int)((start + (unsigned)i) % (unsigned)n)];
        if (!lga_group_hex_ok2(r, u, h, anchor))
            continue;
        int sc = combat ? auto_stack_score(r, u, h) : 0;
        if (sc < best_score) {
            best = h;
            best_score = sc;
        }
    }
    return best;
}

static int apply_setup(lga_run *r, uint64_t a)
{
    lga_state *s = r->s;
    const lga_rdata *rd = lga_rd(r->g);
    if (LGA_AK(a) == LGA_A_AUTOPLACE) {
        int side = s->setup_side;
        while (s->setup_side == side && s->mode == LGA_M_SETUP && s->cur >= 0) {
            int h = auto_hex(r, rd, s->cur);
            if (h >= 0)
                lga_after_place(r, s->cur, h);
            else
                lga_unit_eliminate(r, s->cur, "LGA-SCEN-08");
            setup_advance(r, rd);
        }
        return WG_OK;
    }
    if (lga_apply_build(r, a))
        return WG_OK;
    lga_after_place(r, s->cur, LGA_AA(a));
    setup_advance(r, rd);
    return WG_OK;
}

static int lga_options_built(wg_game *g);

static int lga_options(wg_game *g)
{
    int rc = lga_options_built(g);
    return rc ? rc : lga_opts_order(g); /* the documented order (doc/lga.md) */
}

static int lga_options_built(wg_game *g)
{
    lga_run r;
    lga_run_init(&r, g);
    r.g = NULL; /* enumeration never emits */
    switch (r.s->mode) {
    case LGA_M_SETUP: return opts_setup(g, &r);
    case LGA_M_CREATE: return opts_create(g, &r);
    case LGA_M_OVER: return WG_OK;
    case LGA_M_FMROLL:
    case LGA_M_FMROLL2:
    case LGA_M_CRTROLL:
        for (int f = 1; f <= 6; f++) {
            int rc = wg__opt_push(g, LGA_ACT(LGA_A_FACE, f, 0, 0), 1);
            if (rc)
                return rc;
        }
        return WG_OK;
    default: break;
    }
    if (r.s->phase == 0 || r.s->mode == LGA_M_SPECIAL)
        return lga_opts_move(g, &r);
    return lga_opts_combat(g, &r);
}

static int lga_apply_one(wg_game *g, uint64_t a)
{
    lga_run r;
    int rc;
    lga_run_init(&r, g);
    r.s->steps++;
    /* the safety net: past the per-phase bound only "end" is offered; a host sees when it acted */
    if (LGA_AK(a) == LGA_A_END && r.s->steps > r.o->max_steps_per_phase && r.s->mode != LGA_M_SETUP &&
        r.s->mode != LGA_M_CREATE)
        lga_emit(&r, LGA_EV_STEPCAP, "LGA-SEQ-02", r.o->max_steps_per_phase, r.s->pturn, 0, 0);
    switch (r.s->mode) {
    case LGA_M_SETUP: rc = apply_setup(&r, a); break;
    case LGA_M_CREATE: rc = apply_create(&r, a); break;
    case LGA_M_OVER: rc = WG_ESTATE; break;
    default:
        if (r.s->phase == 0 || r.s->mode == LGA_M_SPECIAL)
            rc = lga_apply_move(g, &r, a);
        else
            rc = lga_apply_combat(g, &r, a);
    }
    if (!rc && r.nomem)
        rc = WG_ENOMEM;
    return rc;
}

/* A game of open information asks no decision with nothing to decide: when the only option is to end
   the segment ("done", "no more attacks", "end the Movement Phase", "end the Player-Turn"), it is
   taken within the step that led there, with an event saying so.  The log records only the
   decisions asked, and replays the same way. */
static int lga_apply(wg_game *g, uint64_t a)
{
    int rc = lga_apply_one(g, a);
    lga_run r0;
    lga_run_init(&r0, g);
    if (r0.o->ask_empty)
        return rc;
    for (int guard = 0; rc == WG_OK && guard < 256; guard++) {
        lga_state *s = lga_st(g);
        int p = 0, k = 0;
        lga_decision(g, &p, &k);
        if (p < 0 || s->mode == LGA_M_SETUP || s->mode == LGA_M_OVER)
            break;
        if ((s->phase == 0 || s->mode == LGA_M_SPECIAL) &&
            (s->mode == LGA_M_DEST || s->mode == LGA_M_FMDECL || s->mode == LGA_M_FMOP))
            break; /* their first option is "stop", "no forced march" or "halt" (lga_opts_move): never "end"
                      alone, and listing them (the movement search) is left to the core's listing */
        g->nopts = 0;
        if ((rc = lga_options(g)) != WG_OK)
            break;
        if (g->nopts != 1 || LGA_AK(g->opts[0].action) != LGA_A_END)
            break;
        uint64_t only = g->opts[0].action;
        lga_run r;
        lga_run_init(&r, g);
        lga_emit(&r, LGA_EV_NOTHING, "LGA-SEQ-01", p, s->mode, 0, 0);
        if (r.nomem) {
            rc = WG_ENOMEM;
            break;
        }
        rc = lga_apply_one(g, only);
    }
    g->nopts = 0;
    g->opts_valid = false;
    return rc;
}

static int lga_option_label(const wg_game *g, uint64_t a, wg_sb *sb)
{
    return lga_label(g, a, sb);
}

static int64_t lga_score(const wg_game *g)
{
    return lga_st(g)->vp;
}

/* The winner: the side of the scenario's victory level of the final total (LGA-SCEN-10). */
static int lga_winner(const wg_game *g)
{
    const lga_rdata *rd = lga_rd(g);
    int lv = rd->scen.src ? wg__lga_level_of(rd->scen.src, lga_st(g)->vp) : LGA_LV_DRAW;
    return lv < LGA_LV_DRAW ? LGA_ALLIED : lv > LGA_LV_DRAW ? LGA_FRENCH : -1;
}

/* The bots' evaluation, in the Allied player's favour, in tenths of a victory point's worth (doc/bots.md):
   60 per victory point the French lack (the live total: control and sieges as they stand, not the
   total recorded at the end of the Player-Turn); 20 per combat strength point each side has lost
   (units eliminated, and the units an illegal stack will lose at the end of its Movement Phase);
   and what each side may still take.  An objective the French do not control is worth to them the
   points they do not have of it yet (its control value less the siege value they score now) times
   their approach, up to 0.3: 0.15 x (80 - d) / 80 for their nearest combat unit d hexes away (0.05
   when a combat unit of the holder's is on it) and
   0.15 x their strength on the adjacent hexes (halved where no Supply unit can supply them, LGA-COMBAT-09)
   against nine times the defenders' strength (three to
   one against a Fortress's tripled defence, LGA-FORT-04); one the French control is worth to the
   Allies its control value times half their approach (up to 0.15).  Each combat unit on the map
   marches: 3 x the points still to take of the objective it threatens most x (80 - d) / 80, or half
   of an objective of its own side's that no combat unit of its side holds; each combat unit within 2
   hexes of an objective its side does not hold is worth 2 x (REACH - d) more, d the distance of its
   side's nearest Supply unit (Combat Supply at the front).  The
   Allies garrison: each objective they hold costs them its control value x 0.45 x ((80 - dF) / 80)^2
   per hex between it and their nearest combat unit, up to 20 (nothing when one is on it; at most 0.15
   of its value, so that taking it stays worth more than what it ends), dF the distance of
   the nearest French combat unit (the threat; the French, who hold nothing at the start, are not
   taxed so: it held them back from the next Fortress).
   Taking an objective is always worth more than approaching, besieging or marching on it.  In 1805
   each French unit on or east of Line A costs the Allies 30 more (60 east of Line B) and half the
   line's points per hex between it and the nearest Allied combat unit (up to 20: the hunt), one
   d < 9 columns west of it 3 x (9 - d), and an
   Allied unit marches on the nearest of them as on an objective of half the line's points. */
static int64_t lga_bot_eval(const wg_game *g)
{
    enum { REACH = 80, HUNT = 20, DEF = 12, GARRISON = 20, FRONTW = 2 };
    lga_run r;
    lga_run_init_const(&r, g);
    const lga_state *s = r.s;
    int64_t lost[2] = {0, 0}, march[2] = {0, 0};
    int nobj = r.sc ? r.sc->nobj : 0;
    int near[LGA_MAX_OBJ][2], mine[LGA_MAX_OBJ], rest[LGA_MAX_OBJ], held[LGA_MAX_OBJ];
    for (int i = 0; i < nobj; i++) {
        int h = r.sc->obj[i].hex;
        near[i][0] = near[i][1] = REACH;
        mine[i] = h < 0 ? -1 : lga_ctl(s, h) == LGA_FRENCH;
        held[i] = 0; /* a combat unit of the side that does not lose it on it */
        for (int k = h >= 0 ? s->head[h] : -1; k >= 0; k = s->u[k].next)
            if (lga_is_combat(&s->u[k]) && (s->u[k].side == LGA_FRENCH) == (mine[i] == 1))
                held[i] = 1;
        rest[i] = r.sc->obj[i].control_vp; /* what the side that does not hold it may still take */
        if (h >= 0 && !mine[i] && r.sc->obj[i].siege_vp > 0 && lga_besieged(&r, h))
            rest[i] -= r.sc->obj[i].siege_vp;
    }
    /* 1805: the French units on or east of Lines A and B (LGA-S1805-28), and what hunting them
       is worth to an Allied unit */
    int16_t east[LGA_MAX_UNITS];
    int neast = 0, line = r.sc ? (r.sc->line_vp_a > r.sc->line_vp_b ? r.sc->line_vp_a : r.sc->line_vp_b) : 0;
    int64_t beyond = 0;
    for (int k = 0; line && k < s->nunits; k++) {
        const lga_unit *u = &s->u[k];
        if (u->side != LGA_FRENCH || u->st != LGA_US_MAP || u->hex < 0)
            continue; /* any French unit traces (lga_line_trace): Supply units and Depots too */
        int f = r.b->hflags[u->hex];
        if (f & LGA_HF_LINE_A) {
            east[neast++] = (int16_t)u->hex;
            beyond += (f & LGA_HF_LINE_B) ? 20 : 10;
            continue;
        }
        /* west of Line A: the columns to it along the hex's row (hex = row x cols + col), within 8 */
        int col = u->hex % r.b->cols;
        for (int d = 1; d <= 8 && col + d < r.b->cols; d++)
            if (r.b->hflags[u->hex + d] & LGA_HF_LINE_A) {
                beyond += 9 - d;
                break;
            }
    }
    /* each combat unit marches on what it threatens most; and Combat Supply at the front: each combat
       unit within 2 hexes of an objective its side does not hold is worth to its side FRONTW x
       (REACH - d), d the distance of the nearest Supply unit of its side (a Supply unit on its hex or
       the next one supplies it, LGA-COMBAT-10): the Supply units march on the attackers, whatever
       their number */
    for (int k = 0; k < s->nunits; k++) {
        const lga_unit *u = &s->u[k];
        if (!lga_is_combat(u))
            continue;
        int side = u->side == LGA_FRENCH;
        if (u->st == LGA_US_ELIM)
            lost[side] += u->str;
        if (u->st != LGA_US_MAP || u->hex < 0)
            continue;
        int best = 0, front = 0;
        for (int e = 0; !side && e < neast; e++) {
            int d = lga_board_distance(r.b, u->hex, east[e]);
            int v = line / 2 * (REACH - (d > REACH ? REACH : d));
            if (v > best)
                best = v;
        }
        for (int i = 0; i < nobj; i++) {
            if (mine[i] < 0)
                continue;
            int d = lga_board_distance(r.b, u->hex, r.sc->obj[i].hex);
            if (d > REACH)
                d = REACH;
            if (d < near[i][side])
                near[i][side] = d;
            if (d <= 2 && mine[i] != side)
                front = 1;
            int v = mine[i] != side ? rest[i] * (REACH - d) : !held[i] ? rest[i] / 2 * (REACH - d) : 0;
            if (v > best)
                best = v;
        }
        march[side] += best;
        if (!front)
            continue;
        int dmin = REACH;
        for (int q = 0; q < s->nunits && dmin > 1; q++) {
            const lga_unit *v = &s->u[q];
            if (v->type != LGA_SUPPLY || v->st != LGA_US_MAP || v->hex < 0 || v->side != u->side)
                continue;
            int d = lga_board_distance(r.b, u->hex, v->hex);
            if (d < dmin)
                dmin = d;
        }
        march[side] += FRONTW * (REACH - (dmin < 1 ? 1 : dmin));
    }
    /* the Allied garrisons: each objective the Allies hold costs them the distance of their nearest
       combat unit to it (0 when one holds it, at most GARRISON) x the threat (how near the nearest
       French combat unit is, squared) */
    for (int i = 0; i < nobj; i++) {
        if (mine[i] != LGA_ALLIED)
            continue;
        int t = REACH - near[i][LGA_FRENCH], dd = held[i] ? 0 : near[i][LGA_ALLIED] < GARRISON ? near[i][LGA_ALLIED] : GARRISON;
        march[LGA_ALLIED] -= (int64_t)r.sc->obj[i].control_vp * DEF * t * t / REACH / REACH * dd;
    }
    /* 1805: each French unit on or east of a line costs the Allies the distance (up to HUNT) of the
       nearest Allied combat unit to it: the one next to it closes part of its trace with its ZOC
       (LGA-GAP-64) and can attack it, the one that eliminates it ends the cost */
    int64_t hunt = 0;
    for (int e = 0; e < neast; e++) {
        int dmin = HUNT;
        for (int k = 0; k < s->nunits && dmin > 1; k++) {
            const lga_unit *u = &s->u[k];
            if (u->side != LGA_ALLIED || u->st != LGA_US_MAP || u->hex < 0 || !lga_is_combat(u))
                continue;
            int d = lga_board_distance(r.b, u->hex, east[e]);
            if (d < dmin)
                dmin = d;
        }
        hunt += dmin;
    }
    /* stacks no Supply unit in range and no Fortress make legal lose all but their strongest unit at the
       end of their Movement Phase (LGA-STACK-03, LGA-GAP-29): counted as lost already */
    for (int h = 0; h < r.b->nhex; h++) {
        if (s->head[h] < 0)
            continue;
        for (int side = 0; side < 2; side++) {
            int n = 0, sum = 0, top = 0, sup = 0;
            for (int k = s->head[h]; k >= 0; k = s->u[k].next) {
                const lga_unit *u = &s->u[k];
                if (u->side != side || !lga_is_combat(u))
                    continue;
                n++;
                sum += u->str;
                if (u->str > top)
                    top = u->str;
            }
            if (n < 2 || (r.b->terrain[h] == LGA_T_FORTRESS && sum <= 18))
                continue;
            for (int k = 0; k < s->nunits && !sup; k++)
                sup = s->u[k].side == side && lga_supply_in_range(&r, k, h);
            if (!sup)
                lost[side] += sum - top;
        }
    }
    /* the approach on each objective, in 1/(40 x REACH) of its points: 3 x (REACH - d) for the nearest
       unit of the side that does not hold it, 3 x REACH x its adjacent strength / (9 x the holder's) */
    int64_t take[2] = {0, 0};
    for (int i = 0; i < nobj; i++) {
        if (mine[i] < 0)
            continue;
        int h = r.sc->obj[i].hex, att = mine[i] ? LGA_ALLIED : LGA_FRENCH, def = 0, adj = 0;
        for (int k = s->head[h]; k >= 0; k = s->u[k].next)
            if (s->u[k].side != att)
                def += s->u[k].str;
        for (int d = 0; d < 6; d++) {
            int n = r.b->nb[h][d];
            int sup = -1; /* whether a Supply unit of the attacker's can supply the hex (LGA-COMBAT-09/10) */
            for (int k = n >= 0 ? s->head[n] : -1; k >= 0; k = s->u[k].next) {
                if (s->u[k].side != att || !lga_is_combat(&s->u[k]) || s->u[k].dis)
                    continue;
                for (int q = 0; sup < 0 && q <= s->nunits; q++)
                    sup = q == s->nunits ? 0 : s->u[q].side == att && lga_supply_in_range(&r, q, n) ? 1 : -1;
                adj += sup ? s->u[k].str : s->u[k].str > 2 ? s->u[k].str / 2 : 1;
            }
        }
        int cap = 9 * (def > 0 ? def : 1);
        int64_t a = (held[i] ? 1 : 3) * (REACH - near[i][att]) + 3 * REACH * (adj < cap ? adj : cap) / cap;
        take[att] += att == LGA_FRENCH ? (int64_t)rest[i] * a : (int64_t)rest[i] * a / 2;
    }
    /* 60 per point: 60 x 0.3 = 18 per point at the full approach = 6 x REACH x 3 / REACH */
    return 10 * (-6 * (int64_t)lga_compute_vp(&r) + 2 * (lost[1] - lost[0])) - 3 * beyond - line * hunt / 2 +
           3 * (take[0] - take[1]) / REACH +
           3 * (march[0] - march[1]) / REACH;
}

/* The bots' defaults (doc/bots.md): 500 iterations (a unit's move has up to a few hundred
   destinations; 200 left the French of 1806 short of their captures twice as often), the position
   evaluated where the tree ends, past the Combat Phase (lga_bot_quiet; the evaluation sees the march
   on the objectives; random moves after the tree only add noise), a change of 200 (about three
   victory points) worth three quarters of a win. */
static const wg_bot_defaults lga_bot_defaults = {500, 0, 200};

/* The bots' quiet positions (doc/bots.md): none in the Combat Phase, from the first declaration to the
   last advance, so that a search sees the result of the attacks it declares and the units an illegal
   stack loses (LGA-STACK-03); none in the game's last Combat and Supply Creation Phases, so that a
   rollout there ends the game and is valued by its victory level. */
static int lga_bot_quiet(const wg_game *g)
{
    const lga_state *s = lga_st(g);
    const lga_rdata *rd = lga_rd(g);
    if (rd->scen.src && s->turn >= rd->scen.src->turns && s->pturn == 1 && s->phase >= 1)
        return 0; /* the last Combat and Supply Creation Phases of the game: play on to its end */
    switch (s->mode) {
    case LGA_M_DECLARE:
    case LGA_M_MEMBERS:
    case LGA_M_ASUPPLY:
    case LGA_M_STACKELIM:
    case LGA_M_RBC:
    case LGA_M_RBCDEST:
    case LGA_M_DSUPPLY:
    case LGA_M_ORDER:
    case LGA_M_CRTROLL:
    case LGA_M_HALFEX:
    case LGA_M_RETREAT:
    case LGA_M_ADVANCE: return 0;
    default: return 1;
    }
}

/* The bots' rollout policy in the Combat Phase (doc/bots.md): declare no more attacks and keep every
   attacker; use a Supply unit when one can be used; no retreat before combat; fight the battles in
   order; advance onto an objective when a battle frees one, else stay.  Elsewhere the core's policy. */
static long lga_bot_pick(const wg_game *g, wg_pcg *rng)
{
    (void)rng;
    const lga_state *s = lga_st(g);
    switch (s->mode) {
    case LGA_M_DECLARE:
    case LGA_M_MEMBERS:
    case LGA_M_RBC:
    case LGA_M_ORDER: return 0;
    case LGA_M_ASUPPLY:
    case LGA_M_DSUPPLY:
        for (size_t i = 0; i < g->nopts; i++)
            if (LGA_AK(g->opts[i].action) == LGA_A_SUPPLY)
                return (long)i;
        return 0;
    case LGA_M_ADVANCE: {
        const lga_rdata *rd = lga_rd(g);
        const lga_scen *sc = rd->scen.src ? &rd->scen : NULL;
        for (size_t i = 0; sc && i < g->nopts; i++) {
            uint64_t a = g->opts[i].action;
            if (LGA_AK(a) != LGA_A_ADVANCE)
                continue;
            for (int o = 0; o < sc->nobj; o++)
                if (sc->obj[o].hex == LGA_AB(a))
                    return (long)i;
        }
        return 0;
    }
    default: return -1;
    }
}

/* The bots' budget (doc/bots.md): four times the default iterations to declare an attack and choose
   its units, whose outcome the search sees only past the supply, the retreats before combat and the
   die (an attack on a Fortress that would lift its siege on a bad roll, or take it). */
static uint32_t lga_bot_budget(const wg_game *g)
{
    int m = lga_st(g)->mode;
    return m == LGA_M_DECLARE || m == LGA_M_MEMBERS ? 4u : 1u;
}

static int lga_turn_of(const wg_game *g)
{
    return lga_st(g)->turn;
}

/* wg_game_provenance: the schematic map is provisional; the charts and the printed CRT are the
   rulebook's; the CRT completion is provisional and opt-in (crt=completion). */
static void lga_provenance(const wg_game *g, wg_sb *sb, int *provisional)
{
    const char *b;
    size_t n;
    int hmap = wg__game_data(g, "map", &b, &n) == WG_OK, hscen = wg__game_data(g, "scenario", &b, &n) == WG_OK;
    int hcrt = wg__game_data(g, "crt", &b, &n) == WG_OK;
    int completion = g->options && strstr(g->options, "crt=completion") != NULL;
    *provisional = !hmap || (completion && !hcrt);
    wg__sb_printf(sb, "rules: the rulebook's rules and printed tables, as code; rule\n");
    wg__sb_printf(sb, "%s", hmap ? "map: host document; as supplied\n"
                                 : "map: bundled data/lga/europe-schematic.wgd; provisional (a schematic map: the "
                                   "rulebook prints none, LGA-GAP-01)\n");
    if (hscen)
        wg__sb_printf(sb, "scenario: host document; as supplied\n");
    else
        wg__sb_printf(sb, "scenario: bundled data/lga/%s.wgd; the printed scenario chart (rule)\n",
                      g->ops->scenarios[g->scenario].id);
    if (hcrt)
        wg__sb_printf(sb, "crt: host document; as supplied\n");
    else if (completion)
        wg__sb_printf(sb, "crt: bundled data/lga/crt-completion.wgd; provisional (cells the rulebook does not print, "
                          "opted in with crt=completion)\n");
    else
        wg__sb_printf(sb, "crt: the printed cells only (rule); a missing cell is WG_ETABLEGAP\n");
}

const wg_ruleset_ops wg__lga_ops = {
    .provenance = lga_provenance,
    .id = "lga",
    .name = "La Grande Armee (SPI): the campaigns of Napoleon in Central Europe",
    .nplayers = 2,
    .player_names = player_names,
    .scenarios = scenarios,
    .nscenarios = 3,
    .state_size = sizeof(lga_state),
    .setup = lga_setup,
    .retain = lga_retain,
    .release = lga_release,
    .decision = lga_decision,
    .options = lga_options,
    .apply = lga_apply,
    .option_label = lga_option_label,
    .why_not = lga_why_not,
    .decision_text = lga_decision_text,
    .event_text = lga_event_text,
    .describe = lga_describe,
    .result_text = lga_result_text,
    .score = lga_score,
    .winner = lga_winner,
    .bot_eval = lga_bot_eval,
    .bot_defaults = &lga_bot_defaults,
    .bot_quiet = lga_bot_quiet,
    .bot_pick = lga_bot_pick,
    .bot_budget = lga_bot_budget,
    .turn = lga_turn_of,
    .piece = wg__lga_piece,
    .data_slots = data_slots,
    .scratch_size = sizeof(lga_pathcache),
    .rules_revision = 2, /* saves record it; 2: the documented option order (doc/lga.md) */
    .attr_keys = {wg__lga_piece_keys, wg__lga_option_keys, wg__lga_space_keys},
    .attr = wg__lga_attr,
    .space_name = wg__lga_space_name,
    .odds = lga_uniform_odds,
};

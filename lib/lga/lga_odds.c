/* La Grande Armée: exact odds of a declared attack (public API wg_lga_attack_odds*). */
#include "lga.h"
#include "lga_seq.h"

#include <limits.h>
#include <string.h>

/* Checks the game and the battle; fills the odds and the per-face results. */
static int odds_of(wg_game *g, int battle, lga_odds *od, int res[6][2], int src[6], int *gaps)
{
    if (!g)
        return WG_EINVAL;
    if (g->ops != &wg__lga_ops)
        return wg__seterr(g->err, WG_ERULESET, "wg_lga_attack_odds: the game is not a La Grande Armee game");
    const lga_state *s = lga_st(g);
    if (s->phase != 1 || battle < 0 || battle >= s->nbattles || (s->battles[battle].flags & LGA_BF_DONE))
        return wg__seterr(g->err, WG_ESTATE,
                          "wg_lga_attack_odds: no unresolved attack %d in the current Combat Phase (%d declared)",
                          battle, s->phase == 1 ? s->nbattles : 0);
    lga_run r;
    lga_run_init_const(&r, g);
    const lga_rdata *rd = lga_rd(g);
    wg_table *crt = g->tables[rd->crt_index];
    int code[6];
    *gaps = lga_battle_faces(&r, battle, crt, code, src, od);
    for (int f = 0; f < 6; f++) {
        res[f][0] = res[f][1] = WG_LGA_R_NONE;
        if (od->forced) {
            res[f][0] = od->forced; /* LGA-COMBAT-17 (Ae), LGA-GAP-42 (automatic elimination) */
            continue;
        }
        if (src[f] == WG_CELL_GAP) {
            res[f][0] = res[f][1] = WG_LGA_R_GAP;
            continue;
        }
        const char *name = NULL;
        int two[2];
        wg_table_code_name(&name, crt, code[f]);
        if (lga_parse_result(name, two) >= 0) {
            res[f][0] = two[0];
            res[f][1] = two[1];
        }
    }
    return WG_OK;
}

int wg_lga_attack_odds(int64_t *out, size_t cap, size_t *len, wg_game *game, int battle)
{
    lga_odds od;
    int res[6][2], src[6], gaps = 0;
    if (!len || (cap && !out))
        return game ? wg__seterr(game->err, WG_EINVAL, "wg_lga_attack_odds: NULL output") : WG_EINVAL;
    int rc = odds_of(game, battle, &od, res, src, &gaps);
    if (rc)
        return rc;
    *len = WG_LGA_ODDS_COUNT;
    if (cap < WG_LGA_ODDS_COUNT)
        return wg__seterr(game->err, WG_EBUFSIZE, "wg_lga_attack_odds: needs %d entries", WG_LGA_ODDS_COUNT);
    out[WG_LGA_ODDS_ATT_BASE] = od.att_base;
    out[WG_LGA_ODDS_ATT_SUPPLIED] = od.att_supplied_pts;
    out[WG_LGA_ODDS_ATT_LEADERS] = od.att_lead;
    out[WG_LGA_ODDS_ATT_TOTAL] = od.att_total;
    out[WG_LGA_ODDS_DEF_BASE] = od.def_base;
    out[WG_LGA_ODDS_DEF_LEADERS] = od.def_lead;
    out[WG_LGA_ODDS_DEF_MULT] = od.def_mult;
    out[WG_LGA_ODDS_DEF_TOTAL] = od.def_total;
    out[WG_LGA_ODDS_PERCENT] = od.pct == INT_MAX ? -1 : od.pct;
    out[WG_LGA_ODDS_COLUMN] = od.column;
    out[WG_LGA_ODDS_FORCED] = od.forced;
    out[WG_LGA_ODDS_GAP_FACES] = gaps;
    for (int f = 0; f < 6; f++) {
        out[WG_LGA_ODDS_FACES + 3 * f] = res[f][0];
        out[WG_LGA_ODDS_FACES + 3 * f + 1] = res[f][1];
        out[WG_LGA_ODDS_FACES + 3 * f + 2] = src[f];
    }
    return WG_OK;
}

static const char *rname(int r)
{
    return r == WG_LGA_R_GAP ? "(not printed)" : lga_result_name(r);
}

int wg_lga_attack_odds_text(char *buf, size_t cap, size_t *len, wg_game *game, int battle)
{
    lga_odds od;
    int res[6][2], src[6], gaps = 0;
    if (!len || (cap && !buf))
        return game ? wg__seterr(game->err, WG_EINVAL, "wg_lga_attack_odds_text: NULL output") : WG_EINVAL;
    int rc = odds_of(game, battle, &od, res, src, &gaps);
    if (rc)
        return rc;
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    wg__sb_printf(&sb, "attack %d: attacker %d (units after supply) + %d (leaders, capped) = %d (LGA-COMBAT-11); ",
                  battle + 1, od.att_base, od.att_lead, od.att_total);
    wg__sb_printf(&sb, "defender (%d + %d leaders) x %d terrain = %d (LGA-COMBAT-12, LGA-TEC-10); ", od.def_base,
                  od.def_lead, od.def_mult, od.def_total);
    if (od.pct == INT_MAX)
        wg__sb_printf(&sb, "odds infinite, column %s", lga_col_label[od.column]);
    else
        wg__sb_printf(&sb, "odds %d%%, column %s (LGA-COMBAT-15)", od.pct, lga_col_label[od.column]);
    if (od.forced == LGA_R_AE)
        wg__sb_printf(&sb, "; across a river below 160%%: Ae on every face (LGA-COMBAT-17)");
    else if (od.forced == LGA_R_DE)
        wg__sb_printf(&sb, "; 500%% or more: automatic elimination (LGA-CRT-15)");
    for (int f = 0; f < 6; f++) {
        wg__sb_printf(&sb, "\n  die %d (1/6): %s", f + 1, rname(res[f][0]));
        if (res[f][1] && res[f][1] != WG_LGA_R_GAP)
            wg__sb_printf(&sb, " %s", rname(res[f][1]));
        if (!od.forced)
            wg__sb_printf(&sb, " [%s]", src[f] == WG_CELL_PRINTED    ? "printed"
                                        : src[f] == WG_CELL_SUPPLIED ? "supplied"
                                                                     : "gap");
    }
    if (gaps)
        wg__sb_printf(&sb, "\n  %d/6 of the probability falls on unprinted cells (LGA-GAP-04)", gaps);
    rc = wg__sb_finish(&sb, len);
    if (rc)
        return wg__seterr(game->err, rc, "wg_lga_attack_odds_text: the text needs %zu bytes", *len + 1);
    return WG_OK;
}

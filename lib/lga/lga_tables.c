/* La Grande Armée: the printed tables (CRT, Forced March tables, Combine/Breakdown Chart). */
#include "lga_internal.h"

#include <limits.h>
#include <string.h>

/* LGA-CRT-01: 11 odds columns; column k holds odds >= lga_col_threshold[k-1]. */
const int lga_col_threshold[10] = {80, 100, 110, 120, 140, 160, 180, 200, 300, 400};
const char *const lga_col_label[11] = {"<80%",     "80-99%",   "100-109%", "110-119%", "120-139%", "140-159%",
                                       "160-179%", "180-199%", "200-299%", "300-399%", ">=400%"};

/* LGA-GAP-10: pct = 100*A/D (floor); threshold T is met when 100*A >= T*D. */
int lga_odds_pct(int att, int def)
{
    if (def <= 0)
        return INT_MAX;
    return (int)((100LL * att) / def);
}

int lga_odds_column(int att, int def)
{
    int col = 0;
    if (def <= 0)
        return 10; /* LGA-GAP-43 */
    for (int k = 0; k < 10; k++)
        if (100LL * att >= (long long)lga_col_threshold[k] * def)
            col = k + 1;
    return col;
}

/* LGA-CRT-02, LGA-CRT-03: the printed cells; NULL = not printed (LGA-GAP-04). */
static const char *const crt_row1[11] = {"Ars", "Ars", "Ars", "Ar1 Drs", "Dr1", "Drs",
                                         "Drs", "Drs", "Drs", "\xc2\xbd\x65x" /* "½ex" */, "De"};
static const char *const crt_row2[11] = {"Ars", "Ars", "Ar1 Drs", "Ar1 Drs", "Dr2", NULL, NULL, NULL, NULL, NULL, NULL};

const char *lga_crt_printed(int row, int col)
{
    if (col < 0 || col > 10)
        return NULL;
    if (row == 1)
        return crt_row1[col];
    if (row == 2)
        return crt_row2[col];
    return NULL;
}

static const char *const res_names[] = {"-", "Ae", "Ars", "Ar2", "Ar1", "De", "Drs", "Dr2", "Dr1", "\xc2\xbd\x65x" /* "½ex" */};

const char *lga_result_name(int res)
{
    if (res < 0 || res > LGA_R_HALFEX)
        return "?";
    return res_names[res];
}

/* LGA-GAP-72: closed vocabulary; "1/2ex" and "NE"/"-" accepted. */
int lga_parse_result(const char *name, int res[2])
{
    int n = 0;
    const char *p = name;
    res[0] = res[1] = LGA_R_NONE;
    if (!name)
        return -1;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *q = p;
        while (*q && *q != ' ')
            q++;
        size_t len = (size_t)(q - p);
        int code = -1;
        for (int k = 1; k <= LGA_R_HALFEX; k++)
            if (strlen(res_names[k]) == len && memcmp(res_names[k], p, len) == 0)
                code = k;
        if (code < 0 && len == 5 && memcmp(p, "1/2ex", 5) == 0)
            code = LGA_R_HALFEX;
        if (code < 0 && ((len == 2 && memcmp(p, "NE", 2) == 0) || (len == 1 && *p == '-')))
            code = LGA_R_NONE;
        if (code < 0 || n >= 2)
            return -1;
        if (code != LGA_R_NONE)
            res[n++] = code;
        p = q;
    }
    return n;
}

/* LGA-FMARCH-10..13: Forced March tables, indexed by modified roll 0..7. */
static const uint8_t fm_double1[8] = {LGA_FM_OK, LGA_FM_OK, LGA_FM_OK, LGA_FM_OP, LGA_FM_OP, LGA_FM_D, LGA_FM_E, LGA_FM_E};
static const uint8_t fm_double2[2][8] = {
    {LGA_FM_OK, LGA_FM_OK, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_E, LGA_FM_E}, /* 1st roll 3 */
    {LGA_FM_OK, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_E, LGA_FM_E, LGA_FM_E}, /* 1st roll 4 */
};
static const uint8_t fm_triple1[8] = {LGA_FM_OK, LGA_FM_OP, LGA_FM_OP, LGA_FM_OP, LGA_FM_D, LGA_FM_E, LGA_FM_E, LGA_FM_E};
static const uint8_t fm_triple2[3][8] = {
    {LGA_FM_OK, LGA_FM_OK, LGA_FM_OK, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_E, LGA_FM_E}, /* 1st roll 1 */
    {LGA_FM_OK, LGA_FM_OK, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_E, LGA_FM_E, LGA_FM_E}, /* 1st roll 2 */
    {LGA_FM_OK, LGA_FM_D, LGA_FM_D, LGA_FM_D, LGA_FM_E, LGA_FM_E, LGA_FM_E, LGA_FM_E}, /* 1st roll 3 */
};

static int clamp07(int v)
{
    return v < 0 ? 0 : v > 7 ? 7 : v;
}

int lga_fm_first(int triple, int roll)
{
    roll = clamp07(roll);
    return triple ? fm_triple1[roll] : fm_double1[roll];
}

int lga_fm_second(int triple, int first, int second)
{
    second = clamp07(second);
    if (triple) {
        if (first < 1 || first > 3)
            return 0;
        return fm_triple2[first - 1][second];
    }
    if (first < 3 || first > 4)
        return 0;
    return fm_double2[first - 3][second];
}

/* ---- Combine/Breakdown Chart (LGA-COMBINE-09..13) ---- */
static const lga_chart_step chart[] = {
    {LGA_ORG_FR, LGA_INF, 18, 2, 3, 5, 4},     {LGA_ORG_FR, LGA_INF, 5, 4, 2, 2, 5},
    {LGA_ORG_FR, LGA_CAV, 3, 7, 2, 1, 8},      {LGA_ORG_AU1809, LGA_INF, 18, 2, 3, 5, 4},
    {LGA_ORG_AU1809, LGA_INF, 5, 4, 2, 2, 5},  {LGA_ORG_AU1805, LGA_INF, 18, 2, 4, 4, 3},
    {LGA_ORG_AU1805, LGA_INF, 4, 3, 3, 1, 5},  {LGA_ORG_PR, LGA_INF, 18, 2, 5, 3, 3},
    {LGA_ORG_RU, LGA_INF, 10, 2, 2, 4, 4},
};

const lga_chart_step *lga_chart_breakdown(int org, int type, int str, int ma)
{
    for (size_t i = 0; i < sizeof chart / sizeof chart[0]; i++)
        if (chart[i].org == org && chart[i].type == type && chart[i].big_str == str && chart[i].big_ma == ma)
            return &chart[i];
    return NULL;
}

const lga_chart_step *lga_chart_combine_into(int org, int type, int small_str, int small_ma)
{
    for (size_t i = 0; i < sizeof chart / sizeof chart[0]; i++)
        if (chart[i].org == org && chart[i].type == type && chart[i].small_str == small_str &&
            chart[i].small_ma == small_ma)
            return &chart[i];
    return NULL;
}

/* LGA-CRT-09/10: breakdown to the smallest units: returns how many, with their values. */
int lga_chart_smallest(int org, int type, int str, int ma, int *sstr, int *sma)
{
    int count = 1;
    *sstr = str;
    *sma = ma;
    for (;;) {
        const lga_chart_step *st = lga_chart_breakdown(org, type, *sstr, *sma);
        if (!st)
            return count;
        count *= st->n;
        *sstr = st->small_str;
        *sma = st->small_ma;
    }
}

/* ---- wg_table handles ---- */
static int add_code(wg_table *t, const char *name, int *code)
{
    return wg_table_code(code, t, name);
}

static int build_crt(wg_table **out, wg_ctx *ctx)
{
    wg_table *t = NULL;
    char lab[4];
    int rc = wg_table_new(&t, ctx, "crt", 6, 11);
    if (rc)
        return rc;
    for (int r = 0; r < 6 && !rc; r++) {
        lab[0] = (char)('1' + r);
        lab[1] = 0;
        rc = wg_table_set_row_label(t, r, lab);
    }
    for (int c = 0; c < 11 && !rc; c++)
        rc = wg_table_set_col_label(t, c, lga_col_label[c]);
    for (int r = 1; r <= 2 && !rc; r++)
        for (int c = 0; c < 11 && !rc; c++) {
            const char *cell = lga_crt_printed(r, c);
            int code;
            if (!cell)
                continue;
            rc = add_code(t, cell, &code);
            if (!rc)
                rc = wg__table_set_printed(t, r - 1, c, code);
        }
    if (rc) {
        wg_table_free(t);
        return rc;
    }
    *out = t;
    return WG_OK;
}

static const char *const fm_names[5] = {"", "success", "Op", "d", "e"};

/* Rows: modified 1st roll 0..7; column 0: 1st roll result; column 1+k: 2nd roll k after an Op. */
static int build_fm(wg_table **out, wg_ctx *ctx, int triple)
{
    wg_table *t = NULL;
    char lab[16];
    int rc = wg_table_new(&t, ctx, triple ? "fm_triple" : "fm_double", 8, 9);
    if (rc)
        return rc;
    for (int r = 0; r < 8 && !rc; r++) {
        lab[0] = (char)('0' + r);
        lab[1] = 0;
        rc = wg_table_set_row_label(t, r, lab);
    }
    if (!rc)
        rc = wg_table_set_col_label(t, 0, "1st");
    for (int c = 0; c < 8 && !rc; c++) {
        memcpy(lab, "2nd:", 4);
        lab[4] = (char)('0' + c);
        lab[5] = 0;
        rc = wg_table_set_col_label(t, c + 1, lab);
    }
    for (int r = 0; r < 8 && !rc; r++) {
        int code, v = lga_fm_first(triple, r);
        rc = add_code(t, fm_names[v], &code);
        if (!rc)
            rc = wg__table_set_printed(t, r, 0, code);
        if (!rc && v == LGA_FM_OP)
            for (int c = 0; c < 8 && !rc; c++) {
                int v2 = lga_fm_second(triple, r, c);
                rc = add_code(t, fm_names[v2], &code);
                if (!rc)
                    rc = wg__table_set_printed(t, r, c + 1, code);
            }
    }
    if (rc) {
        wg_table_free(t);
        return rc;
    }
    *out = t;
    return WG_OK;
}

int lga_tables_build(wg_game *g, lga_rdata *rd)
{
    wg_table *t = NULL;
    int rc = build_crt(&t, g->ctx);
    if (rc)
        return rc;
    rc = wg__game_add_table(g, t); /* takes ownership, even on failure */
    if (rc)
        return rc;
    rd->crt_index = g->ntables - 1;
    rc = build_fm(&t, g->ctx, 0);
    if (rc)
        return rc;
    rc = wg__game_add_table(g, t); /* takes ownership, even on failure */
    if (rc)
        return rc;
    rd->fmd_index = g->ntables - 1;
    rc = build_fm(&t, g->ctx, 1);
    if (rc)
        return rc;
    rc = wg__game_add_table(g, t); /* takes ownership, even on failure */
    if (rc)
        return rc;
    rd->fmt_index = g->ntables - 1;
    return WG_OK;
}

/* Les Aigles: the printed tables (lib/aigles/la_tables_printed.c) hold exactly the printed cells of
   checklist section 3; every cell the rulebook does not print answers WG_ETABLEGAP naming the table,
   the row and the column until a host supplies it; the computed readings of the truncated tables
   (G-06, G-08, G-11, G-12) reproduce every printed cell except those the checklist itself flags. */
#include <stdio.h>
#include <string.h>

#include "aigles/la_tables.h"
#include "testutil.h"

static wg_table *tabs[LA_NTABLES];
static wg_ctx *ctx;

static void setup(void)
{
    ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    ck_assert_int_eq(la_tables_build(tabs, ctx), WG_OK);
}

static void teardown(void)
{
    la_tables_free(tabs);
    wg_ctx_free(ctx);
}

static int printed_count(wg_table *t)
{
    int rows = 0, cols = 0, n = 0, src = 0;
    ck_assert_int_eq(wg_table_size(&rows, &cols, t), WG_OK);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            ck_assert_int_eq(wg_table_source(&src, t, r, c), WG_OK);
            n += src == WG_CELL_PRINTED;
            ck_assert(src == WG_CELL_PRINTED || src == WG_CELL_GAP);
        }
    return n;
}

START_TEST(test_printed_cells)
{
    /* the number of printed cells of every table, counted from checklist section 3 */
    static const int want[LA_NTABLES] = {32, 40, 19, 18, 12, 10, 4, 6, 6, 10, 8, 6, 11, 6, 8, 9, 5, 2, 12, 8, 5,
                                         7, 3, 6, 3, 21, 19, 0, 21, 6, 18, 11, 20, 19, 12, 5, 9, 5, 5, 8, 5, 102};
    for (int i = 0; i < LA_NTABLES; i++) {
        ck_assert_str_eq(wg_table_name(tabs[i]), la_printed_tables[i].name);
        ck_assert_msg(printed_count(tabs[i]) == want[i], "%s: %d printed cells, not %d", la_printed_tables[i].name,
                      printed_count(tabs[i]), want[i]);
        for (int j = 0; j < i; j++)
            ck_assert_str_ne(la_printed_tables[i].name, la_printed_tables[j].name);
    }
    /* a sample of cells, read as the rules read them */
    int32_t mm = 0;
    ck_assert_int_eq(la_cell_mm(&mm, tabs[LA_T1], 1, 0), WG_OK); /* cavalry front, 25 mm */
    ck_assert_int_eq(mm, 2250);
    ck_assert_int_eq(la_cell_mm(&mm, tabs[LA_T1], 7, 1), WG_OK); /* foraging front, 15 mm: "355" read 35 */
    ck_assert_int_eq(mm, 3500);
    ck_assert_int_eq(la_cell_mm(&mm, tabs[LA_T1], 3, 2), WG_OK); /* artillery depth, 25 mm */
    ck_assert_int_eq(mm, 8000);
    int v = 0, lo = 0, hi = 0;
    ck_assert_int_eq(la_cell_half(&v, tabs[LA_T4], 1, 1), WG_OK); /* march to line, infantry B: 2 */
    ck_assert_int_eq(v, 4);
    ck_assert_int_eq(la_cell_half(&v, tabs[LA_T4], 1, 2), WG_OK); /* ... infantry C: 2½ */
    ck_assert_int_eq(v, 5);
    ck_assert_int_eq(la_cell_half(&v, tabs[LA_T4], 0, 0), WG_OK); /* march to attack, infantry A: ½ */
    ck_assert_int_eq(v, 1);
    ck_assert_int_eq(la_cell_half(&v, tabs[LA_T36B], 8, 0), WG_OK); /* 17-19 ranks: 4½ */
    ck_assert_int_eq(v, 9);
    ck_assert_int_eq(la_cell_int(&v, tabs[LA_T13], 3, 0), WG_OK); /* firer in disorder */
    ck_assert_int_eq(v, -4);
    ck_assert_int_eq(la_cell_int(&v, tabs[LA_T12], 0, 0), WG_OK); /* target in mass */
    ck_assert_int_eq(v, 1);
    ck_assert_int_eq(la_cell_int(&v, tabs[LA_T19], 1, 1), WG_OK); /* hard cover, cavalry */
    ck_assert_int_eq(v, -6);
    ck_assert_int_eq(la_cell_int(&v, tabs[LA_T7], 4, 1), WG_OK); /* command 5 at 15 mm */
    ck_assert_int_eq(v, 150);
    ck_assert_int_eq(la_cell_int(&v, tabs[LA_T7], 0, 0), WG_EDATA); /* "contact" is no number */
    ck_assert_ptr_nonnull(strstr(wg_table_errmsg(tabs[LA_T7]), "contact"));
    ck_assert_int_eq(la_cell_range(&lo, &hi, tabs[LA_T33], 0, 0), WG_OK);
    ck_assert_int_eq(lo, 12);
    ck_assert_int_eq(hi, 17);
    ck_assert_int_eq(la_cell_int(&v, tabs[LA_T35], 2, 2), WG_OK); /* light cavalry flight, 25 mm */
    ck_assert_int_eq(v, 300);
    const char *s = NULL;
    int code = 0;
    ck_assert_int_eq(wg_table_lookup(&code, tabs[LA_T27], 0, 2), WG_OK); /* 11 or more, Veteran */
    ck_assert_int_eq(wg_table_code_name(&s, tabs[LA_T27], code), WG_OK);
    ck_assert_str_eq(s, "Uncontrolled advance");
    int row = -1;
    ck_assert_int_eq(wg_table_find_row(&row, tabs[LA_T37], "Austerlitz-Telnitz"), WG_OK);
    ck_assert_int_eq(wg_table_lookup(&code, tabs[LA_T37], row, 0), WG_OK);
    ck_assert_int_eq(wg_table_code_name(&s, tabs[LA_T37], code), WG_OK);
    ck_assert_str_eq(s, "3° Coalition");
    /* the two scales are stored, never derived: 20/15, 160/100, 240/185 share no ratio */
    int a = 0, b = 0;
    ck_assert_int_eq(la_cell_int(&a, tabs[LA_T35], 0, 2), WG_OK);
    ck_assert_int_eq(la_cell_int(&b, tabs[LA_T35], 0, 3), WG_OK);
    ck_assert_int_eq(a, 160);
    ck_assert_int_eq(b, 100);
}
END_TEST

/* Each gap of a truncated table answers WG_ETABLEGAP with the table, the row and the column. */
START_TEST(test_gaps)
{
    static const struct {
        int table, row, col;
        const char *row_label, *col_label;
    } gaps[] = {
        {LA_T2, 5, 0, "6", "infantry-close-order"},        {LA_T2, 31, 3, "32", "foraging-cavalry"},
        {LA_T4, 3, 1, "march-to-hollow-square", "infantry-B"}, {LA_T11B, 2, 0, "carbines", "25mm"},
        {LA_T26, 3, 0, "60%", "G"},                        {LA_T27, 2, 5, "7-8", "Militia"},
        {LA_T27, 3, 0, "5-6", "Guard"},                    {LA_T28, 10, 0, "0", "1"},
        {LA_T29, 3, 3, "3", "4"},                          {LA_T29, 5, 0, "5", "1"},
        {LA_T31, 2, 0, "4", "90%"},                        {LA_T32, 11, 0, "unit-charging", "value"},
        {LA_T33, 3, 2, "4", "3"},                          {LA_T33, 13, 4, "14", "5"},
        {LA_T34, 1, 9, "2", "-1"},                         {LA_T34, 13, 8, "14", "-2"},
    };
    for (size_t i = 0; i < sizeof gaps / sizeof *gaps; i++) {
        wg_table *t = tabs[gaps[i].table];
        int code = -1, v = 0;
        ck_assert_int_eq(wg_table_lookup(&code, t, gaps[i].row, gaps[i].col), WG_ETABLEGAP);
        const char *msg = wg_table_errmsg(t);
        ck_assert_msg(strstr(msg, wg_table_name(t)) && strstr(msg, gaps[i].row_label) && strstr(msg, gaps[i].col_label),
                      "gap %zu: '%s' should name %s, %s, %s", i, msg, wg_table_name(t), gaps[i].row_label,
                      gaps[i].col_label);
        ck_assert_int_eq(la_cell_int(&v, t, gaps[i].row, gaps[i].col), WG_ETABLEGAP);
    }
    /* T28 prints no row at all: every cell is a gap until the host supplies it */
    int rows = 0, cols = 0;
    ck_assert_int_eq(wg_table_size(&rows, &cols, tabs[LA_T28]), WG_OK);
    ck_assert_int_eq(cols, 29);
    ck_assert_int_eq(rows, 41);
}
END_TEST

/* A host fills gaps through the table API; printed cells cannot be changed. */
START_TEST(test_supply)
{
    static const char doc[] = "wgdata 1 table\n"
                              "name T28-losses\n"
                              "cell 8 14 4\n"
                              "cell 9 14 5\n";
    ck_assert_int_eq(wg_table_supply(tabs[LA_T28], doc, strlen(doc)), WG_OK);
    int v = 0, src = 0, row = -1, col = -1;
    ck_assert_int_eq(wg_table_find_row(&row, tabs[LA_T28], "8"), WG_OK);
    ck_assert_int_eq(wg_table_find_col(&col, tabs[LA_T28], "14"), WG_OK);
    ck_assert_int_eq(la_cell_int(&v, tabs[LA_T28], row, col), WG_OK);
    ck_assert_int_eq(v, 4);
    ck_assert_int_eq(wg_table_source(&src, tabs[LA_T28], row, col), WG_OK);
    ck_assert_int_eq(src, WG_CELL_SUPPLIED);
    static const char bad[] = "wgdata 1 table\n"
                              "name T26-strength-remaining\n"
                              "cell 90% G -3\n";
    ck_assert_int_eq(wg_table_supply(tabs[LA_T26], bad, strlen(bad)), WG_EILLEGAL);
    static const char fill[] = "wgdata 1 table\n"
                               "name T26-strength-remaining\n"
                               "cell 60% R -3\n"
                               "cell 90% G 0\n";
    ck_assert_int_eq(wg_table_supply(tabs[LA_T26], fill, strlen(fill)), WG_OK);
    ck_assert_int_eq(la_cell_int(&v, tabs[LA_T26], 3, 3), WG_OK);
    ck_assert_int_eq(v, -3);
    /* a supplied cell that does not read as the rule needs is refused when read */
    static const char odd[] = "wgdata 1 table\n"
                              "name T28-losses\n"
                              "cell 0 1 lots\n";
    ck_assert_int_eq(wg_table_supply(tabs[LA_T28], odd, strlen(odd)), WG_OK);
    ck_assert_int_eq(la_cell_int(&v, tabs[LA_T28], 10, 0), WG_EDATA);
    ck_assert_ptr_nonnull(strstr(wg_table_errmsg(tabs[LA_T28]), "'lots' is not an integer"));
}
END_TEST

/* G-08: ceil(n W(self) / W(other)) reproduces every printed equivalence cell, and the worked example. */
START_TEST(test_equivalence)
{
    int checked = 0;
    for (int r = 0; r < 32; r++)
        for (int c = 0; c < 4; c++) {
            int v = 0;
            int rc = la_cell_int(&v, tabs[LA_T2], r, c);
            if (rc == WG_ETABLEGAP)
                continue;
            ck_assert_int_eq(rc, WG_OK);
            ck_assert_msg(la_equivalence(r + 1, LA_EQ_CLOSE, c) == v, "front %d, column %d: %d, printed %d", r + 1, c,
                          la_equivalence(r + 1, LA_EQ_CLOSE, c), v);
            checked++;
        }
    ck_assert_int_eq(checked, 40);
    /* LA-SCALE-14: a cavalry front of 6 equals 5 irregular cavalry figures in contact */
    ck_assert_int_eq(la_equivalence(6, LA_EQ_CAVALRY, LA_EQ_SKIRMISH), 5);
    ck_assert_int_eq(la_equivalence(0, LA_EQ_CLOSE, LA_EQ_CLOSE), 0);
}
END_TEST

/* G-06: wounded when 12 F <= L d < 18 F reproduces every printed cell of T33 and the example. */
START_TEST(test_officer_losses)
{
    int checked = 0;
    for (int f = 1; f <= 32; f++)
        for (int d = 1; d <= 6; d++) {
            int lo = 0, hi = 0;
            int rc = la_cell_range(&lo, &hi, tabs[LA_T33], f - 1, d - 1);
            if (rc == WG_ETABLEGAP)
                continue;
            ck_assert_int_eq(rc, WG_OK);
            int clo = 0, chi = 0;
            la_officer_wounded_range(&clo, &chi, f, d);
            ck_assert_msg(clo == lo && chi == hi, "%d figures, die %d: %d-%d, printed %d-%d", f, d, clo, chi, lo, hi);
            ck_assert_int_eq(la_officer_fate(lo - 1, f, d), LA_OFFICER_UNHARMED);
            ck_assert_int_eq(la_officer_fate(lo, f, d), LA_OFFICER_WOUNDED);
            ck_assert_int_eq(la_officer_fate(hi, f, d), LA_OFFICER_WOUNDED);
            ck_assert_int_eq(la_officer_fate(hi + 1, f, d), LA_OFFICER_KILLED);
            checked++;
        }
    ck_assert_int_eq(checked, 20);
    /* the worked example: 14 figures, 42 losses; die 5 wounds (range 34-50), die 3 leaves him unharmed */
    int lo = 0, hi = 0;
    la_officer_wounded_range(&lo, &hi, 14, 5);
    ck_assert_int_eq(lo, 34);
    ck_assert_int_eq(hi, 50);
    ck_assert_int_eq(la_officer_fate(42, 14, 5), LA_OFFICER_WOUNDED);
    ck_assert_int_eq(la_officer_fate(42, 14, 3), LA_OFFICER_UNHARMED);
    ck_assert_int_eq(la_officer_fate(42, 14, 6), LA_OFFICER_KILLED); /* 252 >= 18 x 14 */
}
END_TEST

/* G-12: -round_half_up(L / 5F) reproduces row 1 of T34 exactly and row 2 with its upper bounds read
   exclusive (the printed bands of row 2 share their endpoints: 15-25, 25-35, ...), and the example. */
START_TEST(test_per_figure)
{
    int checked = 0;
    for (int f = 1; f <= 2; f++)
        for (int c = 0; c < 10; c++) {
            int k = 10 - c, lo = 0, hi = 0;
            int rc = la_cell_range(&lo, &hi, tabs[LA_T34], f - 1, c);
            if (rc == WG_ETABLEGAP)
                continue;
            ck_assert_int_eq(rc, WG_OK);
            int clo = 0, chi = 0;
            la_per_figure_band(&clo, &chi, f, k);
            ck_assert_int_eq(clo, lo);
            /* flagged by the checklist (G-12): row 2 prints an upper bound one above the band */
            ck_assert_int_eq(chi, f == 1 ? hi : hi - 1);
            ck_assert_int_eq(la_per_figure_penalty(clo, f), k);
            ck_assert_int_eq(la_per_figure_penalty(chi, f), k);
            ck_assert_int_eq(la_per_figure_penalty(chi + 1, f), k + 1);
            checked++;
        }
    ck_assert_int_eq(checked, 19);
    /* the example: 14 figures, 124 losses -> 124 / 70 = 1.77 -> -2; its band 105-175 */
    ck_assert_int_eq(la_per_figure_penalty(124, 14), 2);
    int lo = 0, hi = 0;
    la_per_figure_band(&lo, &hi, 14, 2);
    ck_assert_int_eq(lo, 105);
    ck_assert_int_eq(hi, 174);
    ck_assert_int_eq(la_per_figure_penalty(175, 14), 3);
    ck_assert_int_eq(la_per_figure_penalty(2, 1), 0);
}
END_TEST

/* G-11: floor(p x initial) reproduces the printed strength ratios except the cell the checklist flags
   ("3 -> 80% = 1" fits no rounding rule), and the example 18 -> 15 counted as 90%. */
START_TEST(test_strength_ratios)
{
    int checked = 0, flagged = 0;
    for (int r = 0; r < 31; r++)
        for (int c = 0; c < 9; c++) {
            int initial = r + 2, p = 90 - 10 * c, v = 0;
            const char *s = NULL;
            int code = 0;
            int rc = wg_table_lookup(&code, tabs[LA_T31], r, c);
            if (rc == WG_ETABLEGAP)
                continue;
            ck_assert_int_eq(rc, WG_OK);
            ck_assert_int_eq(wg_table_code_name(&s, tabs[LA_T31], code), WG_OK);
            if (strcmp(s, "blank") == 0)
                continue;
            ck_assert_int_eq(la_cell_int(&v, tabs[LA_T31], r, c), WG_OK);
            if (initial == 3 && p == 80) {
                ck_assert_int_ne(la_strength_figures(initial, p), v); /* the flagged cell */
                flagged++;
                continue;
            }
            ck_assert_int_eq(la_strength_figures(initial, p), v);
            checked++;
        }
    ck_assert_int_eq(checked, 2);
    ck_assert_int_eq(flagged, 1);
    ck_assert_int_eq(la_strength_bracket(18, 15), 90);
    ck_assert_int_eq(la_strength_bracket(18, 16), 90);
    ck_assert_int_eq(la_strength_bracket(18, 17), 100);
    ck_assert_int_eq(la_strength_bracket(18, 14), 80);
    ck_assert_int_eq(la_strength_bracket(10, 0), 10);
}
END_TEST

/* Building the tables with every allocation failing in turn: WG_ENOMEM, nothing left allocated. */
START_TEST(test_build_oom)
{
    uint64_t k;
    for (k = 1;; k += 7) {
        wgt_alloc a = {0};
        wg_ctx *c = wgt_ctx(&a);
        size_t base = a.bytes;
        a.fail_at = a.calls + k;
        wg_table *t[LA_NTABLES];
        int rc = la_tables_build(t, c);
        if (rc == WG_OK) {
            la_tables_free(t);
            ck_assert_uint_eq(a.bytes, base);
            wg_ctx_free(c);
            break;
        }
        ck_assert_int_eq(rc, WG_ENOMEM);
        for (int i = 0; i < LA_NTABLES; i++)
            ck_assert_ptr_null(t[i]);
        ck_assert_uint_eq(a.bytes, base);
        wg_ctx_free(c);
    }
    ck_assert_uint_ge(k, 100);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aigles_tables");
    TCase *tc = tcase_create("all");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_printed_cells);
    tcase_add_test(tc, test_gaps);
    tcase_add_test(tc, test_supply);
    tcase_add_test(tc, test_equivalence);
    tcase_add_test(tc, test_officer_losses);
    tcase_add_test(tc, test_per_figure);
    tcase_add_test(tc, test_strength_ratios);
    tcase_add_test(tc, test_build_oom);
    suite_add_tcase(s, tc);
    return wgt_run(s);
}

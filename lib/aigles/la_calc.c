/* Les Aigles: the computed readings of the truncated tables (checklist G-06, G-08, G-11, G-12).
   Each is an option a game may take; each reproduces the printed cells (tests/test_aigles_tables.c). */
#include "la_tables.h"

/* Base fronts at 25 mm in half-millimetres: 15, 22.5, 30 and 100 (twice the forager base, G-08). */
static const int eq_front2[4] = {30, 45, 60, 200};

int la_equivalence(int n, int self, int other)
{
    if (n <= 0 || self < 0 || self > 3 || other < 0 || other > 3)
        return 0;
    long num = (long)n * eq_front2[self];
    return (int)((num + eq_front2[other] - 1) / eq_front2[other]);
}

int la_strength_figures(int initial, int percent)
{
    if (initial <= 0 || percent <= 0)
        return 0;
    return (int)((long)percent * initial / 100);
}

int la_strength_bracket(int initial, int remaining)
{
    if (initial <= 0 || remaining > la_strength_figures(initial, 90))
        return 100;
    for (int p = 10; p <= 90; p += 10)
        if (la_strength_figures(initial, p) >= remaining)
            return p;
    return 100;
}

int la_per_figure_penalty(int losses, int figures)
{
    if (losses <= 0 || figures <= 0)
        return 0;
    /* round half up of L / (5 F) = floor((2 L + 5 F) / (10 F)) */
    return (int)((2L * losses + 5L * figures) / (10L * figures));
}

void la_per_figure_band(int *lo, int *hi, int figures, int k)
{
    /* L / (5 F) in [k - 1/2, k + 1/2):  L in [ceil((2k - 1) 5F / 2), ceil((2k + 1) 5F / 2) - 1] */
    long f5 = 5L * figures;
    *lo = (int)(((2L * k - 1) * f5 + 1) / 2);
    *hi = (int)(((2L * k + 1) * f5 + 1) / 2 - 1);
}

int la_officer_fate(int losses, int figures, int die)
{
    if (losses <= 0 || figures <= 0)
        return LA_OFFICER_UNHARMED;
    long x = (long)losses * die;
    if (x >= 18L * figures)
        return LA_OFFICER_KILLED;
    return x >= 12L * figures ? LA_OFFICER_WOUNDED : LA_OFFICER_UNHARMED;
}

void la_officer_wounded_range(int *lo, int *hi, int figures, int die)
{
    /* 12 F <= L d < 18 F */
    *lo = (int)((12L * figures + die - 1) / die);
    *hi = (int)((18L * figures + die - 1) / die - 1);
}

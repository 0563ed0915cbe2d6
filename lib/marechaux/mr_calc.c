/* Les Maréchaux: pure computations of the rules (no state, no allocation). */
#include "marechaux.h"

int mr_ceil_div(int num, int den)
{
    if (den <= 0)
        return 0;
    if (num <= 0)
        return 0;
    return (num + den - 1) / den;
}

int mr_half_up(int x)
{
    return mr_ceil_div(x, 2);
}

/* LM-CMD-04..09: 1d6 + SV of the subordinate + 1 all cavalry + 1 clear path to the CiC. */
int mr_command_result(int die, int sv, int only_cav, int clear_path, int *total)
{
    int t = die + sv + (only_cav ? 1 : 0) + (clear_path ? 1 : 0);
    if (total)
        *total = t;
    if (t >= 5)
        return 2;
    if (t >= 3)
        return 1;
    return 0;
}

/* LM-DISENG-02..06: 1d6, -1 when more cavalry steps else +1, -1 all cavalry; 3 or less succeeds. */
int mr_disengage_result(int die, int own_cav, int enemy_cav, int only_cav, int *total)
{
    int t = die + (own_cav > enemy_cav ? -1 : 1) - (only_cav ? 1 : 0);
    if (total)
        *total = t;
    return t <= 3;
}

int mr_disengage_declared(int die, int own_decl, int own_cav, int enemy_decl, int enemy_cav, int only_cav, int *total)
{
    if (!own_decl) {
        if (total)
            *total = die + 1;
        return die + 1 <= 3;
    }
    return mr_disengage_result(die, own_cav, enemy_decl ? enemy_cav : 0, only_cav, total);
}

/* LM-FATIGUE-03, GAP-36: more than 10 steps +1, more than 20 +2, ... */
int mr_fatigue_size_extra(int steps)
{
    if (steps <= 10)
        return 0;
    return mr_ceil_div(steps, 10) - 1;
}

/* LM-FATIGUE-01/03/04/06: markers drawn for one connection. */
int mr_fatigue_draws(int steps, int cut_off, int enters_enemy)
{
    return 1 + mr_fatigue_size_extra(steps) + (cut_off ? 1 : 0) + (enters_enemy ? 1 : 0);
}

/* LM-COMBAT-10, GAP-40: infantry steps + cavalry + artillery of both stacks. */
int mr_amplitude(const mr_side_calc *a, const mr_side_calc *b)
{
    return a->inf + a->cav + a->art + b->inf + b->cav + b->art;
}

/* LM-MELEE-13, GAP-41: steps minus artillery, cavalry halved (rounded up) in defensive or town zones. */
int mr_tally(const mr_side_calc *s, int raw)
{
    if (raw)
        return s->inf + s->cav + s->art;
    return s->inf + (s->in_cover ? mr_half_up(s->cav) : s->cav);
}

/* LM-MELEE-14/15/16, GAP-41/42. */
void mr_strength_ratio(int ratio[2], int above10[2], int tally0, int tally1)
{
    ratio[0] = ratio[1] = 0;
    above10[0] = above10[1] = 0;
    if (tally0 == tally1)
        return;
    int strong = tally0 > tally1 ? 0 : 1;
    int hi = strong == 0 ? tally0 : tally1;
    int lo = strong == 0 ? tally1 : tally0;
    if (lo <= 0) {
        ratio[strong] = hi;
        above10[strong] = 1;
        return;
    }
    ratio[strong] = mr_ceil_div(hi, lo);
    above10[strong] = ratio[strong] > 10;
}

int mr_cp_total(const mr_cp *c)
{
    return c->events + c->art + c->ratio + c->head + c->sv + c->terrain + c->noaxis + c->river + c->forced +
           c->demor + c->die;
}

/* LM-DEMOR-01: 1d6 + retreat distance > head morale. */
int mr_demoralized(int die, int retreat, int head_morale)
{
    return die + retreat > head_morale;
}

/* LM-PURSUIT-01/02. */
int mr_pursuit_effective(int win_cav, int lose_cav, int defensive_zone)
{
    if (win_cav <= 0 || defensive_zone)
        return 0;
    return win_cav >= lose_cav;
}

/* LM-PURSUIT-03..05, GAP-48: winner 1d6 + cav (+2 demoralized loser) - loser (2d6 + cav), at least 0. */
int mr_pursuit_losses(int lose_2d6, int lose_cav, int win_1d6, int win_cav, int lose_demor)
{
    int w = win_1d6 + win_cav + (lose_demor ? 2 : 0);
    int l = lose_2d6 + lose_cav;
    return w > l ? w - l : 0;
}

/* LM-CDR-01: 2d6, 11 or 12 eliminates. */
int mr_commander_eliminated(int sum2d6)
{
    return sum2d6 >= 11;
}

int mr_2d6_ways(int s)
{
    if (s < 2 || s > 12)
        return 0;
    return s <= 7 ? s - 1 : 13 - s;
}

/* GAP-27: the rightmost box not crossed out. */
int mr_box_morale(const int *box, int nbox, int steps)
{
    if (steps <= 0 || steps > nbox)
        return -1;
    return box[steps - 1];
}

/* Les Maréchaux: the dice a host rolls on the table, entered as the parameters of a chance option
   (wg_game_choose_params; doc/marechaux.md "Dice entered from the table").  The faces are optional:
   the option alone is the outcome; given, they are checked against it and recorded with the step.
   - artillery shots, k successes of n dice: n faces, k of them 4, 5 or 6 (LM-MELEE-03);
   - the 2d6 of a commander's elimination test and of the loser's pursuit roll: two faces that add up
     to the option's total (LM-CDR-01, LM-CDR-04, LM-PURSUIT-03). */
#include "mr_uniform.h"

enum { ROLL_NONE, ROLL_ART, ROLL_2D6 };

/* Which dice option `a` of the current decision stands for; *n their number. */
static int roll_kind(const wg_game *g, uint64_t a, int *n)
{
    const mr_state *s = MR_ST(g);
    *n = 0;
    if (MR_ATYPE(a) != MR_A_ROLL)
        return ROLL_NONE;
    if (s->stage == MR_S_ARTROLL) {
        mr_side_calc c;
        mr_combat_side(MR_RD(g), s, s->who, &c);
        if (c.art < 1 || c.art > WG_MAX_PARAMS)
            return ROLL_NONE;
        *n = c.art;
        return ROLL_ART;
    }
    if (s->stage == MR_S_CDRROLL || (s->stage == MR_S_PURSUIT && s->cb.prdie[0] == 0)) {
        *n = 2;
        return ROLL_2D6;
    }
    return ROLL_NONE;
}

int mr_option_params(const wg_game *g, uint64_t a, wg_param *p, int *required)
{
    int n = 0;
    *required = 0;
    if (roll_kind(g, a, &n) == ROLL_NONE)
        return 0;
    for (int k = 0; k < n; k++) {
        p[k].name = wg__die_param_name[k];
        p[k].min = 1;
        p[k].max = 6;
    }
    return n;
}

int mr_check_params(const wg_game *g, uint64_t a, const int64_t *v, size_t n, char *err)
{
    int nd = 0, kind = roll_kind(g, a, &nd);
    int arg = (int)(uint32_t)a;
    if (kind == ROLL_ART) {
        int hits = 0;
        for (size_t k = 0; k < n; k++)
            hits += v[k] >= 4;
        if (hits != arg)
            return wg__seterr(err, WG_EILLEGAL,
                              "the %zu faces give %d success(es) (4, 5 or 6 each, LM-MELEE-03), not the %d of this "
                              "option",
                              n, hits, arg);
        return WG_OK;
    }
    if (kind == ROLL_2D6 && v[0] + v[1] != arg)
        return wg__seterr(err, WG_EILLEGAL, "the faces %lld and %lld add up to %lld, not the %d of this option (%s)",
                          (long long)v[0], (long long)v[1], (long long)(v[0] + v[1]), arg,
                          MR_ST(g)->stage == MR_S_PURSUIT ? "LM-PURSUIT-03" : "LM-CDR-01");
    return WG_OK;
}

int mr_apply_params(wg_game *g, uint64_t a, const int64_t *v, size_t n)
{
    (void)v;
    (void)n; /* the faces are the host's record: the outcome is the option */
    return wg__marechaux_ops.apply(g, a);
}

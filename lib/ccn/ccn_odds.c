/* Commands & Colors: Napoleonics: the dice of a roll (packed symbol counts, the faces a host rolls at
 * the table as parameters) and the exact odds of an attack (wg_game_odds verb `attack`), enumerated
 * over every multiset of symbols with its number of face sequences — never sampled. */
#include "ccn.h"

#include <stdio.h>
#include <string.h>

uint32_t ccn_roll_pack(const uint8_t *roll)
{
    uint32_t v = 0;
    for (int i = 0; i < CCN_NSYM; i++)
        v |= (uint32_t)(roll[i] & 31u) << (5 * i);
    return v;
}

void ccn_roll_unpack(uint32_t arg, uint8_t *roll)
{
    for (int i = 0; i < CCN_NSYM; i++)
        roll[i] = (uint8_t)((arg >> (5 * i)) & 31u);
}

/* ---------------------------------------------------------------- physical dice */

/* A roll option may carry the faces rolled at the table (1..6, as the base pack's `die` record lists
   them): optional, checked against the option's symbols, recorded with the step (doc/ccn.md,
   "Dice"). */
int ccn_option_params(const wg_game *g, uint64_t a, wg_param *p, int *required)
{
    const ccn_state *s = CCN_ST(g);
    *required = 0;
    if (CCN_AT(a) == CCN_A_ROLLF) { /* the faces are the outcome: required, any of them */
        int n = (int)CCN_AA(a);
        if (n > WG_MAX_PARAMS)
            n = WG_MAX_PARAMS;
        for (int k = 0; k < n; k++) {
            p[k].name = wg__die_param_name[k];
            p[k].min = 1;
            p[k].max = 6;
        }
        *required = 1;
        return n;
    }
    if (CCN_AT(a) != CCN_A_ROLL || (s->stage != CCN_S_ROLL && s->stage != CCN_S_REROLL && s->stage != CCN_S_LCAS &&
                                     s->stage != CCN_S_LINDENAU && s->stage != CCN_S_REFORM &&
                                     s->stage != CCN_S_MRROLL))
        return 0;
    int n = s->cb.ndice;
    if (n > WG_MAX_PARAMS)
        return 0;
    for (int k = 0; k < n; k++) {
        p[k].name = wg__die_param_name[k];
        p[k].min = 1;
        p[k].max = 6;
    }
    return n;
}

int ccn_check_params(const wg_game *g, uint64_t a, const int64_t *v, size_t n, char *err)
{
    const ccn_rdata *rd = CCN_RD(g);
    if (CCN_AT(a) == CCN_A_ROLLF)
        return WG_OK; /* every sequence of faces is an outcome */
    uint8_t want[CCN_NSYM], got[CCN_NSYM] = {0};
    ccn_roll_unpack(CCN_AA(a), want);
    for (size_t k = 0; k < n; k++)
        got[rd->die[v[k] - 1]]++;
    if (memcmp(want, got, sizeof want) != 0) {
        static const char *const sym[CCN_NSYM] = {"infantry", "cavalry", "artillery", "saber", "flag"};
        char a1[96] = "", a2[96] = "";
        for (int i = 0; i < CCN_NSYM; i++) {
            snprintf(a1 + strlen(a1), sizeof a1 - strlen(a1), "%s%u %s", i ? ", " : "", got[i], sym[i]);
            snprintf(a2 + strlen(a2), sizeof a2 - strlen(a2), "%s%u %s", i ? ", " : "", want[i], sym[i]);
        }
        return wg__seterr(err, WG_EILLEGAL, "the faces give %s, not the %s of this option (CCN-BASE-01)", a1, a2);
    }
    return WG_OK;
}

int ccn_apply_params(wg_game *g, uint64_t a, const int64_t *v, size_t n)
{
    if (CCN_AT(a) == CCN_A_ROLLF) {
        const ccn_rdata *rd = CCN_RD(g);
        uint8_t roll[CCN_NSYM] = {0};
        for (size_t k = 0; k < n; k++)
            roll[rd->die[v[k] - 1]]++;
        return wg__ccn_ops.apply(g, CCN_ACT(CCN_A_ROLL, ccn_roll_pack(roll)));
    }
    (void)v;
    (void)n; /* the faces are the host's record: the outcome is the option */
    return wg__ccn_ops.apply(g, a);
}

/* ---------------------------------------------------------------- odds */

typedef struct tally {
    int hits, flags, self, elim;
    uint64_t w;
} tally;

static int add_tally(tally *t, int *nt, int cap, int hits, int flags, int self, int elim, uint64_t w)
{
    for (int i = 0; i < *nt; i++)
        if (t[i].hits == hits && t[i].flags == flags && t[i].self == self && t[i].elim == elim) {
            t[i].w += w;
            return WG_OK;
        }
    if (*nt >= cap)
        return WG_EOVERFLOW;
    t[*nt] = (tally){hits, flags, self, elim, w};
    (*nt)++;
    return WG_OK;
}

/* The first multiset of n symbols (all infantry) and the next one; 0 after the last. */
static void ms_first(uint8_t *c, int n)
{
    memset(c, 0, CCN_NSYM);
    c[0] = (uint8_t)n;
}

static int ms_next(uint8_t *c)
{
    /* move one die from the lowest non-empty symbol below the last to the next symbol, gathering the
       rest back on symbol 0 */
    for (int i = 0; i < CCN_NSYM - 1; i++) {
        if (c[i]) {
            int rest = c[i] - 1;
            for (int j = 0; j <= i; j++)
                c[j] = 0;
            c[i + 1]++;
            c[0] = (uint8_t)rest;
            return 1;
        }
    }
    return 0;
}

static uint64_t weight_of(const ccn_rdata *rd, const uint8_t *c, int n)
{
    for (int sy = 0; sy < CCN_NSYM; sy++)
        if (c[sy] && !rd->mult[sy])
            return 0;
    return ccn_roll_weight(rd, c, n);
}

/* Whether an attack of att on def re-rolls its flag dice (the Lancers in melee, CCN-LANCER-03). */
static int rerolls(const ccn_rdata *rd, const ccn_state *s, int att, int def, int melee)
{
    const ccn_unit *a = &s->u[att], *t = &s->u[def];
    if (!melee || !(rd->def[a->def].abil & (CCN_AB_LANCER | CCN_AB_MLANCER)))
        return 0;
    return (t->flags & (CCN_UF_LEADER | CCN_UF_GARRISON)) || !(rd->def[t->def].abil & CCN_AB_CUIRASSIER);
}

/* The exact distribution of an attack of unit att on def with n dice: integer weights over the 6^n
   face sequences, or over 6^(2n) when the Lancer re-rolls its flags (each initial sequence with f
   flags weighs 6^(n-f) times each of the 6^f sequences of its re-roll).  Used by the odds call. */
static int attack_dist(const ccn_rdata *rd, const ccn_state *s, int att, int def, int melee, int n, tally *t, int *nt,
                       int cap, uint64_t *total)
{
    uint8_t c[CCN_NSYM], r[CCN_NSYM];
    int rc = WG_OK;
    *nt = 0;
    const ccn_unit *tg = &s->u[def];
    int leader = (tg->flags & CCN_UF_LEADER) != 0;
    int re = rerolls(rd, s, att, def, melee) && n <= 12;
    uint64_t p6[25];
    p6[0] = 1;
    for (int i = 1; i < 25; i++)
        p6[i] = p6[i - 1] * 6;
    *total = re ? p6[2 * n] : p6[n];
    ms_first(c, n);
    do {
        uint64_t w = weight_of(rd, c, n);
        if (!w)
            continue;
        int hits, flags, self, noign;
        ccn_score(rd, s, att, def, melee, c, &hits, &flags, &self, &noign);
        int f = c[CCN_F_FLAG];
        if (!re || f == 0) {
            int elim = leader ? hits > 0 : hits >= tg->blocks;
            rc = add_tally(t, nt, cap, hits, elim ? 0 : flags, self, elim, re ? w * p6[n] : w);
            continue;
        }
        ms_first(r, f);
        do {
            uint64_t wr = weight_of(rd, r, f);
            if (!wr)
                continue;
            int h2, f2, s2, n2;
            ccn_score(rd, s, att, def, melee, r, &h2, &f2, &s2, &n2);
            int hh = leader ? (hits || h2) : hits + h2;
            int ff = rd->opt[CCN_O_LANCER] ? (flags > f ? flags - f : 0) + f2 : flags + f2; /* lancer=replace */
            int elim = leader ? hh > 0 : hh >= tg->blocks;
            rc = add_tally(t, nt, cap, hh, elim ? 0 : ff, self, elim, w * wr * p6[n - f]);
        } while (rc == WG_OK && ms_next(r));
    } while (rc == WG_OK && ms_next(c));
    return rc;
}

static int unit_at_space(wg_game *g, wg_odds_req *r, const char *key, int *u, int want_unit)
{
    int hex;
    int rc = wg__odds_space(g, r, key, &hex);
    if (rc)
        return rc;
    const ccn_state *s = CCN_ST(g);
    *u = ccn_unit_at(s, hex);
    if (*u < 0 && !want_unit)
        *u = ccn_leader_at(s, hex);
    if (*u < 0) {
        char hn[4];
        ccn_hex_name(hex, hn);
        return wg__seterr(g->err, WG_ENOTFOUND, "attack: no %s at %s (field '%s')", want_unit ? "unit" : "unit or Leader",
                          hn, key);
    }
    return WG_OK;
}

int ccn_odds(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o)
{
    (void)viewer; /* a combat's odds need nothing hidden */
    const ccn_rdata *rd = CCN_RD(g);
    const ccn_state *s = CCN_ST(g);
    if (strcmp(r->verb, "attack") != 0)
        return wg__seterr(g->err, WG_EINVAL, "ccn odds: unknown verb '%.40s' (attack from=HEX at=HEX)", r->verb);
    int att, def, rc;
    if ((rc = unit_at_space(g, r, "from", &att, 1)) || (rc = unit_at_space(g, r, "at", &def, 0)))
        return rc;
    int melee = ccn_dist(s->u[att].hex, s->u[def].hex) == 1;
    char why[160];
    int n = ccn_attack_dice(rd, s, att, def, melee, 0, why, sizeof why);
    if (n == 0)
        return wg__seterr(g->err, WG_ESTATE, "attack: %s", why);
    int ca = -1;
    if (wg__odds_arg(r, "with")) { /* Combined Arms (CCN-DEC-23): the artillery supporting the melee */
        if ((rc = unit_at_space(g, r, "with", &ca, 1)))
            return rc;
        if (!ccn_ca_ok(rd, s, att, ca, def))
            return wg__seterr(g->err, WG_ESTATE, "attack: the unit at 'with' may not support this melee with Combined "
                                                 "Arms: ordered artillery (not a Rocket Battery) that has not battled, "
                                                 "adjacent to the target (CCN-DEC-23, CCN-ROCKET-13)");
        n += ccn_attack_dice(rd, s, ca, def, 1, 0, NULL, 0);
        if (n > CCN_MAXDICE)
            n = CCN_MAXDICE;
    }
    tally t[256];
    int nt = 0;
    uint64_t total = 0;
    if ((rc = attack_dist(rd, s, att, def, melee, n, t, &nt, 256, &total)))
        return wg__seterr(g->err, rc, "attack: too many distinct results");
    /* the flags beyond those the owner may ignore make the retreat; the hexes it cannot enter on the
       board as it stands cost a block each (CCN-TACNOTES-05); an attached Leader's casualty check
       (CCN-BASE-31, the base pack's leader-casualty) splits the outcomes where the unit is hit */
    const ccn_unit *tu = &s->u[def];
    int lone = (tu->flags & CCN_UF_LEADER) != 0;
    int lead = lone ? -1 : ccn_leader_at(s, tu->hex);
    if (lead >= 0 && s->u[lead].side != tu->side)
        lead = -1;
    int ign = lone ? 0 : ccn_ignorable_from(rd, s, def, 0, s->u[att].hex);
    int noign = !lone && (((rd->def[s->u[att].def].abil & CCN_AB_ROCKET) && !melee) ||
                          (melee && ccn_square_melee(rd, s, def, att))); /* CCN-BASE-32: flags of a square */
    if (noign)
        ign = 0;
    uint64_t lc_hit_num = 0, lc_hit_den = 1, lc_el_num = 0, lc_el_den = 1;
    if (lead >= 0) { /* P(at least k sabers among n dice): counted over the 6^n sequences */
        uint8_t c[CCN_NSYM];
        for (int pass = 0; pass < 2; pass++) {
            int n2 = pass ? rd->lc_dice_elim : rd->lc_dice_hit, need = pass ? rd->lc_sabers_elim : rd->lc_sabers_hit;
            uint64_t num = 0, den = 1;
            for (int k = 0; k < n2; k++)
                den *= 6;
            ms_first(c, n2);
            do {
                if (c[CCN_F_SABER] >= need)
                    num += weight_of(rd, c, n2);
            } while (ms_next(c));
            if (pass)
                lc_el_num = num, lc_el_den = den;
            else
                lc_hit_num = num, lc_hit_den = den;
        }
    }
    uint64_t scale = lead >= 0 ? lc_hit_den * lc_el_den : 1;
    for (int i = 0; i < nt && rc == WG_OK; i++) {
        if (lone) {
            rc = wg__odds_outcome(o, t[i].w, t[i].elim ? "the lone Leader is eliminated" : "the Leader retreats 1-3 hexes");
            continue;
        }
        int left = tu->blocks - t[i].hits;
        int kept = t[i].flags - (t[i].flags < ign ? t[i].flags : ign);
        int ret = t[i].elim || tu->square ? 0 : ccn_retreat_hexes(rd, tu, kept);
        int room = ret ? ccn_retreat_room(g, def, tu->hex, ret) : 0;
        int blocked = ret - room;
        char tail[96] = "";
        if (tu->square && !t[i].elim && kept) /* CCN-BASE-32 [fan]: a block a flag, no retreat */
            snprintf(tail, sizeof tail, kept >= left ? ", eliminated by the flags (square)"
                                                     : ", %d block%s lost to the flags (square)",
                     kept, kept == 1 ? "" : "s");
        if (ret)
            snprintf(tail, sizeof tail, ", retreat %d hex%s%s", room, room == 1 ? "" : "es",
                     blocked ? (blocked >= left ? ", eliminated by the blocked hexes"
                                                : blocked == 1 ? ", 1 block lost to blocked hexes"
                                                               : ", blocks lost to blocked hexes")
                             : "");
        if (blocked > 1 && blocked < left)
            snprintf(tail, sizeof tail, ", retreat %d hex%s, %d blocks lost to blocked hexes", room, room == 1 ? "" : "es",
                     blocked);
        const char *self = t[i].self ? ", the Rocket Battery loses a block" : "";
        const char *el = t[i].elim ? ": eliminated" : "";
        if (lead < 0 || t[i].hits == 0) {
            rc = wg__odds_outcome(o, t[i].w * scale, "%d hit%s, %d flag%s%s%s%s", t[i].hits, t[i].hits == 1 ? "" : "s",
                                  t[i].flags, t[i].flags == 1 ? "" : "s", el, tail, self);
            continue;
        }
        uint64_t num = t[i].elim ? lc_el_num * lc_hit_den : lc_hit_num * lc_el_den;
        if (num)
            rc = wg__odds_outcome(o, t[i].w * num, "%d hit%s, %d flag%s%s%s%s, the Leader falls", t[i].hits,
                                  t[i].hits == 1 ? "" : "s", t[i].flags, t[i].flags == 1 ? "" : "s", el, tail, self);
        if (rc == WG_OK && scale - num)
            rc = wg__odds_outcome(o, t[i].w * (scale - num), "%d hit%s, %d flag%s%s%s%s, the Leader is unhurt%s",
                                  t[i].hits, t[i].hits == 1 ? "" : "s", t[i].flags, t[i].flags == 1 ? "" : "s", el, tail,
                                  self, t[i].elim ? " and retreats 1-3 hexes" : "");
    }
    if (rc == WG_OK)
        rc = wg__odds_modifier(o, "dice", n, melee ? "CCN-BASE-04" : "CCN-BASE-03", "%d battle dice (%s)", n,
                               melee ? "melee" : "ranged");
    if (rc == WG_OK && rerolls(rd, s, att, def, melee))
        rc = wg__odds_modifier(o, "lancer_reroll", 1, "CCN-LANCER-03",
                               "the flag dice are re-rolled once and their results added (CCN-GAP-11)");
    if (rc == WG_OK && lead >= 0)
        rc = wg__odds_modifier(o, "leader_check", 1, "CCN-BASE-31",
                               "an attached Leader: his casualty check when the unit is hit");
    if (rc == WG_OK && !lone && ign)
        rc = wg__odds_modifier(o, "retreat_after_ignoring", ign, "CCN-DEC-12",
                               "the retreats shown are those left when the owner ignores every flag he may");
    if (rc == WG_OK && !(s->u[def].flags & CCN_UF_LEADER))
        rc = wg__odds_modifier(o, "flags_ignorable", ccn_ignorable_from(rd, s, def, 0, s->u[att].hex), "CCN-GAP-50",
                               "up to %d flags may be ignored", ccn_ignorable_from(rd, s, def, 0, s->u[att].hex));
    if (rc == WG_OK && ca >= 0)
        rc = wg__odds_modifier(o, "combined_arms", s->u[ca].id, "CCN-DEC-23",
                               "Combined Arms: the artillery's melee dice join the roll");
    if (rc == WG_OK && tu->square)
        rc = wg__odds_modifier(o, "square", 1, "CCN-BASE-32",
                               "the target is in square: a block lost for each flag, no retreat");
    if (rc == WG_OK && !(s->u[def].flags & CCN_UF_LEADER))
        rc = wg__odds_modifier(o, "retreat_per_flag", rd->def[s->u[def].def].retreat, "CCN-BASE-28",
                               "%d hex(es) per flag", rd->def[s->u[def].def].retreat);
    if (rc == WG_ENOMEM)
        return wg__seterr(g->err, rc, "attack: out of memory");
    return rc;
}

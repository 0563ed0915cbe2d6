/* La Grande Armée: unit bookkeeping, disruption, events, options. */
#include "lga_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lga_emit(lga_run *r, int kind, const char *rule, int a0, int a1, int a2, int a3)
{
    if (r->g) {
        wg_event *e = wg__event(r->g, kind, rule, ~0u);
        if (!e) {
            r->nomem = 1;
            return;
        }
        e->a[0] = a0;
        e->a[1] = a1;
        e->a[2] = a2;
        e->a[3] = a3;
        e->a[4] = r->s->turn;
        e->a[5] = r->s->pturn << 8 | r->s->phase;
        e->a[6] = -1; /* the unit's id, for the events that name a unit */
        e->a[7] = 0;
        switch (kind) {
        case LGA_EV_MOVE: case LGA_EV_ELIM: case LGA_EV_DISRUPT: case LGA_EV_RECOVER: case LGA_EV_FMROLL:
        case LGA_EV_FMRESULT: case LGA_EV_COMBINE: case LGA_EV_BREAKDOWN: case LGA_EV_SUPPLY_USED:
        case LGA_EV_RETREAT: case LGA_EV_ADVANCE: case LGA_EV_CREATE: case LGA_EV_EXIT: case LGA_EV_PLACE:
            if (a0 >= 0 && a0 < r->s->nunits) {
                /* the unit as it was (slots of combined/broken-down units are reused) */
                const lga_unit *u = &r->s->u[a0];
                e->a[6] = (int32_t)u->id;
                e->a[7] = (int32_t)(1u << 30 | (uint32_t)u->nat | (uint32_t)u->type << 4 | (uint32_t)u->str << 8 |
                                    (uint32_t)u->ma << 16 | (u->dis ? 1u << 24 : 0u));
            }
            break;
        default: break;
        }
        return;
    }
    if (r->nev < (int)(sizeof r->ev / sizeof r->ev[0])) {
        lga_tev *t = &r->ev[r->nev++];
        t->kind = kind;
        t->rule = rule;
        t->a[0] = a0;
        t->a[1] = a1;
        t->a[2] = a2;
        t->a[3] = a3;
    }
}

void lga_state_init(lga_state *s)
{
    memset(s, 0, sizeof *s);
    s->magic = LGA_MAGIC;
    s->turn = 1;
    for (int h = 0; h < LGA_MAX_HEX; h++)
        s->head[h] = -1; /* control bits 0 = none */
    for (int i = 0; i < LGA_MAX_OBJ; i++)
        s->ctrl[i] = -1;
    s->cur = -1;
    s->mstart = -1;
    s->battle = -1;
}

int lga_unit_add(lga_state *s, int side, int nat, int type, int str, int ma)
{
    int i;
    /* free slots, then slots of eliminated units other than leaders (events keep what they need) */
    for (i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_FREE)
            break;
    if (i == s->nunits && s->nunits >= LGA_MAX_UNITS)
        for (i = 0; i < s->nunits; i++)
            if (s->u[i].st == LGA_US_ELIM && s->u[i].type != LGA_LEADER && s->u[i].hex < 0)
                break;
    if (i >= s->nunits) {
        if (s->nunits >= LGA_MAX_UNITS)
            return -1;
        i = s->nunits++;
    }
    lga_unit *u = &s->u[i];
    memset(u, 0, sizeof *u);
    u->hex = -1;
    u->hex0 = -1;
    u->arr = -1;
    u->next = -1;
    u->st = LGA_US_PENDING;
    u->side = (uint8_t)side;
    u->nat = (uint8_t)nat;
    u->type = (uint8_t)type;
    u->str = (uint8_t)str;
    u->ma = (uint8_t)ma;
    u->name = 0xffff;
    u->group = 0xffff;
    u->id = (uint32_t)++s->next_id; /* never the id of another unit, even in a reused slot */
    if (type == LGA_INF || type == LGA_CAV) {
        if (nat == LGA_NAT_FR)
            u->org = LGA_ORG_FR;
        else if (nat == LGA_NAT_PR)
            u->org = LGA_ORG_PR;
        else if (nat == LGA_NAT_RU)
            u->org = LGA_ORG_RU;
        else if (nat == LGA_NAT_AU)
            u->org = (str == 1 && ma == 5) || (str == 4 && ma == 3) ? LGA_ORG_AU1805 : LGA_ORG_AU1809;
    }
    return i;
}

int lga_ctl(const lga_state *s, int hex)
{
    return (int)((s->ctl[hex >> 2] >> ((hex & 3) * 2)) & 3u) - 1;
}

void lga_ctl_set(lga_state *s, int hex, int side)
{
    unsigned sh = (unsigned)(hex & 3) * 2u;
    s->ctl[hex >> 2] = (uint8_t)((s->ctl[hex >> 2] & ~(3u << sh)) | ((unsigned)(side + 1) << sh));
}

void lga_occ_refresh(lga_state *s, int hex)
{
    unsigned m = 0;
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next) {
        const lga_unit *u = &s->u[k];
        if (u->flags & LGA_UF_AE)
            continue;
        unsigned sh = u->side ? 4u : 0u;
        m |= (unsigned)LGA_OC_ANY << sh;
        if (u->type == LGA_INF)
            m |= (unsigned)LGA_OC_INF << sh;
        else if (u->type == LGA_CAV)
            m |= (unsigned)LGA_OC_CAV << sh;
        if (u->type != LGA_SUPPLY)
            m |= (unsigned)LGA_OC_NONSUP << sh;
    }
    s->occ[hex] = (uint8_t)m;
}

int lga_free_slots(const lga_state *s)
{
    int n = LGA_MAX_UNITS - s->nunits;
    for (int i = 0; i < s->nunits; i++)
        if (s->u[i].st == LGA_US_FREE ||
            (s->u[i].st == LGA_US_ELIM && s->u[i].type != LGA_LEADER && s->u[i].hex < 0))
            n++;
    return n;
}

void lga_unit_place(lga_state *s, int ui, int hex)
{
    lga_unit *u = &s->u[ui];
    if (u->hex >= 0)
        lga_unit_remove(s, ui);
    u->hex = (int16_t)hex;
    u->st = LGA_US_MAP;
    /* append at the tail so per-hex order follows placement order */
    if (s->head[hex] < 0) {
        s->head[hex] = (int16_t)ui;
    } else {
        int k = s->head[hex];
        while (s->u[k].next >= 0)
            k = s->u[k].next;
        s->u[k].next = (int16_t)ui;
    }
    u->next = -1;
    lga_occ_refresh(s, hex);
}

void lga_unit_remove(lga_state *s, int ui)
{
    lga_unit *u = &s->u[ui];
    int h = u->hex;
    if (h < 0)
        return;
    if (s->head[h] == ui) {
        s->head[h] = u->next;
    } else {
        int k = s->head[h];
        while (k >= 0 && s->u[k].next != ui)
            k = s->u[k].next;
        if (k >= 0)
            s->u[k].next = u->next;
    }
    u->hex = -1;
    u->next = -1;
    lga_occ_refresh(s, h);
}

void lga_unit_eliminate(lga_run *r, int ui, const char *rule)
{
    lga_unit *u = &r->s->u[ui];
    int h = u->hex;
    lga_unit_remove(r->s, ui);
    u->st = LGA_US_ELIM;
    u->battle = 0;
    u->dis = 0;
    lga_emit(r, LGA_EV_ELIM, rule, ui, h, 0, 0);
}

/* Phases are numbered turn*6 + pturn*3 + phase (LGA-SEQ-02, LGA-GAP-11). */
int lga_phase_index(const lga_state *s)
{
    return s->turn * 6 + s->pturn * 3 + s->phase;
}

int lga_disrupted(const lga_state *s, int ui)
{
    return s->u[ui].dis != 0;
}

/* LGA-DISRUPT-05: disrupted through the end of the same phase of the following Game-Turn;
   LGA-DISRUPT-07: destroyed when disrupted again. */
int lga_disrupt(lga_run *r, int ui, const char *rule)
{
    lga_unit *u = &r->s->u[ui];
    if (u->st != LGA_US_MAP)
        return 0;
    if (u->dis) {
        lga_unit_eliminate(r, ui, "LGA-DISRUPT-07");
        return 1;
    }
    u->dis = (uint16_t)(lga_phase_index(r->s) + 6);
    lga_emit(r, LGA_EV_DISRUPT, rule, ui, u->hex, u->dis, 0);
    return 0;
}

/* Called at the end of each phase. */
void lga_recover(lga_run *r)
{
    int now = lga_phase_index(r->s);
    for (int i = 0; i < r->s->nunits; i++) {
        lga_unit *u = &r->s->u[i];
        if (u->dis && u->dis <= now) {
            u->dis = 0;
            if (u->st == LGA_US_MAP)
                lga_emit(r, LGA_EV_RECOVER, "LGA-DISRUPT-05", i, u->hex, 0, 0);
        }
    }
}

int lga_count_combat(const lga_state *s, int hex, int side)
{
    int n = 0;
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next)
        if (s->u[k].side == side && lga_is_combat(&s->u[k]))
            n++;
    return n;
}

int lga_hex_side_units(const lga_state *s, int hex, int side)
{
    int n = 0;
    if (s->head[hex] < 0)
        return 0;
    for (int k = s->head[hex]; k >= 0; k = s->u[k].next)
        if (s->u[k].side == side)
            n++;
    return n;
}

/* LGA-FMARCH-09, LGA-GAP-25 */
int lga_fm_modifier(const lga_opts *o, int nat)
{
    switch (nat) {
    case LGA_NAT_FR: return -1;
    case LGA_NAT_AU:
    case LGA_NAT_PR: return 1;
    case LGA_NAT_SX: return o ? o->saxon_fm_mod : 1;
    default: return 0;
    }
}

/* ---- options ---- */
void lga_opts_default(lga_opts *o)
{
    memset(o, 0, sizeof *o);
    o->river160_bridged = 1;
    o->retreat_no_stack = 1;
    o->ae_mixed_hex_immune = 0;
    o->ae_in_combat_phase = 1;
    o->prussian_fort_all = 0;
    o->saxon_fm_mod = 1;
    o->length1805 = 12;
    o->ap_carry = 1;
    o->pass_is_mountain = 0;
    o->max_steps_per_phase = 4000;
}

typedef struct optkey {
    const char *key;
    size_t off;
    int lo, hi;
} optkey;

static const optkey optkeys[] = {
    {"river160_bridged", offsetof(lga_opts, river160_bridged), 0, 1},
    {"retreat_no_stack", offsetof(lga_opts, retreat_no_stack), 0, 1},
    {"ae_mixed_hex_immune", offsetof(lga_opts, ae_mixed_hex_immune), 0, 1},
    {"ae_in_combat_phase", offsetof(lga_opts, ae_in_combat_phase), 0, 1},
    {"prussian_fort_limit_all_sizes", offsetof(lga_opts, prussian_fort_all), 0, 1},
    {"saxon_fm_mod", offsetof(lga_opts, saxon_fm_mod), -1, 1},
    {"length_1805", offsetof(lga_opts, length1805), 7, 12},
    {"ap_carry", offsetof(lga_opts, ap_carry), 0, 1},
    {"pass_is_mountain", offsetof(lga_opts, pass_is_mountain), 0, 1},
    {"max_steps_per_phase", offsetof(lga_opts, max_steps_per_phase), 10, 1000000},
    {"reinforce_optional", offsetof(lga_opts, reinforce_optional), 0, 1},
    {"ask_empty", offsetof(lga_opts, ask_empty), 0, 1},
};

int lga_opts_parse(lga_opts *o, const char *s, char *err)
{
    lga_opts tmp;
    lga_opts_default(&tmp);
    if (!s) {
        *o = tmp;
        return WG_OK;
    }
    const char *p = s;
    while (*p) {
        char key[48], val[48];
        size_t kl = 0, vl = 0;
        while (*p == ',' || *p == ' ')
            p++;
        if (!*p)
            break;
        while (*p && *p != '=' && *p != ',' && kl + 1 < sizeof key)
            key[kl++] = *p++;
        key[kl] = 0;
        if (*p != '=')
            return wg__seterr(err, WG_EINVAL, "option '%s' has no value (expected key=value)", key);
        p++;
        while (*p && *p != ',' && vl + 1 < sizeof val)
            val[vl++] = *p++;
        val[vl] = 0;
        if (strcmp(key, "crt") == 0) {
            if (strcmp(val, "printed") == 0)
                tmp.crt_completion = 0;
            else if (strcmp(val, "completion") == 0)
                tmp.crt_completion = 1;
            else
                return wg__seterr(err, WG_EINVAL, "option crt=%s: expected printed or completion (LGA-GAP-04)", val);
            continue;
        }
        size_t i;
        for (i = 0; i < sizeof optkeys / sizeof optkeys[0]; i++)
            if (strcmp(optkeys[i].key, key) == 0)
                break;
        if (i == sizeof optkeys / sizeof optkeys[0])
            return wg__seterr(err, WG_EINVAL, "unknown lga option '%s'", key);
        char *end = NULL;
        long v = strtol(val, &end, 10);
        if (!val[0] || *end || v < optkeys[i].lo || v > optkeys[i].hi)
            return wg__seterr(err, WG_EINVAL, "option %s=%s: expected an integer in [%d, %d]", key, val,
                              optkeys[i].lo, optkeys[i].hi);
        *(int *)((char *)&tmp + optkeys[i].off) = (int)v;
    }
    *o = tmp;
    return WG_OK;
}

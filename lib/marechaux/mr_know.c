/* Les Maréchaux: what each side knows of the other's hidden counters, and determinization.
 *
 * Counters show only their affiliation and the markers on them (LM-COMP-02/03, LM-FOG-01).  A side
 * keeps track of the enemy counters it has seen: a counter stays identified while it moves as part of
 * a group the side saw together, and becomes one of several possible identities when the group it
 * was in splits out of sight.  s->amb[u] is the set of the enemy's candidates for the counter that
 * holds unit u: the identities that side cannot rule out for it.  It starts as {u} for a counter set
 * up where the scenario prints it, as the whole group for counters placed in secret (1809) or
 * arriving together (Débarquement); a split of counters that looked alike (same zone, same markers)
 * joins their sets; a counter turned over is identified again and is ruled out for every other
 * counter.
 *
 * Determinization for a viewer re-samples what is hidden from him, consistently with these sets:
 * the identities of the enemy's hidden counters (a permutation that keeps every counter's zone and
 * markers where the viewer saw them and gives each counter an identity from its candidate set, a
 * decoy never alone), and the enemy's held events (from the enemy's container and hand, the held ones
 * never starred).  Strength losses the viewer did not see stay with their unit; a stack moving or
 * fighting, the fatigue pool during a movement and a pending cavalry declaration are kept as they are. */
#include "marechaux.h"

#include <string.h>

#define AMB_SET(s, u, v) ((s)->amb[u][(v) >> 3] = (uint8_t)((s)->amb[u][(v) >> 3] | (1u << ((v)&7))))
#define AMB_CLR(s, u, v) ((s)->amb[u][(v) >> 3] = (uint8_t)((s)->amb[u][(v) >> 3] & ~(1u << ((v)&7))))
#define AMB_HAS(s, u, v) (((s)->amb[u][(v) >> 3] >> ((v)&7)) & 1u)

/* The markers a counter shows to the enemy (LM-COMP-03, LM-COMP-07, §1.1.3). */
static unsigned front(const mr_state *s, int u)
{
    unsigned f = s->u[u].flags & (MR_UF_ACT | MR_UF_DEMOR | MR_UF_RIVER | MR_UF_STOP | MR_UF_HADAC | MR_UF_FTLOSS);
    return f | (unsigned)s->u[u].acomb << 8 | (unsigned)s->u[u].fought << 16;
}

void mr_know_init(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    memset(s->amb, 0, sizeof s->amb);
    for (int u = 0; u < rd->nunit; u++) {
        const mr_unitdef *d = &rd->unit[u];
        AMB_SET(s, u, u);
        for (int v = 0; v < rd->nunit; v++) {
            const mr_unitdef *e = &rd->unit[v];
            if (e->side != d->side)
                continue;
            if ((d->freeplace && e->freeplace) || (d->landing && e->landing))
                AMB_SET(s, u, v);
        }
    }
}

static void identify(mr_state *s, const mr_rdata *rd, int u)
{
    memset(s->amb[u], 0, sizeof s->amb[u]);
    AMB_SET(s, u, u);
    for (int v = 0; v < rd->nunit; v++)
        if (v != u)
            AMB_CLR(s, v, u);
}

void mr_know_identify_unit(wg_game *g, int u)
{
    identify(MR_ST(g), MR_RD(g), u);
}

void mr_know_identify_zone(wg_game *g, int z, int side)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    for (int u = 0; u < rd->nunit; u++)
        if (s->u[u].zone == z && rd->unit[u].side == side)
            identify(s, rd, u);
}

static int amb_single(const mr_state *s, const mr_rdata *rd, int u)
{
    for (int v = 0; v < rd->nunit; v++)
        if (v != u && AMB_HAS(s, u, v))
            return 0;
    return 1;
}

void mr_know_before(const wg_game *g, mr_know_snap *k)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    for (int u = 0; u < rd->nunit; u++) {
        k->zone[u] = s->u[u].zone;
        k->front[u] = front(s, u);
        k->hidden[u] = (uint8_t)(s->u[u].zone >= 0 && !mr_sees(g, 1 - rd->unit[u].side, u));
    }
}

/* A lone commander (with decoys at most) in a zone with enemy counters, once no movement or combat
   is under way there: the rules have shown what his counters are (the test on entry, or the moves
   the enemy may make around him), so the enemy reads it (LM-CDR-04, LM-FOG-01).  Once per counter. */
static int show_lone(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    /* per zone and side: 1 a commander, 2 another counter that is not a decoy, 4 an enemy counter
       that is neither the fleet nor a decoy (identifying counters changes none of these) */
    uint8_t f[MR_MAXZ][2];
    memset(f, 0, sizeof f);
    for (int u = 0; u < rd->nunit; u++) {
        int z = s->u[u].zone, side = rd->unit[u].side, kind = rd->unit[u].kind;
        if (z < 0 || z >= rd->nzone)
            continue;
        if (kind != MR_K_FLEET && kind != MR_K_DECOY)
            f[z][1 - side] |= 4;
        if (kind == MR_K_CDR)
            f[z][side] |= 1;
        else if (kind != MR_K_DECOY)
            f[z][side] |= 2;
    }
    for (int z = 0; z < rd->nzone; z++) {
        if (z == s->cb.zone || (s->stage >= MR_S_MOVE && s->stage <= MR_S_CDRMOVE && z == s->mv.zone))
            continue;
        for (int side = 0; side < 2; side++) {
            if (f[z][side] != (1 | 4))
                continue;
            int unknown = 0;
            for (int u = 0; u < rd->nunit && !unknown; u++)
                if (s->u[u].zone == z && rd->unit[u].side == side && rd->unit[u].kind == MR_K_CDR)
                    unknown = !(AMB_HAS(s, u, u) && amb_single(s, rd, u));
            if (!unknown)
                continue;
            if (!mr_ev(g, MR_EV_LONECDR, "LM-CDR-04", MR_VIS_ALL, side, z, 2, 0))
                return WG_ENOMEM;
            mr_know_identify_zone(g, z, side);
        }
    }
    return WG_OK;
}

/* ---- sighting ids (doc/marechaux.md, "Attributes, names and option order") ----

   The enemy knows each counter on the map by a sighting id.  A counter keeps it while the enemy can
   follow it; the enemy loses track of the counters of a group that looked alike (same zone, same
   markers, hidden) when the group does not stay together, alike: every counter of it then gets a
   fresh id.  Fresh ids are given zone by zone, side by side, the counters the enemy identifies first
   (by the order of battle, which he reads) and the hidden ones by the markers his view shows: within a group of
   look-alikes the numbers go in an order the enemy cannot see, and the piece list sorts them by id,
   so what he reads depends on nothing hidden from him.  A decoy is a hidden counter like any other. */

/* The markers the enemy's view shows on a hidden counter (front_key of mr_view.c): look-alikes for
   the sighting ids are counters his view cannot tell apart. */
static unsigned look(unsigned front_bits)
{
    return front_bits & (MR_UF_ACT | MR_UF_DEMOR | MR_UF_RIVER | 0xFF00u);
}

uint32_t mr_piece_id(const wg_game *g, int viewer, int u)
{
    const mr_rdata *rd = MR_RD(g);
    if (viewer == WG_VIEW_REFEREE || viewer == rd->unit[u].side)
        return (uint32_t)u + 1u;
    return MR_ST(g)->sid[u];
}

void mr_know_ids(wg_game *g)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    for (int u = 0; u < rd->nunit; u++)
        if (s->u[u].zone < 0 || !mr_shown(g, 1 - rd->unit[u].side, u))
            s->sid[u] = 0; /* off the map (or not yet seen there): back on it, a fresh id */
    for (int side = 0; side < 2; side++)
        if (s->next_sid[side] < MR_SID0)
            s->next_sid[side] = MR_SID0;
    /* the counters on the map without an id, in the order the ids go: zone by zone, the identified
       first, then the hidden ones by their markers; the unit index orders only counters the enemy
       identifies or cannot tell apart (each side numbers its own counters) */
    int list[MR_MAXU], m = 0;
    unsigned key[MR_MAXU];
    for (int u = 0; u < rd->nunit; u++) {
        int side = rd->unit[u].side;
        if (s->u[u].zone < 0 || s->sid[u] != 0 || !mr_shown(g, 1 - side, u))
            continue;
        key[u] = (unsigned)!mr_sees(g, 1 - side, u);
        int j = m++;
        while (j > 0) {
            int a = list[j - 1];
            if (s->u[a].zone < s->u[u].zone ||
                (s->u[a].zone == s->u[u].zone &&
                 (key[a] < key[u] || (key[a] == key[u] && look(front(s, a)) <= look(front(s, u))))))
                break;
            list[j] = a;
            j--;
        }
        list[j] = u;
    }
    for (int i = 0; i < m; i++)
        s->sid[list[i]] = s->next_sid[rd->unit[list[i]].side]++;
}

int mr_know_after(wg_game *g, const mr_know_snap *k)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    int n = rd->nunit;
    uint8_t done[MR_MAXU] = {0};
    /* what the enemy sees of each counter now */
    uint8_t hid[MR_MAXU];
    unsigned lk[MR_MAXU], lk0[MR_MAXU];
    int any_hidden = 0;
    for (int u = 0; u < n; u++) {
        hid[u] = (uint8_t)(s->u[u].zone >= 0 && !mr_sees(g, 1 - rd->unit[u].side, u));
        lk[u] = look(front(s, u));
        lk0[u] = look(k->front[u]);
        any_hidden |= k->hidden[u];
    }
    /* the counters hidden before the step, by the zone and side they were in: the groups below are
       counters alike within one such bucket (nxt[] chains each bucket in the order of the units) */
    int head[MR_MAXZ * 2], nxt[MR_MAXU];
    for (int i = 0; i < MR_MAXZ * 2; i++)
        head[i] = -1;
    for (int u = n - 1; u >= 0 && any_hidden; u--) {
        if (!k->hidden[u] || k->zone[u] < 0 || k->zone[u] >= MR_MAXZ)
            continue;
        int b = k->zone[u] * 2 + rd->unit[u].side;
        nxt[u] = head[b];
        head[b] = u;
    }
    for (int b = 0; b < MR_MAXZ * 2 && any_hidden; b++) {
        /* sighting ids: a group of look-alikes that does not stay together, alike, is lost track of */
        for (int u = head[b]; u >= 0; u = nxt[u]) {
            if (done[u])
                continue;
            int m = 0, alike = 1;
            int grp[MR_MAXU];
            for (int v = u; v >= 0; v = nxt[v])
                if (!done[v] && lk0[v] == lk0[u]) {
                    grp[m++] = v;
                    done[v] = 1;
                    if (s->u[v].zone != s->u[u].zone || lk[v] != lk[u] || hid[v] != hid[u])
                        alike = 0;
                }
            if (m >= 2 && !alike)
                for (int i = 0; i < m; i++)
                    s->sid[grp[i]] = 0;
        }
        /* splits: counters that looked alike in a zone and are no longer together */
        for (int u = head[b]; u >= 0; u = nxt[u])
            done[u] = 0;
        for (int u = head[b]; u >= 0; u = nxt[u]) {
            if (done[u])
                continue;
            int split = 0, m = 0;
            int grp[MR_MAXU];
            for (int v = u; v >= 0; v = nxt[v])
                if (!done[v] && k->front[v] == k->front[u]) {
                    grp[m++] = v;
                    done[v] = 1;
                    if (s->u[v].zone != s->u[u].zone)
                        split = 1;
                }
            if (!split || m < 2)
                continue;
            uint8_t all[(MR_MAXU + 7) / 8] = {0};
            for (int i = 0; i < m; i++)
                for (size_t c = 0; c < sizeof all; c++)
                    all[c] |= s->amb[grp[i]][c];
            for (int i = 0; i < m; i++)
                memcpy(s->amb[grp[i]], all, sizeof all);
        }
    }
    /* a counter turned over is identified again, and ruled out for the others: identifying each such
       counter u in turn sets amb[u] to {u} and clears u from every other counter's set, which is,
       all at once, amb[u] = {u} for the counters turned over and amb[v] minus them for the others */
    uint8_t seen[(MR_MAXU + 7) / 8] = {0};
    int nseen = 0;
    for (int u = 0; u < n; u++) {
        if (s->u[u].zone < 0 || rd->unit[u].kind == MR_K_DECOY || !mr_sees(g, 1 - rd->unit[u].side, u))
            continue;
        seen[u >> 3] = (uint8_t)(seen[u >> 3] | (1u << (u & 7)));
        nseen++;
    }
    if (nseen)
        for (int v = 0; v < n; v++) {
            if ((seen[v >> 3] >> (v & 7)) & 1u) {
                memset(s->amb[v], 0, sizeof s->amb[v]);
                AMB_SET(s, v, v);
            } else {
                for (size_t b = 0; b < sizeof seen; b++)
                    s->amb[v][b] = (uint8_t)(s->amb[v][b] & ~seen[b]);
            }
        }
    int rc = show_lone(g);
    mr_know_ids(g);
    return rc;
}

/* ---- determinization ---- */

static int movable(const wg_game *g, int viewer, int u)
{
    const mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    const mr_unitdef *d = &rd->unit[u];
    if (d->side == viewer || s->u[u].zone < 0 || d->kind == MR_K_FLEET || mr_sees(g, viewer, u))
        return 0;
    if ((s->u[u].flags & (MR_UF_SEL | MR_UF_REVEAL)) || (s->u[u].follow & MR_FOLLOWS))
        return 0; /* the acting stack (its decoys included) and counters turned over stay */
    if (s->u[u].zone == s->cb.zone || u == s->mv.lonecdr || u == s->cur)
        return 0;
    /* the administrative phase told how many counters each side rolls for: who is eligible stays */
    if (s->stage == MR_S_RECUP)
        return 0;
    /* beside the enemy, what the counters are shows in what either side may do (disengage or move, a
       lone commander's test, an attack): they stay */
    if (mr_zone_count(rd, s, s->u[u].zone, viewer) > 0)
        return 0;
    /* the zone a stack moves in: its entry showed whether the counters there are a lone commander */
    if (s->stage >= MR_S_MOVE && s->stage <= MR_S_CDRMOVE && s->u[u].zone == s->mv.zone)
        return 0;
    return 1;
}

typedef mr_match match;

static int augment(match *m, int i, const int *order)
{
    for (int k = 0; k < m->n; k++) {
        int j = order[k];
        if (!m->ok[i][j] || m->seen[j] == m->stamp)
            continue;
        m->seen[j] = m->stamp;
        if (m->id_at[j] < 0 || augment(m, m->id_at[j], order)) {
            m->id_at[j] = i;
            m->pos_of[i] = j;
            return 1;
        }
    }
    return 0;
}

static void shuffle(int *a, int n, wg_pcg *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)wg__pcg_below(rng, (uint32_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* A random assignment of the hidden identities to the hidden counters; 0 when none but the true one
   was found that keeps every decoy with a real unit or commander. */
static int sample_counters(wg_game *g, int viewer, wg_pcg *rng, match *m)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    m->n = 0;
    for (int u = 0; u < rd->nunit; u++)
        if (movable(g, viewer, u))
            m->id[m->n++] = u;
    if (m->n < 2)
        return 0;
    /* identity i may hold the counter where identity j is: i is one of that counter's candidates, and
       the markers, which stay with the identity, are the counter's (not whether j may hold i's
       counter: where i is is what the viewer does not know) */
    for (int i = 0; i < m->n; i++)
        for (int j = 0; j < m->n; j++) {
            int a = m->id[i], b = m->id[j];
            m->ok[i][j] = (uint8_t)(front(s, a) == front(s, b) && AMB_HAS(s, b, a));
        }
    /* the positions (counters) in the order of their sighting ids, which the viewer knows: the sample
       depends on what he sees and the generator only, not on which identity holds which counter */
    int rank[MR_MAXU];
    for (int i = 0; i < m->n; i++) {
        int j = i;
        while (j > 0 && s->sid[m->id[rank[j - 1]]] > s->sid[m->id[i]]) {
            rank[j] = rank[j - 1];
            j--;
        }
        rank[j] = i;
    }
    for (int attempt = 0; attempt < 16; attempt++) {
        int order[MR_MAXU], ids[MR_MAXU];
        for (int i = 0; i < m->n; i++) {
            order[i] = ids[i] = i;
            m->id_at[i] = m->pos_of[i] = -1;
            m->seen[i] = 0;
        }
        m->stamp = 0;
        shuffle(order, m->n, rng);
        for (int i = 0; i < m->n; i++)
            order[i] = rank[order[i]];
        shuffle(ids, m->n, rng);
        int full = 1;
        for (int k = 0; k < m->n && full; k++) {
            m->stamp++;
            full = augment(m, ids[k], order);
        }
        if (!full)
            return 0; /* cannot happen: the true assignment is one */
        /* LM-DECOY-02: a decoy is never alone */
        int good = 1;
        for (int i = 0; i < m->n && good; i++) {
            int u = m->id[i];
            if (rd->unit[u].kind != MR_K_DECOY)
                continue;
            int z = s->u[m->id[m->pos_of[i]]].zone, real = 0;
            for (int v = 0; v < rd->nunit && !real; v++) {
                if (rd->unit[v].side != rd->unit[u].side || rd->unit[v].kind == MR_K_DECOY)
                    continue;
                int at = -1;
                for (int q = 0; q < m->n; q++)
                    if (m->id[q] == v)
                        at = q;
                int vz = at >= 0 ? s->u[m->id[m->pos_of[at]]].zone : s->u[v].zone;
                real = vz == z;
            }
            good = real;
        }
        if (good)
            return 1;
    }
    return 0;
}

static void apply_counters(mr_state *s, const match *m)
{
    int8_t zone[MR_MAXU];
    uint32_t sid[MR_MAXU]; /* the sighting id belongs to the counter, not to the identity in it */
    uint8_t amb[MR_MAXU][(MR_MAXU + 7) / 8];
    for (int i = 0; i < m->n; i++) {
        int w = m->id[m->pos_of[i]];
        zone[i] = s->u[w].zone;
        sid[i] = s->sid[w];
        memcpy(amb[i], s->amb[w], sizeof amb[i]);
    }
    for (int i = 0; i < m->n; i++) {
        s->u[m->id[i]].zone = zone[i];
        s->sid[m->id[i]] = sid[i];
        memcpy(s->amb[m->id[i]], amb[i], sizeof amb[i]);
    }
}

/* The enemy's held events re-drawn from everything the viewer cannot tell apart: his container, his
   hand and an event drawn and not yet kept. */
static void sample_events(wg_game *g, int side, wg_pcg *rng)
{
    mr_state *s = MR_ST(g);
    const mr_rdata *rd = MR_RD(g);
    wg_pool *c = &s->container[side];
    int pending = s->stage == MR_S_EVKEEP && s->who == side && s->evdrawn[side] > 0 ? s->evdrawn[side] - 1 : -1;
    int total[MR_MAXEVT] = {0}, held = 0;
    for (int e = 0; e < rd->nevt; e++) {
        total[e] = (int)wg__pool_count_type(c, e) + (rd->evt[e].star ? 0 : s->hand[side][e]);
        if (!rd->evt[e].star)
            held += s->hand[side][e];
    }
    if (pending >= 0)
        total[pending]++;
    /* the held events: non-starred ones, drawn without replacement */
    int newhand[MR_MAXEVT] = {0};
    for (int h = 0; h < held; h++) {
        int n = 0;
        for (int e = 0; e < rd->nevt; e++)
            if (!rd->evt[e].star)
                n += total[e];
        if (n <= 0)
            return; /* cannot happen */
        int r = (int)wg__pcg_below(rng, (uint32_t)n);
        for (int e = 0; e < rd->nevt; e++) {
            if (rd->evt[e].star)
                continue;
            if (r < total[e]) {
                total[e]--;
                newhand[e]++;
                break;
            }
            r -= total[e];
        }
    }
    int drawn = -1;
    if (pending >= 0) {
        int n = 0;
        for (int e = 0; e < rd->nevt; e++)
            n += total[e];
        int r = (int)wg__pcg_below(rng, (uint32_t)n);
        for (int e = 0; e < rd->nevt; e++) {
            if (r < total[e]) {
                total[e]--;
                drawn = e;
                break;
            }
            r -= total[e];
        }
    }
    /* rebuild the container: what is left in it, with the drawn marker held out */
    for (int e = 0; e < rd->nevt; e++) {
        c->in[e] = (uint16_t)total[e];
        if (!rd->evt[e].star)
            s->hand[side][e] = (int8_t)newhand[e];
    }
    if (pending >= 0) {
        c->out[pending]--;
        c->out[drawn]++;
        s->evdrawn[side] = (uint8_t)(drawn + 1);
    }
}

int mr_determinize(wg_game *g, int viewer, wg_pcg *rng, void *scratch)
{
    mr_state *s = MR_ST(g);
    int other = 1 - viewer;
    match *m = scratch; /* mr_determinize_scratch bytes, from the caller */
    if (s->stage != MR_S_PLACE && sample_counters(g, viewer, rng, m))
        apply_counters(s, m);
    sample_events(g, other, rng);
    return WG_OK;
}

/* Events after which a side knows more of the other's hidden facts than before: counters turned over
   or removed, a played event, a lone commander's test, a loss of strength that shows. */
int mr_event_reveals(const wg_game *g, const wg_event *e, int viewer)
{
    (void)g;
    (void)viewer;
    switch (e->kind) {
    case MR_EV_COMBAT:
    case MR_EV_REVEAL:
    case MR_EV_DECOY_GONE:
    case MR_EV_EVPLAY:
    case MR_EV_CDR:
    case MR_EV_LONECDR:
    case MR_EV_NOFIGHT:
    case MR_EV_ADMIN:
    case MR_EV_ELIM:
    case MR_EV_FLOSS:
    case MR_EV_EXIT:
    case MR_EV_BAGELIM:
    case MR_EV_ARGENTON:
    case MR_EV_ARGENTON_UNIT:
    case MR_EV_LANDING:
    case MR_EV_CMD:
    case MR_EV_DISENG:
    case MR_EV_STOP:
    case MR_EV_WITHDRAW:
    case MR_EV_DECLARE:
    case MR_EV_END:
        return 1;
    case MR_EV_DECOY: /* a counter taken off a stack was a decoy */
        return e->a[2] == 0;
    default:
        return 0;
    }
}

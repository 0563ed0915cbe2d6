/* Les Maréchaux: the data pack loader (document kind `marechaux`, see doc/marechaux.md).
 *
 * Every value the rulebook does not print comes from the pack; a missing value is a WG_EDATA
 * error naming the record, never a default. */
#include "marechaux.h"

#include <stdio.h>
#include <string.h>

typedef struct loader {
    wg_ctx *ctx;
    wg_data *doc;
    mr_rdata *rd;
    wg_map *map;
    char *err;
    size_t rec;
    int have_scen, have_fat;
    int garrisons[2], garmorale[2];
    int map_given;  /* the zone graph comes from a map document */
    int tdef[3];    /* terrain table: defensive value per zone type */
    int have_tdef[3];
} loader;

static int lerr(loader *L, int st, const char *fmt, const char *a)
{
    size_t line = 0;
    char msg[160];
    wg_data_line(&line, L->doc, L->rec);
    snprintf(msg, sizeof msg, fmt, a ? a : "");
    return wg__seterr(L->err, st, "marechaux data line %zu: %s", line, msg);
}

static const char *fld(loader *L, size_t i)
{
    return i < wg__data_nfield(L->doc, L->rec) ? wg__data_get(L->doc, L->rec, i) : NULL;
}

/* Reads a numeric field in its documented range lo..hi (doc/marechaux.md, "Data"): WG_EDATA when
   missing or out of range, WG_EPARSE when not a decimal integer.  The message names the record, the
   field, the value and the range. */
static int getint_in(loader *L, const char *s, int *out, const char *what, int lo, int hi)
{
    long long v;
    size_t line = 0;
    wg_data_line(&line, L->doc, L->rec);
    const char *kw = fld(L, 0);
    if (!s)
        return wg__seterr(L->err, WG_EDATA, "marechaux data line %zu: '%s' record: missing value: %s (range %d..%d)",
                          line, kw, what, lo, hi);
    if (wg__parse_int(s, &v) != 0)
        return wg__seterr(L->err, WG_EPARSE,
                          "marechaux data line %zu: '%s' record: not a number: %s '%.24s' (range %d..%d)", line, kw,
                          what, s, lo, hi);
    if (v < lo || v > hi)
        return wg__seterr(L->err, WG_EDATA,
                          "marechaux data line %zu: '%s' record: %s %.24s is out of range (%d..%d)", line, kw, what, s,
                          lo, hi);
    *out = (int)v;
    return WG_OK;
}

static int side_of(loader *L, const char *s, int *out)
{
    if (s && strcmp(s, "AA") == 0)
        *out = MR_AA;
    else if (s && strcmp(s, "F") == 0)
        *out = MR_FR;
    else
        return lerr(L, WG_EPARSE, "side must be AA or F, not '%.40s'", s);
    return WG_OK;
}

int mr_zone_find(const wg_map *map, const char *name)
{
    int z;
    if (wg_map_find(&z, map, name) != WG_OK)
        return -1;
    return z;
}

static int zone_of(loader *L, const char *s, int *out)
{
    int z = s ? mr_zone_find(L->map, s) : -1;
    if (z < 0)
        return lerr(L, WG_EDATA, "unknown zone '%.40s'", s);
    *out = z;
    return WG_OK;
}

static int evt_of(loader *L, const char *s, int *out)
{
    for (int i = 0; s && i < L->rd->nevt; i++)
        if (strcmp(L->rd->evt[i].name, s) == 0) {
            *out = i;
            return WG_OK;
        }
    return lerr(L, WG_EDATA, "event '%.40s' is not defined by an event record (GAP-06)", s);
}

static int rec_scenario(loader *L)
{
    mr_rdata *rd = L->rd;
    const char *id = fld(L, 1);
    int rc;
    if (!id || (strcmp(id, "1808") != 0 && strcmp(id, "1809") != 0))
        return lerr(L, WG_EPARSE, "scenario must be 1808 or 1809, not '%.20s'", id);
    rd->scen = strcmp(id, "1809") == 0;
    if ((rc = getint_in(L, fld(L, 2), &rd->turns, "number of turns", 1, MR_MAX_TURNS)) != WG_OK)
        return rc;
    const char *d = fld(L, 3);
    if (!d)
        return lerr(L, WG_EDATA, "missing first date%s", "");
    snprintf(rd->date0, sizeof rd->date0, "%s", d);
    if ((rc = getint_in(L, fld(L, 4), &rd->day0, "first day of month", 1, 31)) != WG_OK)
        return rc;
    if ((rc = getint_in(L, fld(L, 5), &rd->obj_vp, "objective VP", 0, MR_MAX_VP)) != WG_OK)
        return rc;
    if ((rc = getint_in(L, fld(L, 6), &rd->decoys[0], "AA decoys", 0, MR_MAX_DECOYS)) != WG_OK)
        return rc;
    if ((rc = getint_in(L, fld(L, 7), &rd->decoys[1], "French decoys", 0, MR_MAX_DECOYS)) != WG_OK)
        return rc;
    const char *it = fld(L, 8);
    if (!it)
        return lerr(L, WG_EDATA, "missing turn-1 initiative (AA, F or roll)%s", "");
    rd->first_turn_init = strcmp(it, "AA") == 0 ? MR_AA : strcmp(it, "F") == 0 ? MR_FR : -1;
    if ((rc = getint_in(L, fld(L, 9), &rd->may18_turn, "first scoring exit turn", 0, MR_MAX_TURNS)) != WG_OK)
        return rc;
    L->have_scen = 1;
    return WG_OK;
}

static int terrain_of(const char *t)
{
    if (!t)
        return -1;
    if (strcmp(t, "clear") == 0)
        return MR_T_CLEAR;
    if (strcmp(t, "defensive") == 0)
        return MR_T_DEFENSIVE;
    if (strcmp(t, "town") == 0)
        return MR_T_TOWN;
    return -1;
}

/* terrain TYPE DEFVAL: the terrain table's defensive value of a zone type (GAP-01). */
static int rec_terrain(loader *L)
{
    int t = terrain_of(fld(L, 1)), rc, v;
    if (t < 0)
        return lerr(L, WG_EPARSE, "terrain must be clear, defensive or town (LM-MAP-01), not '%.30s'", fld(L, 1));
    if ((rc = getint_in(L, fld(L, 2), &v, "defensive value (terrain table, GAP-01)", 0, MR_MAX_SMALL_VALUE)) != WG_OK)
        return rc;
    L->tdef[t] = v;
    L->have_tdef[t] = 1;
    return WG_OK;
}

static int rec_zone(loader *L)
{
    mr_rdata *rd = L->rd;
    const char *name = fld(L, 1), *ter = fld(L, 2);
    int z, rc, t;
    uint32_t fl = 0;
    if (!name || !ter)
        return lerr(L, WG_EDATA, "zone needs NAME TERRAIN DEFVAL%s", "");
    if (rd->nzone >= MR_MAXZ)
        return lerr(L, WG_EDATA, "too many zones%s", "");
    if (L->map_given)
        return lerr(L, WG_EPARSE, "zones and connections come from the map document here%s", "");
    t = terrain_of(ter);
    if (t < 0)
        return lerr(L, WG_EPARSE, "terrain must be clear, defensive or town (LM-MAP-01), not '%.30s'", ter);
    int dv;
    if ((rc = getint_in(L, fld(L, 3), &dv, "zone defensive value (terrain table, GAP-01)", 0, MR_MAX_SMALL_VALUE)) != WG_OK)
        return rc;
    for (size_t i = 4; i < wg__data_nfield(L->doc, L->rec); i++) {
        const char *f = fld(L, i);
        if (strcmp(f, "port") == 0)
            fl |= MR_ZF_PORT;
        else if (strcmp(f, "south") == 0)
            fl |= MR_ZF_SOUTH;
        else if (strcmp(f, "offmap") == 0)
            fl |= MR_ZF_OFFMAP;
        else if (strcmp(f, "loc-aa") == 0)
            fl |= MR_ZF_LOC_AA;
        else if (strcmp(f, "loc-f") == 0)
            fl |= MR_ZF_LOC_FR;
        else if (strcmp(f, "objective") == 0)
            fl |= MR_ZF_OBJ;
        else if (strcmp(f, "setup") == 0)
            fl |= MR_ZF_SETUP;
        else
            return lerr(L, WG_EPARSE, "unknown zone flag '%.30s'", f);
    }
    rc = wg_map_zone_add(&z, L->map, name);
    if (rc == WG_OK)
        rc = wg_map_set_terrain(L->map, z, t);
    if (rc == WG_OK)
        rc = wg_map_set_flags(L->map, z, fl);
    if (rc == WG_ENOMEM)
        return rc;
    if (rc != WG_OK)
        return lerr(L, WG_EDATA, "zone '%.40s' rejected by the map (duplicate name?)", name);
    rd->terrain[z] = t;
    rd->defval[z] = dv;
    rd->zflags[z] = fl;
    rd->nzone = z + 1;
    return WG_OK;
}

static int rec_conn(loader *L)
{
    mr_rdata *rd = L->rd;
    int a = 0, b = 0, rc, cost = 0, type, c;
    if (L->map_given)
        return lerr(L, WG_EPARSE, "zones and connections come from the map document here%s", "");
    if ((rc = zone_of(L, fld(L, 1), &a)) != WG_OK || (rc = zone_of(L, fld(L, 2), &b)) != WG_OK)
        return rc;
    const char *ty = fld(L, 3);
    if (!ty)
        return lerr(L, WG_EDATA, "connection needs a type%s", "");
    static const char *const types[] = {"route", "road", "path", "boat", "ferry", "exit"};
    type = -1;
    for (int i = 0; i < 6; i++)
        if (strcmp(ty, types[i]) == 0)
            type = i;
    if (type < 0)
        return lerr(L, WG_EPARSE, "connection type must be route, road, path, boat, ferry or exit, not '%.30s'", ty);
    if ((rc = getint_in(L, fld(L, 4), &cost, "connection MP cost (terrain table, GAP-01)", 0, MR_MAX_COST)) != WG_OK)
        return rc;
    for (size_t i = 5; i < wg__data_nfield(L->doc, L->rec); i++) {
        const char *f = fld(L, i);
        if (strcmp(f, "stream") == 0 || strcmp(f, "river") == 0)
            type |= MR_CF_STREAM;
        else if (strcmp(f, "bridge") == 0)
            type |= MR_CF_STREAM | MR_CF_BRIDGE;
        else if (strcmp(f, "impassable") == 0)
            type |= MR_CF_IMPASS;
        else
            return lerr(L, WG_EPARSE, "unknown connection flag '%.30s'", f);
    }
    if (rd->nconn >= MR_MAXC)
        return lerr(L, WG_EDATA, "too many connections%s", "");
    rc = wg_map_conn_add(&c, L->map, a, b, type, cost);
    if (rc == WG_ENOMEM)
        return rc;
    if (rc != WG_OK)
        return lerr(L, WG_EDATA, "connection rejected by the map%s", "");
    rd->ca[c] = a;
    rd->cb[c] = b;
    rd->ctype[c] = type;
    rd->ccost[c] = cost;
    rd->nconn = c + 1;
    return WG_OK;
}

static int rec_fatigue(loader *L)
{
    mr_rdata *rd = L->rd;
    int v, n, rc;
    if ((rc = getint_in(L, fld(L, 1), &v, "fatigue marker value", 0, MR_MAX_SMALL_VALUE)) != WG_OK ||
        (rc = getint_in(L, fld(L, 2), &n, "fatigue marker count", 1, MR_MAX_COUNT)) != WG_OK)
        return rc;
    if (rd->nft >= WG_POOL_MAXTYPES)
        return lerr(L, WG_EDATA, "bad fatigue record (at most 24 kinds)%s", "");
    int total = v * n; /* the fatigue of the whole mix fits the movement's fatigue counter */
    for (int i = 0; i < rd->nft; i++)
        total += rd->ftval[i] * rd->ftcount[i];
    if (total > MR_MAX_FATIGUE_TOTAL) {
        char what[96];
        snprintf(what, sizeof what, "the markers' total fatigue (sum of VALUE x COUNT) %d is above %d", total,
                 MR_MAX_FATIGUE_TOTAL);
        return lerr(L, WG_EDATA, "%s", what);
    }
    rd->ftval[rd->nft] = v;
    rd->ftcount[rd->nft] = n;
    rd->nft++;
    L->have_fat = 1;
    return WG_OK;
}

static int add_unit(loader *L, int side, int kind, const char *name, mr_unitdef **out)
{
    mr_rdata *rd = L->rd;
    if (rd->nunit >= MR_MAXU)
        return lerr(L, WG_EDATA, "too many counters%s", "");
    mr_unitdef *u = &rd->unit[rd->nunit++];
    memset(u, 0, sizeof *u);
    snprintf(u->name, sizeof u->name, "%s", name);
    u->side = side;
    u->kind = kind;
    u->setup_zone = -1;
    u->mp = -1;
    u->morale = -1;
    u->sv = -1;
    *out = u;
    return WG_OK;
}

static int rec_unit(loader *L)
{
    int side, rc, kind = -1;
    const char *k = fld(L, 2), *name = fld(L, 3);
    mr_unitdef *u;
    if ((rc = side_of(L, fld(L, 1), &side)) != WG_OK)
        return rc;
    static const char *const kinds[] = {"inf", "cav", "art", "bag", "cdr", "gar", "decoy", "fleet"};
    for (int i = 0; k && i < 8; i++)
        if (strcmp(k, kinds[i]) == 0)
            kind = i;
    if (kind < 0 || kind == MR_K_DECOY || kind == MR_K_GAR)
        return lerr(L, WG_EPARSE, "unit kind must be inf, cav, art, bag, cdr or fleet, not '%.20s'", k);
    if (!name)
        return lerr(L, WG_EDATA, "unit needs a name%s", "");
    if ((rc = add_unit(L, side, kind, name, &u)) != WG_OK)
        return rc;
    for (size_t i = 4; i < wg__data_nfield(L->doc, L->rec); i++) {
        const char *f = fld(L, i);
        if (strncmp(f, "mp=", 3) == 0) {
            if ((rc = getint_in(L, f + 3, &u->mp, "mp=", 0, MR_MAX_MP)) != WG_OK)
                return rc;
        } else if (strncmp(f, "morale=", 7) == 0) {
            if ((rc = getint_in(L, f + 7, &u->morale, "morale=", 0, MR_MAX_SMALL_VALUE)) != WG_OK)
                return rc;
        } else if (strncmp(f, "sv=", 3) == 0) {
            if ((rc = getint_in(L, f + 3, &u->sv, "sv=", 0, MR_MAX_SMALL_VALUE)) != WG_OK)
                return rc;
        } else if (strncmp(f, "boxes=", 6) == 0) {
            const char *p = f + 6;
            u->nbox = 0;
            while (*p) {
                char val[24];
                size_t n = strcspn(p, ",");
                if (n == 0 || u->nbox >= MR_MAXBOX)
                    return lerr(L, WG_EPARSE, "boxes= must be 1 to 10 morale values separated by commas%s", "");
                snprintf(val, sizeof val, "%.*s", (int)(n < sizeof val - 1 ? n : sizeof val - 1), p);
                if (n >= sizeof val)
                    memcpy(val + sizeof val - 4, "...", 4);
                if ((rc = getint_in(L, val, &u->box[u->nbox], "boxes= morale value", 0, MR_MAX_SMALL_VALUE)) != WG_OK)
                    return rc;
                u->nbox++;
                p += n;
                if (*p == ',' && !p[1])
                    return lerr(L, WG_EPARSE, "boxes= must be 1 to 10 morale values separated by commas%s", "");
                if (*p == ',')
                    p++;
            }
        } else if (strncmp(f, "at=", 3) == 0) {
            if ((rc = zone_of(L, f + 3, &u->setup_zone)) != WG_OK)
                return rc;
        } else if (strcmp(f, "cic") == 0) {
            u->cic = 1;
        } else if (strcmp(f, "british") == 0) {
            u->british = 1;
        } else if (strcmp(f, "free") == 0) {
            u->freeplace = 1;
        } else if (strcmp(f, "landing") == 0) {
            u->landing = 1;
        } else {
            return lerr(L, WG_EPARSE, "unknown unit field '%.30s'", f);
        }
    }
    if (kind == MR_K_CDR)
        u->mp = 10; /* LM-CDR-02 */
    if (u->mp < 0 && kind != MR_K_FLEET)
        return lerr(L, WG_EDATA, "unit '%.40s' has no MP (mp=, GAP-03)", name);
    if (kind == MR_K_INF && u->nbox == 0)
        return lerr(L, WG_EDATA, "infantry '%.40s' has no strength boxes (boxes=, GAP-03)", name);
    if (kind == MR_K_CAV && u->morale < 0)
        return lerr(L, WG_EDATA, "cavalry '%.40s' has no morale (morale=, GAP-03)", name);
    if (kind == MR_K_CDR && u->sv < 0)
        return lerr(L, WG_EDATA, "commander '%.40s' has no strategic value (sv=, GAP-03)", name);
    if (u->cic) {
        if (kind != MR_K_CDR)
            return lerr(L, WG_EDATA, "'%.40s': only a commander can be commander in chief", name);
        L->rd->cic[side] = L->rd->nunit - 1;
    }
    if (kind == MR_K_FLEET)
        L->rd->fleet = L->rd->nunit - 1;
    if (u->setup_zone < 0 && !u->freeplace && !u->landing)
        return lerr(L, WG_EDATA, "unit '%.40s' has no set-up zone (at=), free placement or landing", name);
    return WG_OK;
}

static int rec_garrison(loader *L)
{
    int side, rc, n, m;
    if ((rc = side_of(L, fld(L, 1), &side)) != WG_OK)
        return rc;
    if ((rc = getint_in(L, fld(L, 2), &n, "garrison counters", 0, MR_MAX_GARRISONS)) != WG_OK ||
        (rc = getint_in(L, fld(L, 3), &m, "garrison morale", 0, MR_MAX_SMALL_VALUE)) != WG_OK)
        return rc;
    for (int i = 0; i < n; i++) {
        mr_unitdef *u;
        char nm[MR_NAMELEN];
        snprintf(nm, sizeof nm, "%s garrison %d", side == MR_AA ? "AA" : "F", i + 1);
        if ((rc = add_unit(L, side, MR_K_GAR, nm, &u)) != WG_OK)
            return rc;
        u->morale = m;
        u->mp = 0;
        const char *at = fld(L, 4 + (size_t)i);
        if (at && (rc = zone_of(L, at, &u->setup_zone)) != WG_OK)
            return rc;
    }
    return WG_OK;
}

static int rec_event(loader *L)
{
    mr_rdata *rd = L->rd;
    const char *name = fld(L, 1), *eff = fld(L, 2);
    int rc;
    static const char *const effects[] = {"none", "cp", "burrard", "canicule", "charge", "counter", "landing",
                                          "argenton"};
    if (!name || !eff)
        return lerr(L, WG_EDATA, "event needs NAME EFFECT VALUE STAR%s", "");
    if (rd->nevt >= MR_MAXEVT)
        return lerr(L, WG_EDATA, "too many event kinds%s", "");
    mr_evdef *e = &rd->evt[rd->nevt];
    e->effect = -1;
    for (int i = 0; i < 8; i++)
        if (strcmp(eff, effects[i]) == 0)
            e->effect = i;
    if (e->effect < 0)
        return lerr(L, WG_EPARSE, "unknown event effect '%.30s'", eff);
    if ((rc = getint_in(L, fld(L, 3), &e->value, "event value", 0, MR_MAX_SMALL_VALUE)) != WG_OK ||
        (rc = getint_in(L, fld(L, 4), &e->star, "event star", 0, 1)) != WG_OK)
        return rc;
    snprintf(e->name, sizeof e->name, "%s", name);
    rd->nevt++;
    return WG_OK;
}

static int rec_container(loader *L, int hand)
{
    int side = 0, e = 0, n = 0, rc;
    if ((rc = side_of(L, fld(L, 1), &side)) != WG_OK || (rc = evt_of(L, fld(L, 2), &e)) != WG_OK ||
        (rc = getint_in(L, fld(L, 3), &n, "count", 1, MR_MAX_EVENT_COUNT)) != WG_OK)
        return rc;
    int held = L->rd->hand[side][e] + L->rd->container[side][e] + n;
    if (held > MR_MAX_EVENT_COUNT) {
        char what[160];
        snprintf(what, sizeof what, "%d counters of event '%.30s' for one side (container and hand) is above %d",
                 held, L->rd->evt[e].name, MR_MAX_EVENT_COUNT);
        return lerr(L, WG_EDATA, "%s", what);
    }
    if (hand)
        L->rd->hand[side][e] += n;
    else
        L->rd->container[side][e] += n;
    return WG_OK;
}

/* melee DIFF C1 C2 C3 C4 C5 C6 RETREAT: a supplied (not printed) row of the melee table (GAP-05). */
static int rec_melee(loader *L)
{
    int d, rc;
    if ((rc = getint_in(L, fld(L, 1), &d, "CP difference (rows 0-4 are printed)", 5, MR_MELEE_ROWS - 1)) != WG_OK)
        return rc;
    for (int c = 0; c < 7; c++) {
        const char *f = fld(L, 2 + (size_t)c);
        if (!f || strlen(f) > 7)
            return lerr(L, WG_EDATA, "melee row needs 6 cells and a retreat distance%s", "");
        /* checked now, not when a combat reaches the cell */
        if (!mr_melee_cell_ok(f)) {
            char what[96];
            snprintf(what, sizeof what, "melee row %d, field %d: '%.8s'", d, c + 2, f);
            return lerr(L, WG_EDATA, "%s is not 'W/L', 'N' or '-' with numbers 0 to 99 (§10.1)", what);
        }
        snprintf(L->rd->melee[d][c], sizeof L->rd->melee[d][c], "%s", f);
    }
    return WG_OK;
}

/* Reads the zone graph of a map document: terrain and flag names, connection type names of the form
   BASE[-stream|-river|-bridge|-impassable...] (doc/marechaux.md). */
static int translate_map(loader *L)
{
    mr_rdata *rd = L->rd;
    int nz = 0, nc = 0;
    const char *name;
    wg_map_space_count(&nz, L->map);
    wg_map_conn_count(&nc, L->map);
    if (nz > MR_MAXZ || nc > MR_MAXC)
        return wg__seterr(L->err, WG_EDATA, "marechaux map: at most %d zones and %d connections", MR_MAXZ, MR_MAXC);
    for (int z = 0; z < nz; z++) {
        int code = 0, t;
        uint32_t fl = 0, mf = 0;
        const char *zn = "";
        wg_map_name(&zn, L->map, z);
        wg_map_terrain(&code, L->map, z);
        if (wg_map_terrain_name(&name, L->map, code) != WG_OK || (t = terrain_of(name)) < 0)
            return wg__seterr(L->err, WG_EDATA, "marechaux map: zone '%.40s' has no clear/defensive/town terrain (LM-MAP-01)",
                              zn);
        if (!L->have_tdef[t])
            return wg__seterr(L->err, WG_EDATA,
                              "marechaux data: no defensive value for %s zones (terrain %s VALUE, GAP-01)", name, name);
        wg_map_flags(&mf, L->map, z);
        for (int b = 0; b < 32; b++) {
            if (!(mf & (1u << b)))
                continue;
            static const char *const fn[] = {"port", "south", "offmap", "loc-aa", "loc-f", "objective", "setup"};
            static const uint32_t fv[] = {MR_ZF_PORT, MR_ZF_SOUTH, MR_ZF_OFFMAP, MR_ZF_LOC_AA, MR_ZF_LOC_FR, MR_ZF_OBJ,
                                          MR_ZF_SETUP};
            int found = 0;
            if (wg_map_flag_name(&name, L->map, b) == WG_OK)
                for (int i = 0; i < 7; i++)
                    if (strcmp(name, fn[i]) == 0) {
                        fl |= fv[i];
                        found = 1;
                    }
            if (!found)
                return wg__seterr(L->err, WG_EDATA, "marechaux map: unknown zone flag of zone '%.40s'", zn);
        }
        rd->terrain[z] = t;
        rd->defval[z] = L->tdef[t];
        rd->zflags[z] = fl;
    }
    rd->nzone = nz;
    for (int c = 0; c < nc; c++) {
        int a, b, code, cost, type = -1;
        char buf[64];
        wg_map_conn_info(&a, &b, &code, &cost, L->map, c);
        if (wg_map_conntype_name(&name, L->map, code) != WG_OK || strlen(name) >= sizeof buf)
            return wg__seterr(L->err, WG_EDATA, "marechaux map: connection %d has no type name", c);
        snprintf(buf, sizeof buf, "%s", name);
        char *save = buf, *tok = buf;
        static const char *const types[] = {"route", "road", "path", "boat", "ferry", "exit"};
        for (int part = 0; tok; part++) {
            char *dash = strchr(save, '-');
            if (dash)
                *dash = 0;
            tok = save;
            if (part == 0) {
                for (int i = 0; i < 6; i++)
                    if (strcmp(tok, types[i]) == 0)
                        type = i;
                if (type < 0)
                    break;
            } else if (strcmp(tok, "stream") == 0 || strcmp(tok, "river") == 0) {
                type |= MR_CF_STREAM;
            } else if (strcmp(tok, "bridge") == 0) {
                type |= MR_CF_STREAM | MR_CF_BRIDGE;
            } else if (strcmp(tok, "impassable") == 0) {
                type |= MR_CF_IMPASS;
            } else {
                type = -1;
                break;
            }
            if (!dash)
                break;
            save = dash + 1;
        }
        if (type < 0)
            return wg__seterr(L->err, WG_EDATA,
                              "marechaux map: connection type '%.40s' is not route, road, path, boat, ferry or exit "
                              "with -stream, -river, -bridge or -impassable (LM-MAP-04..08)",
                              name);
        if (cost < 0 || cost > MR_MAX_COST) /* the map loader's range 0..9999 is the same */
            return wg__seterr(L->err, WG_EDATA, "marechaux map: connection %d cost %d is out of range (0..%d)", c, cost,
                              MR_MAX_COST);
        rd->ca[c] = a;
        rd->cb[c] = b;
        rd->ctype[c] = type;
        rd->ccost[c] = cost;
    }
    rd->nconn = nc;
    return WG_OK;
}

static int load_records(loader *L)
{
    size_t n = 0;
    int rc = WG_OK;
    wg_data_record_count(&n, L->doc);
    for (L->rec = 0; L->rec < n && rc == WG_OK; L->rec++) {
        const char *kw = fld(L, 0);
        if (strcmp(kw, "scenario") == 0)
            rc = rec_scenario(L);
        else if (strcmp(kw, "terrain") == 0)
            rc = rec_terrain(L);
        else if (strcmp(kw, "zone") == 0)
            rc = rec_zone(L);
        else if (strcmp(kw, "conn") == 0)
            rc = rec_conn(L);
        else if (strcmp(kw, "fatigue") == 0)
            rc = rec_fatigue(L);
        else if (strcmp(kw, "unit") == 0)
            rc = rec_unit(L);
        else if (strcmp(kw, "garrison") == 0)
            rc = rec_garrison(L);
        else if (strcmp(kw, "event") == 0)
            rc = rec_event(L);
        else if (strcmp(kw, "container") == 0)
            rc = rec_container(L, 0);
        else if (strcmp(kw, "hand") == 0)
            rc = rec_container(L, 1);
        else if (strcmp(kw, "melee") == 0)
            rc = rec_melee(L);
        else
            rc = lerr(L, WG_EPARSE, "unknown record '%.30s'", kw);
    }
    if (rc != WG_OK)
        return rc;
    if (L->map_given && (rc = translate_map(L)) != WG_OK)
        return rc;
    if (!L->have_scen)
        return wg__seterr(L->err, WG_EDATA, "marechaux data: no scenario record");
    if (!L->have_fat)
        return wg__seterr(L->err, WG_EDATA, "marechaux data: no fatigue markers (fatigue VALUE COUNT, GAP-04)");
    if (L->rd->nzone == 0 || L->rd->nconn == 0)
        return wg__seterr(L->err, WG_EDATA, "marechaux data: the map has no zones or no connections (GAP-02)");
    for (int s = 0; s < 2; s++) {
        if (L->rd->cic[s] < 0)
            return wg__seterr(L->err, WG_EDATA, "marechaux data: %s has no commander in chief (cic, GAP-03)",
                              s == MR_AA ? "AA" : "F");
        for (int i = 0; i < L->rd->decoys[s]; i++) {
            mr_unitdef *u;
            char nm[MR_NAMELEN];
            snprintf(nm, sizeof nm, "%s decoy %d", s == MR_AA ? "AA" : "F", i + 1);
            if ((rc = add_unit(L, s, MR_K_DECOY, nm, &u)) != WG_OK)
                return rc;
            u->mp = 0;
        }
    }
    return WG_OK;
}

int mr_data_load(mr_rdata **out, wg_map **mapout, wg_ctx *ctx, const char *mapbuf, size_t maplen, const char *buf,
                 size_t len, char *err)
{
    loader L;
    int rc;
    memset(&L, 0, sizeof L);
    L.ctx = ctx;
    L.err = err;
    rc = wg_data_parse(&L.doc, ctx, buf, len);
    if (rc != WG_OK)
        return wg__seterr(err, rc, "%s", wg_ctx_errmsg(ctx));
    if (strcmp(wg_data_kind(L.doc), "marechaux") != 0) {
        wg_data_free(L.doc);
        return wg__seterr(err, WG_EPARSE, "marechaux data: document kind must be 'marechaux'");
    }
    L.rd = wg__alloc(ctx, sizeof *L.rd);
    if (!L.rd)
        rc = WG_ENOMEM;
    else if (mapbuf) {
        L.map_given = 1;
        rc = wg_map_load(&L.map, ctx, mapbuf, maplen);
        if (rc != WG_OK && rc != WG_ENOMEM)
            wg__seterr(err, rc, "marechaux map: %s", wg_ctx_errmsg(ctx));
        if (rc == WG_OK) {
            int kind = 0;
            wg_map_kind_of(&kind, L.map);
            if (kind != WG_MAP_GRAPH)
                rc = wg__seterr(err, WG_EDATA, "marechaux map: the map must be a zone graph (grid graph)");
        }
    } else {
        rc = wg_map_new_graph(&L.map, ctx);
    }
    if (rc == WG_OK) {
        L.rd->cic[0] = L.rd->cic[1] = -1;
        L.rd->fleet = -1;
        rc = load_records(&L);
    }
    wg_data_free(L.doc);
    if (rc != WG_OK) {
        if (rc == WG_ENOMEM)
            wg__seterr(err, rc, "marechaux data: out of memory");
        wg_map_free(L.map);
        if (L.rd)
            wg__free(ctx, L.rd, sizeof *L.rd);
        return rc;
    }
    wg__ref_init(&L.rd->refs);
    L.rd->ctx = ctx;
    *out = L.rd;
    *mapout = L.map;
    return WG_OK;
}

void mr_data_free(wg_ctx *ctx, mr_rdata *rd)
{
    if (rd)
        wg__free(ctx, rd, sizeof *rd);
}

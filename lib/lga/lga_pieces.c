/* La Grande Armée: the pieces on the map for front ends, the players' names of hexes, the typed
   attributes of pieces, options and hexes (doc/lga.md, "Attributes, names and option order"), and the
   order of the options.  Nothing is hidden in this game: every viewer reads the same values. */
#include "lga.h"
#include "lga_seq.h"

#include <stdlib.h>
#include <string.h>

int wg__lga_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label)
{
    (void)viewer;
    const lga_state *s = lga_st(g);
    size_t k = 0;
    int found = 0;
    for (int u = 0; u < s->nunits; u++) {
        if (s->u[u].st != LGA_US_MAP || s->u[u].hex < 0)
            continue;
        if (k++ == i) {
            found = 1;
            *side = s->u[u].side;
            *space = s->u[u].hex;
            if (label)
                lga_unit_text(g, u, label);
        }
    }
    *count = k;
    return found ? WG_OK : WG_ERANGE;
}

/* ---------------------------------------------------------------- names */

void wg__lga_space_name(const wg_game *g, int space, wg_sb *sb)
{
    char num[8];
    lga_hex_number(&lga_rd(g)->board, space, num);
    wg__sb_printf(sb, "%s", num);
}

/* ---------------------------------------------------------------- keys */

enum {
    P_ID, P_TYPE, P_NATION, P_SIZE, P_NAME, P_LETTER, P_STRENGTH, P_MA, P_OFFENSE, P_DEFENSE, P_DISRUPTED,
    P_MOVED, P_MOVING, P_MP_SPENT, P_MP_LEFT, P_FORCED_MARCH, P_ATTACKED, P_BATTLE, P_SUPPLIED, P_SUPPLY_USED,
    P_ARRIVED, P_AUTOELIM, P_IN_FORTRESS, P_BESIEGED
};
const wg_attr_key wg__lga_piece_keys[] = {
    {"id", WG_ATTR_INT},          {"type", WG_ATTR_TEXT},        {"nation", WG_ATTR_TEXT},
    {"size", WG_ATTR_TEXT},       {"name", WG_ATTR_TEXT},        {"letter", WG_ATTR_TEXT},
    {"strength", WG_ATTR_INT},    {"movement", WG_ATTR_INT},     {"offense", WG_ATTR_INT},
    {"defense", WG_ATTR_INT},     {"disrupted", WG_ATTR_INT},    {"moved", WG_ATTR_INT},
    {"moving", WG_ATTR_INT},      {"mp_spent", WG_ATTR_INT},     {"mp_left", WG_ATTR_INT},
    {"forced_march", WG_ATTR_INT}, {"attacked", WG_ATTR_INT},    {"battle", WG_ATTR_INT},
    {"supplied", WG_ATTR_INT},    {"supply_used", WG_ATTR_INT},  {"arrived", WG_ATTR_INT},
    {"auto_eliminated", WG_ATTR_INT}, {"in_fortress", WG_ATTR_INT}, {"besieged", WG_ATTR_INT},
    {NULL, 0}};

enum {
    O_KIND, O_UNIT, O_PIECE, O_FROM, O_FROM_NAME, O_TO, O_TO_NAME, O_COST_MP, O_TARGET, O_TARGET_NAME, O_AT,
    O_AT_NAME, O_BATTLE, O_SUPPLY_UNIT, O_FORCED_MARCH, O_DIE, O_COMBINED, O_RIVER_HEXES, O_UNIT_TYPE,
    O_STRENGTH, O_MOVEMENT
};
const wg_attr_key wg__lga_option_keys[] = {
    {"kind", WG_ATTR_TEXT},        {"unit", WG_ATTR_INT},          {"piece", WG_ATTR_INT},
    {"from", WG_ATTR_INT},         {"from_name", WG_ATTR_TEXT},    {"to", WG_ATTR_INT},
    {"to_name", WG_ATTR_TEXT},     {"cost_mp", WG_ATTR_INT},       {"target", WG_ATTR_INT},
    {"target_name", WG_ATTR_TEXT}, {"at", WG_ATTR_INT},            {"at_name", WG_ATTR_TEXT},
    {"battle", WG_ATTR_INT},       {"supply_unit", WG_ATTR_INT},   {"forced_march", WG_ATTR_INT},
    {"die", WG_ATTR_INT},          {"combined", WG_ATTR_INT},      {"river_hexes", WG_ATTR_INT},
    {"unit_type", WG_ATTR_TEXT},   {"strength", WG_ATTR_INT},      {"movement", WG_ATTR_INT},
    {NULL, 0}};

enum { S_NUMBER, S_PLACE, S_FORTRESS, S_CITY, S_CONTROL, S_BESIEGED, S_VP, S_SIEGE_VP, S_REGION, S_RIVERS, S_BRIDGES,
       S_LAKES };
const wg_attr_key wg__lga_space_keys[] = {
    {"number", WG_ATTR_INT},   {"place", WG_ATTR_TEXT},    {"fortress", WG_ATTR_INT}, {"city", WG_ATTR_INT},
    {"control", WG_ATTR_INT},  {"besieged", WG_ATTR_INT},  {"vp", WG_ATTR_INT},       {"siege_vp", WG_ATTR_INT},
    {"region", WG_ATTR_TEXT},  {"rivers", WG_ATTR_INT},    {"bridges", WG_ATTR_INT},  {"lakes", WG_ATTR_INT},
    {NULL, 0}};


static const char *const type_names[5] = {"infantry", "cavalry", "leader", "supply", "depot"};
static const char *const nat_names[5] = {"french", "austrian", "prussian", "saxon", "russian"};
static const char *const size_names[5] = {"", "brigade", "division", "corps", "army"};
static const char *const kind_names[] = {
    "?",          "end",       "select",  "forced_march", "move",   "stop",     "roll",
    "halt",       "again",     "select_reinforcement",    "place",  "breakdown", "combine",
    "eliminate",  "attack",    "drop",    "supply",       "retreat_before_combat", "battle",
    "retreat",    "advance",   "create_supply",           "autoplace", "automatic_elimination",
    "exit",       "fortress_supply",       "step"};

/* The unit of piece i (the order of wg__lga_piece), -1 when none. */
static int piece_unit(const lga_state *s, size_t i)
{
    size_t k = 0;
    for (int u = 0; u < s->nunits; u++) {
        if (s->u[u].st != LGA_US_MAP || s->u[u].hex < 0)
            continue;
        if (k++ == i)
            return u;
    }
    return -1;
}

/* The index of unit u among the pieces, -1 when it is not on the map. */
static int unit_piece(const lga_state *s, int u)
{
    if (u < 0 || u >= s->nunits || s->u[u].st != LGA_US_MAP || s->u[u].hex < 0)
        return -1;
    int k = 0;
    for (int v = 0; v < u; v++)
        k += s->u[v].st == LGA_US_MAP && s->u[v].hex >= 0;
    return k;
}

#define INT(v) (*iv = (v), WG_OK)
#define TEXT(t) (wg__sb_printf(sb, "%s", (t)), WG_OK)

static int hex_int(const lga_board *b, int hex, int64_t *iv)
{
    if (hex < 0 || hex >= b->nhex)
        return WG_ENOTFOUND;
    *iv = hex;
    return WG_OK;
}

static int hex_name(const lga_board *b, int hex, wg_sb *sb)
{
    char num[8];
    if (lga_hex_number(b, hex, num) < 0)
        return WG_ENOTFOUND;
    return TEXT(num);
}

static int piece_attr(const wg_game *g, size_t i, int key, int64_t *iv, wg_sb *sb)
{
    const lga_state *s = lga_st(g);
    const lga_rdata *rd = lga_rd(g);
    int ui = piece_unit(s, i);
    if (ui < 0)
        return WG_ERANGE;
    const lga_unit *u = &s->u[ui];
    int leader = u->type == LGA_LEADER, movement = s->phase == 0 && s->mode != LGA_M_SETUP && s->mode != LGA_M_OVER;
    int combat = s->phase == 1 && s->mode != LGA_M_OVER;
    int moving = movement && s->cur == ui &&
                 (s->mode == LGA_M_FMDECL || s->mode == LGA_M_DEST || s->mode == LGA_M_FMROLL ||
                  s->mode == LGA_M_FMOP || s->mode == LGA_M_FMROLL2);
    switch (key) {
    case P_ID: return INT(u->id);
    case P_TYPE: return u->type < 5 ? TEXT(type_names[u->type]) : WG_ENOTFOUND;
    case P_NATION: return u->nat < 5 ? TEXT(nat_names[u->nat]) : WG_ENOTFOUND;
    case P_SIZE: return u->size > 0 && u->size < 5 ? TEXT(size_names[u->size]) : WG_ENOTFOUND;
    case P_NAME:
        if (!leader || u->name == 0xffff || !rd->scen.src)
            return WG_ENOTFOUND;
        return TEXT(rd->scen.src->spec[u->name].name);
    case P_LETTER: {
        if (!leader || !u->letter)
            return WG_ENOTFOUND;
        char l[2] = {(char)u->letter, 0};
        return TEXT(l);
    }
    case P_STRENGTH: return INT(u->str);
    case P_MA: return INT(u->ma);
    case P_OFFENSE: return leader ? INT(u->off) : WG_ENOTFOUND;
    case P_DEFENSE: return leader ? INT(u->def) : WG_ENOTFOUND;
    case P_DISRUPTED: return INT(u->dis ? 1 : 0);
    case P_MOVED: return movement && u->side == s->pturn ? INT((u->flags & LGA_UF_MOVED) ? 1 : 0) : WG_ENOTFOUND;
    case P_MOVING: return movement && u->side == s->pturn ? INT(moving) : WG_ENOTFOUND;
    case P_MP_SPENT: return movement && u->side == s->pturn ? INT(u->mp) : WG_ENOTFOUND;
    case P_MP_LEFT: {
        if (!moving)
            return WG_ENOTFOUND;
        lga_run r;
        lga_run_init_const(&r, g);
        int b = lga_unit_budget(&r);
        return INT(b > 0 ? b : 0);
    }
    case P_FORCED_MARCH: return moving && s->mode != LGA_M_FMDECL ? INT(s->fmkind) : WG_ENOTFOUND;
    case P_ATTACKED: return combat && u->side == s->pturn ? INT((u->flags & LGA_UF_ATTACKED) ? 1 : 0) : WG_ENOTFOUND;
    case P_BATTLE: return combat && u->battle ? INT(u->battle - 1) : WG_ENOTFOUND;
    case P_SUPPLIED: return combat && lga_is_combat(u) ? INT((u->flags & LGA_UF_SUPPLIED) ? 1 : 0) : WG_ENOTFOUND;
    case P_SUPPLY_USED:
        return u->type == LGA_SUPPLY ? INT((u->flags & (LGA_UF_SUP_USED | LGA_UF_SUP_FM)) ? 1 : 0) : WG_ENOTFOUND;
    case P_ARRIVED: return movement && u->side == s->pturn ? INT((u->flags & LGA_UF_ARRIVED) ? 1 : 0) : WG_ENOTFOUND;
    case P_AUTOELIM: return INT((u->flags & LGA_UF_AE) ? 1 : 0);
    case P_IN_FORTRESS: return INT(rd->board.terrain[u->hex] == LGA_T_FORTRESS);
    case P_BESIEGED: {
        if (rd->board.terrain[u->hex] != LGA_T_FORTRESS)
            return WG_ENOTFOUND;
        lga_run r;
        lga_run_init_const(&r, g);
        return INT(lga_besieged(&r, u->hex) && lga_ctl(s, u->hex) == u->side);
    }
    default: return WG_ENOTFOUND;
    }
}

/* The unit an option is about (the current unit for the moves, placements and retreats), -1 none. */
static int option_unit(const lga_state *s, uint64_t a)
{
    int k = LGA_AK(a), x = LGA_AA(a);
    switch (k) {
    case LGA_A_SELECT: case LGA_A_PLACESEL: case LGA_A_BREAKDOWN: case LGA_A_ELIM: case LGA_A_DROP:
    case LGA_A_SUPPLY: case LGA_A_RBC: case LGA_A_ADVANCE: case LGA_A_CREATE: case LGA_A_EXIT: case LGA_A_FORTSUP:
        return x >= 0 && x < s->nunits ? x : -1;
    case LGA_A_FM: case LGA_A_DEST: case LGA_A_STEP: case LGA_A_PLACE: case LGA_A_HALT: case LGA_A_AGAIN:
        return s->mode == LGA_M_SETUP || s->mode == LGA_M_SPECIAL || s->mode == LGA_M_PLACE || s->mode == LGA_M_FMDECL ||
                       s->mode == LGA_M_DEST || s->mode == LGA_M_FMOP
                   ? s->cur
                   : -1;
    case LGA_A_STOP: return s->mode == LGA_M_DEST || s->mode == LGA_M_PLACE ? s->cur : -1;
    case LGA_A_RETREAT:
        if (s->mode == LGA_M_RETREAT)
            return s->rq_i < s->rq_n ? s->rq[s->rq_i] : -1;
        return s->cur;
    default: return -1;
    }
}

/* The cost in MP of a destination: the steps of the route the move takes (the search's tree). */
static int dest_cost(const wg_game *g, int ui, int dest)
{
    lga_run r;
    lga_run_init_const(&r, g);
    r.g = (wg_game *)g; /* read only: lga_reach_path takes the tree of the enumeration from the scratch */
    const lga_state *s = r.s;
    int16_t path[LGA_MAX_LIST];
    int n = lga_reach_path(&r, ui, lga_unit_budget(&r), dest, path, LGA_MAX_LIST);
    if (n <= 0)
        return -1;
    int start = s->mstart >= 0 ? s->mstart : s->u[ui].hex, from = s->u[ui].hex, cost = 0;
    for (int i = 0; i < n; i++) {
        int stop, d = lga_board_dir(r.b, from, path[i]);
        int c = d < 0 ? -1 : lga_step_cost_move(&r, ui, start, from, path[i], d, &stop);
        if (c < 0)
            return -1;
        cost += c;
        from = path[i];
    }
    return cost;
}

static int option_attr(const wg_game *g, size_t i, int key, int64_t *iv, wg_sb *sb)
{
    const lga_state *s = lga_st(g);
    const lga_board *b = &lga_rd(g)->board;
    uint64_t a = g->opts[i].action;
    int k = LGA_AK(a), x = LGA_AA(a), y = LGA_AB(a), z = LGA_AC(a);
    int ui = option_unit(s, a);
    int uhex = ui >= 0 && s->u[ui].st == LGA_US_MAP ? s->u[ui].hex : -1;
    int from = -1, to = -1, target = -1, at = -1;
    switch (k) {
    case LGA_A_SELECT: case LGA_A_EXIT: from = uhex; break;
    case LGA_A_DEST: case LGA_A_STEP: from = uhex; to = x; break;
    case LGA_A_PLACE: to = x; break;
    case LGA_A_RETREAT: from = uhex; to = x; break;
    case LGA_A_ADVANCE: from = uhex; to = y; break;
    case LGA_A_DECLARE:
        from = (z & LGA_DF_COMBINED) ? -1 : x;
        target = y;
        break;
    case LGA_A_AUTOELIM: from = x; target = y; break;
    case LGA_A_BATTLE: target = x >= 0 && x < s->nbattles ? s->battles[x].target[0] : -1; break;
    case LGA_A_COMBINE: at = x; break;
    case LGA_A_BREAKDOWN: case LGA_A_ELIM: case LGA_A_DROP: case LGA_A_SUPPLY: case LGA_A_RBC: case LGA_A_CREATE:
    case LGA_A_FORTSUP: at = uhex; break;
    default: break;
    }
    switch (key) {
    case O_KIND: return k > 0 && k < (int)(sizeof kind_names / sizeof kind_names[0]) ? TEXT(kind_names[k]) : WG_ENOTFOUND;
    case O_UNIT: return ui >= 0 ? INT(s->u[ui].id) : WG_ENOTFOUND;
    case O_PIECE: {
        int p = unit_piece(s, ui);
        return p >= 0 ? INT(p) : WG_ENOTFOUND;
    }
    case O_FROM: return hex_int(b, from, iv);
    case O_FROM_NAME: return hex_name(b, from, sb);
    case O_TO: return hex_int(b, to, iv);
    case O_TO_NAME: return hex_name(b, to, sb);
    case O_COST_MP: {
        if ((k != LGA_A_DEST && k != LGA_A_STEP) || s->mode != LGA_M_DEST || ui < 0 || uhex < 0)
            return WG_ENOTFOUND;
        int c;
        if (k == LGA_A_STEP) {
            lga_run r;
            lga_run_init_const(&r, g);
            int stop, d = lga_board_dir(b, uhex, x);
            c = d < 0 ? -1 : lga_step_cost_move(&r, ui, s->mstart >= 0 ? s->mstart : uhex, uhex, x, d, &stop);
        } else {
            c = dest_cost(g, ui, x);
        }
        return c >= 0 ? INT(c) : WG_ENOTFOUND;
    }
    case O_TARGET: return hex_int(b, target, iv);
    case O_TARGET_NAME: return hex_name(b, target, sb);
    case O_AT: return hex_int(b, at, iv);
    case O_AT_NAME: return hex_name(b, at, sb);
    case O_BATTLE:
        if (k == LGA_A_BATTLE)
            return INT(x);
        if ((s->mode == LGA_M_MEMBERS || s->mode == LGA_M_ASUPPLY) && s->nbattles > 0 &&
            (k == LGA_A_DROP || k == LGA_A_SUPPLY || k == LGA_A_FORTSUP))
            return INT(s->nbattles - 1);
        if ((s->mode == LGA_M_RBC || s->mode == LGA_M_DSUPPLY || s->mode == LGA_M_HALFEX || s->mode == LGA_M_ADVANCE ||
             s->mode == LGA_M_RETREAT) && s->battle >= 0 && s->battle < s->nbattles && k != LGA_A_END)
            return INT(s->battle);
        return WG_ENOTFOUND;
    case O_SUPPLY_UNIT:
        if (k == LGA_A_FM && x == 1 && y >= 0 && y < s->nunits)
            return INT(s->u[y].id);
        if (k == LGA_A_AUTOELIM && z > 0 && z - 1 < s->nunits)
            return INT(s->u[z - 1].id);
        return WG_ENOTFOUND;
    case O_FORCED_MARCH: return k == LGA_A_FM ? INT(x) : WG_ENOTFOUND;
    case O_DIE: return k == LGA_A_FACE ? INT(x) : WG_ENOTFOUND;
    case O_COMBINED: return k == LGA_A_DECLARE ? INT((z & LGA_DF_COMBINED) ? 1 : 0) : WG_ENOTFOUND;
    case O_RIVER_HEXES: return k == LGA_A_DECLARE ? INT((z & LGA_DF_RIVER_HEXES) ? 1 : 0) : WG_ENOTFOUND;
    case O_UNIT_TYPE: return k == LGA_A_COMBINE && y >= 0 && y < 5 ? TEXT(type_names[y]) : WG_ENOTFOUND;
    case O_STRENGTH: return k == LGA_A_COMBINE ? INT(z & 0xff) : WG_ENOTFOUND;
    case O_MOVEMENT: return k == LGA_A_COMBINE ? INT((z >> 8) & 0xff) : WG_ENOTFOUND;
    default: return WG_ENOTFOUND;
    }
}

static int space_attr(const wg_game *g, int h, int key, int64_t *iv, wg_sb *sb)
{
    const lga_rdata *rd = lga_rd(g);
    const lga_board *b = &rd->board;
    const lga_state *s = lga_st(g);
    if (h < 0 || h >= b->nhex)
        return WG_ERANGE;
    int t = b->terrain[h], objective = t == LGA_T_FORTRESS || t == LGA_T_CITY;
    switch (key) {
    case S_NUMBER: {
        char num[8];
        return INT(lga_hex_number(b, h, num));
    }
    case S_PLACE: {
        const char *name = NULL;
        if (!g->map || wg_map_name(&name, g->map, h) != WG_OK || !name || !name[0])
            return WG_ENOTFOUND;
        return TEXT(name);
    }
    case S_FORTRESS: return INT(t == LGA_T_FORTRESS);
    case S_CITY: return INT(t == LGA_T_CITY);
    case S_CONTROL: {
        int c = objective ? lga_ctl(s, h) : -1;
        return c >= 0 ? INT(c) : WG_ENOTFOUND;
    }
    case S_BESIEGED: {
        if (t != LGA_T_FORTRESS)
            return WG_ENOTFOUND;
        lga_run r;
        lga_run_init_const(&r, g);
        return INT(lga_besieged(&r, h) ? 1 : 0);
    }
    case S_VP:
    case S_SIEGE_VP:
        for (int i = 0; i < rd->scen.nobj; i++)
            if (rd->scen.obj[i].hex == h) {
                int v = key == S_VP ? rd->scen.obj[i].control_vp : rd->scen.obj[i].siege_vp;
                return v >= 0 ? INT(v) : WG_ENOTFOUND;
            }
        return WG_ENOTFOUND;
    case S_REGION:
        if (b->hflags[h] & LGA_HF_AUSTRIA)
            return TEXT("austria");
        if (b->hflags[h] & LGA_HF_PRUSSIA)
            return TEXT("prussia");
        if (b->hflags[h] & LGA_HF_SAXONY)
            return TEXT("saxony");
        return WG_ENOTFOUND;
    default: {
        int n = 0;
        uint8_t want = key == S_RIVERS ? LGA_HS_RIVER : key == S_BRIDGES ? LGA_HS_BRIDGE : LGA_HS_LAKE;
        for (int d = 0; d < 6; d++)
            n += (b->side[h][d] & want) != 0;
        return INT(n);
    }
    }
}

int wg__lga_attr(const wg_game *g, int viewer, int of, size_t i, int key, int64_t *iv, wg_sb *sb)
{
    (void)viewer; /* open information: every viewer reads the same */
    int64_t dummy = 0;
    if (!iv)
        iv = &dummy;
    switch (of) {
    case WG_ATTR_PIECE: return piece_attr(g, i, key, iv, sb);
    case WG_ATTR_OPTION: return i < g->nopts ? option_attr(g, i, key, iv, sb) : WG_ERANGE;
    case WG_ATTR_SPACE: return i < (size_t)lga_rd(g)->board.nhex ? space_attr(g, (int)i, key, iv, sb) : WG_ERANGE;
    default: return WG_ENOTFOUND;
    }
}

/* ---------------------------------------------------------------- option order */

static uint64_t uid(const lga_state *s, int u)
{
    return u >= 0 && u < s->nunits ? s->u[u].id : 0;
}

/* The printed hex number as lga_hex_number gives it (column * 100 + row), 0 off the map. */
static uint64_t hnum(const lga_board *b, int h)
{
    if (h < 0 || h >= b->nhex || b->cols <= 0)
        return 0;
    return (uint64_t)((h % b->cols + 1) * 100 + h / b->cols + 1);
}

/* The sort key of an option within its kind (doc/lga.md): different for any two options of a kind
   that is sorted; 0 for a kind kept in the order built. */
static int ord_key(const lga_state *s, const lga_board *b, uint64_t a, uint64_t *key)
{
    int k = LGA_AK(a), x = LGA_AA(a), y = LGA_AB(a), z = LGA_AC(a);
    switch (k) {
    case LGA_A_SELECT: case LGA_A_PLACESEL: case LGA_A_BREAKDOWN: case LGA_A_ELIM: case LGA_A_DROP:
    case LGA_A_SUPPLY: case LGA_A_RBC: case LGA_A_CREATE: case LGA_A_EXIT: case LGA_A_FORTSUP:
        *key = uid(s, x);
        return 1;
    case LGA_A_FM: *key = (uint64_t)(uint16_t)x << 32 | (x == 1 ? uid(s, y) : 0); return 1;
    case LGA_A_PLACE: case LGA_A_RETREAT: *key = hnum(b, x); return 1;
    case LGA_A_ADVANCE: *key = uid(s, x) << 32 | hnum(b, y); return 1;
    case LGA_A_DECLARE:
        *key = hnum(b, (z & LGA_DF_COMBINED) ? y : x) << 40 | hnum(b, y) << 16 | (uint64_t)(uint16_t)z;
        return 1;
    case LGA_A_AUTOELIM: *key = hnum(b, x) << 40 | hnum(b, y) << 20 | (z > 0 ? uid(s, z - 1) + 1 : 0); return 1;
    case LGA_A_COMBINE: *key = hnum(b, x) << 32 | (uint64_t)(uint16_t)y << 16 | (uint64_t)(uint16_t)z; return 1;
    case LGA_A_BATTLE: case LGA_A_FACE: *key = (uint64_t)(uint16_t)x; return 1;
    default: *key = 0; return 0; /* end, stop, halt/again, autoplace; move and step come sorted by opts_dest */
    }
}

static uint64_t key_of(const wg_game *g, const wg_option *o)
{
    uint64_t k = 0;
    ord_key(lga_st(g), &lga_rd(g)->board, o->action, &k);
    return k;
}

/* Heap sort of o[0..n) by key (in place: option enumeration allocates nothing more). */
static void sift(const wg_game *g, wg_option *o, size_t root, size_t n)
{
    for (;;) {
        size_t c = 2 * root + 1;
        if (c >= n)
            return;
        if (c + 1 < n && key_of(g, &o[c + 1]) > key_of(g, &o[c]))
            c++;
        if (key_of(g, &o[c]) <= key_of(g, &o[root]))
            return;
        wg_option t = o[c];
        o[c] = o[root];
        o[root] = t;
        root = c;
    }
}

/* Heap sort of o[0..n) by the keys held in their weights (see lga_opts_order). */
static void sift_weight(wg_option *o, size_t root, size_t n)
{
    for (;;) {
        size_t c = 2 * root + 1;
        if (c >= n)
            return;
        if (c + 1 < n && o[c + 1].weight > o[c].weight)
            c++;
        if (o[c].weight <= o[root].weight)
            return;
        wg_option t = o[c];
        o[c] = o[root];
        o[root] = t;
        root = c;
    }
}

int lga_opts_order(wg_game *g)
{
    size_t n = g->nopts;
    const lga_state *s = lga_st(g);
    const lga_board *b = &lga_rd(g)->board;
    /* each run of options of one kind (the kinds come in the order they are built) */
    for (size_t i = 0; i < n;) {
        int k = LGA_AK(g->opts[i].action);
        size_t j = i + 1;
        while (j < n && LGA_AK(g->opts[j].action) == k)
            j++;
        uint64_t key;
        int unit_weights = 1;
        for (size_t x = i; x < j && unit_weights; x++)
            unit_weights = g->opts[x].weight == 1;
        if (j - i > 1 && unit_weights && ord_key(s, b, g->opts[i].action, &key)) {
            /* every option of the game weighs 1: the weights hold the keys while the run is sorted, so
               that each key is computed once (the keys differ within a sorted kind: any sort gives the
               one order) */
            wg_option *o = g->opts + i;
            size_t m = j - i;
            for (size_t x = 0; x < m; x++)
                ord_key(s, b, o[x].action, &o[x].weight);
            for (size_t r = m / 2; r-- > 0;)
                sift_weight(o, r, m);
            for (size_t e = m - 1; e > 0; e--) {
                wg_option t = o[0];
                o[0] = o[e];
                o[e] = t;
                sift_weight(o, 0, e);
            }
            for (size_t x = 0; x < m; x++)
                o[x].weight = 1;
        } else if (j - i > 1 && ord_key(s, b, g->opts[i].action, &key)) {
            wg_option *o = g->opts + i;
            size_t m = j - i;
            for (size_t r = m / 2; r-- > 0;)
                sift(g, o, r, m);
            for (size_t e = m - 1; e > 0; e--) {
                wg_option t = o[0];
                o[0] = o[e];
                o[e] = t;
                sift(g, o, 0, e);
            }
        }
        i = j;
    }
    return WG_OK;
}

/* Ascending sort of n <= LGA_MAX_LIST uint32 keys: longer lists by a radix sort by bytes, least
   significant first (linear in n; a byte every key shares is skipped). */
static void sort_u32(uint32_t *k, int n)
{
    if (n <= 48) { /* short lists (the steps of a traced move): insertion */
        for (int i = 1; i < n; i++) {
            uint32_t x = k[i];
            int j = i;
            for (; j > 0 && k[j - 1] > x; j--)
                k[j] = k[j - 1];
            k[j] = x;
        }
        return;
    }
    uint32_t tmp[LGA_MAX_LIST];
    uint32_t *src = k, *dst = tmp;
    int cnt[4][256]; /* the four bytes' counts in one pass */
    memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < n; i++) {
        uint32_t x = k[i];
        cnt[0][x & 0xffu]++;
        cnt[1][x >> 8 & 0xffu]++;
        cnt[2][x >> 16 & 0xffu]++;
        cnt[3][x >> 24]++;
    }
    for (int byte = 0; byte < 4; byte++) {
        unsigned sh = 8u * (unsigned)byte;
        int *c = cnt[byte];
        if (c[k[0] >> sh & 0xffu] == n)
            continue; /* one value of this byte: the order stands */
        int pos = 0;
        for (int v = 0; v < 256; v++) {
            int m = c[v];
            c[v] = pos;
            pos += m;
        }
        for (int i = 0; i < n; i++)
            dst[c[src[i] >> sh & 0xffu]++] = src[i];
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != k)
        memcpy(k, src, (size_t)n * sizeof *k);
}

void lga_reach_sort(const lga_board *b, lga_reach *rc)
{
    uint32_t key[LGA_MAX_LIST];
    int n = rc->n < LGA_MAX_LIST ? rc->n : LGA_MAX_LIST;
    for (int i = 0; i < n; i++)
        key[i] = (uint32_t)rc->cost[i] << 24 | (uint32_t)hnum(b, rc->hex[i]) << 8 | rc->stop[i];
    sort_u32(key, n);
    for (int i = 0; i < n; i++) {
        int num = (int)(key[i] >> 8 & 0xffff), col = num / 100 - 1, row = num % 100 - 1;
        rc->hex[i] = (int16_t)(row * b->cols + col);
        rc->cost[i] = (uint8_t)(key[i] >> 24);
        rc->stop[i] = (uint8_t)(key[i] & 0xff);
    }
}

/* La Grande Armée: the board (hex grid with terrain, regions, edges and hex-sides). */
#include "lga_internal.h"

#include <stdlib.h>
#include <string.h>

static const int dq[6] = {1, 1, 0, -1, -1, 0};
static const int dr[6] = {-1, 0, 1, 1, 0, -1};

static void to_axial(int col, int row, int *q, int *r)
{
    *q = col;
    *r = row - (col - (col & 1)) / 2;
}

static void to_offset(int q, int r, int *col, int *row)
{
    *col = q;
    *row = r + (q - (q & 1)) / 2;
}

static void finish_hex(lga_board *b, int h)
{
    unsigned m = b->terrain[h] == LGA_T_FORTRESS ? LGA_ZM_FORT : 0u;
    for (int d = 0; d < 6; d++) {
        int n = b->nb[h][d];
        uint8_t hs = b->side[h][d];
        if (n < 0 || (hs & LGA_HS_LAKE) || ((hs & LGA_HS_RIVER) && !(hs & LGA_HS_BRIDGE)) ||
            b->terrain[n] == LGA_T_FORTRESS)
            continue;
        m |= 1u << d;
    }
    b->zmask[h] = (uint8_t)m;
    for (int d = 0; d < 6; d++) {
        int to = b->nb[h][d];
        uint8_t hs = b->side[h][d];
        b->step[h][d].n = (int16_t)to;
        for (int cav = 0; cav < 2; cav++) {
            int cost;
            b->step[h][d].cost[cav] = LGA_MC_NO;
            if (to < 0 || (hs & LGA_HS_LAKE))
                continue; /* LGA-GAP-32, LGA-GAP-22 */
            int tt = b->terrain[to], tf = b->terrain[h];
            if (tt == LGA_T_MOUNTAIN) {
                if (cav)
                    continue; /* LGA-MOVE-08 */
                cost = 3;     /* LGA-TEC-06, LGA-MOVE-09 */
            } else if (tt == LGA_T_PASS) {
                if (tf == LGA_T_PASS || (b->hflags[h] & LGA_HF_PASS_ENTRY)) {
                    cost = 1; /* LGA-MOVE-10 */
                } else {
                    if (cav)
                        continue; /* LGA-MOVE-12 */
                    cost = 3;     /* LGA-MOVE-11 */
                }
            } else {
                cost = 1;
            }
            if (tf == LGA_T_PASS && tt != LGA_T_PASS && !(b->hflags[to] & LGA_HF_PASS_ENTRY)) {
                if (cav)
                    continue; /* LGA-MOVE-12 */
                cost += 2;    /* LGA-MOVE-11, LGA-GAP-20 */
            }
            if ((hs & LGA_HS_RIVER) && !(hs & LGA_HS_BRIDGE))
                cost += 2; /* LGA-TEC-04/05 */
            b->step[h][d].cost[cav] = (uint8_t)cost;
        }
    }
}

void lga_board_finish(lga_board *b)
{
    b->nbsym = 1;
    for (int h = 0; h < b->nhex; h++) {
        finish_hex(b, h);
        for (int d = 0; d < 6; d++) {
            int n = b->nb[h][d];
            if (n >= 0 && (n >= b->nhex || b->nb[n][(d + 3) % 6] != h || n / b->cols - h / b->cols > 1 ||
                           h / b->cols - n / b->cols > 1))
                b->nbsym = 0;
        }
    }
}

int lga_board_hex(const lga_board *b, int col, int row)
{
    if (col < 0 || row < 0 || col >= b->cols || row >= b->rows)
        return -1;
    return row * b->cols + col;
}

int lga_hex_number(const lga_board *b, int hex, char out[8])
{
    if (hex < 0 || hex >= b->nhex || b->cols <= 0) {
        memcpy(out, "off-map", 8);
        return -1;
    }
    int col = hex % b->cols + 1, row = hex / b->cols + 1;
    /* the map has at most 99 columns and rows: two digits each */
    out[0] = (char)('0' + col / 10 % 10);
    out[1] = (char)('0' + col % 10);
    out[2] = (char)('0' + row / 10 % 10);
    out[3] = (char)('0' + row % 10);
    out[4] = '\0';
    return col * 100 + row;
}

void lga_board_init(lga_board *b, int cols, int rows)
{
    memset(b, 0, sizeof *b);
    if (cols * rows > LGA_MAX_HEX)
        rows = LGA_MAX_HEX / cols;
    b->cols = cols;
    b->rows = rows;
    b->nhex = cols * rows;
    for (int h = 0; h < b->nhex; h++) {
        int col = h % cols, row = h / cols, q, r;
        to_axial(col, row, &q, &r);
        b->q[h] = q;
        b->r[h] = r;
        for (int d = 0; d < 6; d++) {
            int c2, r2;
            to_offset(q + dq[d], r + dr[d], &c2, &r2);
            b->nb[h][d] = (int16_t)lga_board_hex(b, c2, r2);
        }
        uint16_t f = 0;
        if (row == 0)
            f |= LGA_HF_EDGE_N;
        if (row == rows - 1)
            f |= LGA_HF_EDGE_S;
        if (col == 0)
            f |= LGA_HF_EDGE_W;
        if (col == cols - 1)
            f |= LGA_HF_EDGE_E;
        b->hflags[h] = f;
    }
    lga_board_finish(b);
}

void lga_board_set_side(lga_board *b, int hex, int dir, uint8_t flags)
{
    int n = b->nb[hex][dir];
    b->side[hex][dir] = flags;
    if (n >= 0)
        b->side[n][(dir + 3) % 6] = flags;
    finish_hex(b, hex);
    if (n >= 0)
        finish_hex(b, n);
}

int lga_board_dir(const lga_board *b, int from, int to)
{
    for (int d = 0; d < 6; d++)
        if (b->nb[from][d] == to)
            return d;
    return -1;
}

int lga_board_distance(const lga_board *b, int a, int c)
{
    int dqq = b->q[a] - b->q[c], drr = b->r[a] - b->r[c], ds = -dqq - drr;
    return (abs(dqq) + abs(drr) + abs(ds)) / 2;
}

/* The map's terrain codes and space/hex-side flags use the lga vocabulary directly
   (doc/lga-data.md): terrain LGA_T_*, flags LGA_HF_*, hex-sides LGA_HS_*. */
int lga_board_from_map(lga_board *b, const wg_map *map, char *err)
{
    int cols, rows;
    if (!map || map->kind != WG_MAP_HEX)
        return wg__seterr(err, WG_EDATA, "lga needs a hex map (LGA-GAP-01)");
    cols = map->cols;
    rows = map->rows;
    if (cols <= 0 || rows <= 0 || cols * rows > LGA_MAX_HEX)
        return wg__seterr(err, WG_EDATA, "lga map of %dx%d hexes exceeds %d hexes", cols, rows, LGA_MAX_HEX);
    memset(b, 0, sizeof *b);
    b->cols = cols;
    b->rows = rows;
    b->nhex = map->nspace;
    for (int h = 0; h < b->nhex; h++) {
        for (int d = 0; d < 6; d++) {
            b->nb[h][d] = (int16_t)wg__map_hex_neighbor(map, h, d);
            b->side[h][d] = (uint8_t)(map->hexside ? map->hexside[h * 6 + d] : 0);
        }
        int t = map->terrain[h];
        if (t < LGA_T_CLEAR || t > LGA_T_PASS)
            return wg__seterr(err, WG_EDATA, "hex %d has terrain %d, not an lga terrain", h, t);
        b->terrain[h] = (uint8_t)t;
        b->hflags[h] = (uint16_t)map->flags[h];
        b->q[h] = map->hq[h]; /* the map's own layout */
        b->r[h] = map->hr[h];
    }
    lga_board_finish(b);
    return WG_OK;
}

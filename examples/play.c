/* wg-play — a terminal front end for libwargame.
 *
 *   wg-play [-r RULESET] [-s SCENARIO] [-S SEED] [-o OPTIONS] [-p PLAYER] [-l FILE] [-q] [-M]
 *           [-m MAXSTEPS] [--bot SPEC] [--svg FILE] [--practice] [-h|--help]
 *
 * Without -p, two bots play the scenario to the end and the program prints the log turn by turn and
 * the result.  With -p you play one player (a number or a name, in any case: "-p French") against
 * the bot: the program shows your view of the game, the decision and its numbered options, and
 * reads your choice from standard input.  `wg-play --help` lists the rulesets, their scenarios and
 * players, the options and every command; `h` at the prompt lists the commands.  Chance decisions
 * are rolled by the game's own seeded dice.  -M draws the board at every game-turn.  --bot SPEC
 * plays the side(s) you do not play with a bot of the library (wg_bot_new: "random", "mcts",
 * "mcts:2000", "mcts iterations=2000 depth=40"; doc/bots.md), seeded with the game's seed; without
 * it the side(s) are played by the game's built-in random bot (wg_game_bot_step).
 *
 * At your prompt: an option number; a hex number or place name the option labels print (the
 * option naming it is taken: "3426", "Ulm"); '?' your view in words; 'm' the board; 'p' the pieces
 * you see with their ids; 'o ACTION' the exact odds of an action (wg_game_odds for you, e.g.
 * "o attack attackers=12,15 target=4851"); 'u' takes back your last decision within the library's
 * undo policy (wg_game_undo_point: refused, with the reason, once a roll, a draw or a reveal came
 * out since; --practice lifts the policy); 's FILE' saves (wg_game_save; -l FILE resumes it);
 * 'svg FILE' writes the picture of the board as you see it (wg_game_svg); 'q' quits.  A decision
 * of yours with a single option is taken for you, and says so in one line.
 *
 * A die landing on a table cell the rulebook does not print (WG_ETABLEGAP) never ends the game:
 * wg-play prints the library's message naming the cell and asks, at a "gap>" prompt, for the
 * result to enter there (wg_table_set on the game's table) or 'c' to switch to the labelled
 * completion of the ruleset (for La Grande Armee the cells of the option crt=completion, supplied
 * to the game's table, which saves carry), then takes the step again with the same die.
 *
 * The board: a hex map is drawn two text lines per hex row (odd columns, counted from 1, on the
 * first line; even columns, half a hex lower, on the second), one character per hex, with the
 * column labels above (the numbers counted from 1, as hex numbers print them, column then row:
 * "4851"; or the letters of the hex names, "A1") and the row numbers on the left: '@' pieces of the
 * first player, '#' of the second, '*' of both, otherwise the first letter of the terrain ('.' for
 * the first terrain, usually clear); a legend of the symbols and terrain letters follows.  A
 * zone graph is listed zone by zone with the pieces the viewer may see.
 *
 * A table (a continuous playing surface, Les Aigles) is drawn to scale, about 90 columns wide, a
 * text line twice as deep as a column is wide, with rulers in millimetres of table (paces at the
 * 25 mm scale) every 200 paces, x across and y down.  Terrain areas are shaded by the first letter
 * of their terrain (w wood, v village, h hill, f field; open ground blank), lines drawn over them
 * (= road, ~ stream or river, : crest, # hedge or wall), places marked '*'.  Every piece the viewer
 * sees gets a letter (A, B, ..., V left out): a unit fills its footprint (the front edge centred on its x, y,
 * the body behind it, width by depth), and an arrow (^ V < > / \) on its front edge, or just in
 * front of a unit one text line deep, shows its facing; a general or aide-de-camp is one letter at
 * his point.  A legend follows: letter, name, side, figures, formation, morale, the marker as far
 * as the viewer may know it, and where it stands.  Everything comes from what the viewer may see
 * (wg_game_attr_int and wg_game_attr_text for the viewer).
 *
 * An option taken only with integer parameters ("move to a point", "wheel to a facing") asks for
 * each of them in turn, with its range; table positions are in table units (100 per millimetre).
 * Every library error is printed as one line ("wg-play: STATUS: message").
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wargame.h"

static char text[1 << 16];

static const char *game_text(int rc)
{
    return rc == WG_OK || rc == WG_EBUFSIZE ? text : "(text unavailable)";
}

static void print_new_events(wg_game *g, size_t *seen, int viewer)
{
    size_t n = 0;
    wg_game_event_count(&n, g);
    for (; *seen < n; (*seen)++) {
        size_t len;
        const char *rule = "";
        int rc = wg_game_event_text(text, sizeof text, &len, g, *seen, viewer);
        wg_game_event_rule(&rule, g, *seen);
        const char *t = game_text(rc);
        int cited = !rule[0] || strstr(t, rule) != NULL; /* the text already names its rule */
        printf("  %s%s%s%s\n", t, cited ? "" : "  [", cited ? "" : rule, cited ? "" : "]");
    }
}

/* ---- the table picture ---- */

static int attr_int(int64_t *v, wg_game *g, int viewer, size_t i, const char *key)
{
    return wg_game_attr_int(v, g, viewer, WG_ATTR_PIECE, i, key) == WG_OK;
}

static const char *attr_text(char *buf, size_t cap, wg_game *g, int viewer, size_t i, const char *key,
                             const char *absent)
{
    size_t len;
    int rc = wg_game_attr_text(buf, cap, &len, g, viewer, WG_ATTR_PIECE, i, key);
    return rc == WG_OK || rc == WG_EBUFSIZE ? buf : absent;
}

static char line_char(const char *type)
{
    if (!strcmp(type, "road"))
        return '=';
    if (!strcmp(type, "stream") || !strcmp(type, "river"))
        return '~';
    if (!strcmp(type, "crest"))
        return ':';
    if (!strcmp(type, "hedge") || !strcmp(type, "wall"))
        return '#';
    return '+';
}

static char piece_letter(size_t k)
{
    static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUWXYZ0123456789"; /* V is the arrow down */
    return letters[k % (sizeof letters - 1)];
}

/* The arrow of a facing as drawn, y growing down the page. */
static char facing_char(double fx, double fy)
{
    static const char arrows[8] = {'>', '\\', 'V', '/', '<', '\\', '^', '/'};
    double a = atan2(fy, fx); /* 0 right, a quarter turn down the page */
    int oct = (int)floor(a / (atan(1.0)) + 0.5);
    return arrows[((oct % 8) + 8) % 8];
}

typedef struct table_pic {
    int cols, rows;
    double step; /* millimetres (paces) per column; a text line is 2 * step deep */
    char *cell;
    size_t *owner; /* the piece drawn in a cell, + 1; 0 for none */
} table_pic;

static int pic_cell(const table_pic *t, double x, double y)
{
    if (x < 0 || y < 0)
        return -1;
    int c = (int)(x / t->step), r = (int)(y / (2.0 * t->step));
    if (c >= t->cols || r >= t->rows)
        return -1;
    return r * t->cols + c;
}

static void pic_segment(table_pic *t, double ax, double ay, double bx, double by, char ch)
{
    double len = hypot(bx - ax, by - ay);
    int n = (int)ceil(len / (t->step / 2.0)) + 1;
    for (int k = 0; k <= n; k++) {
        double f = (double)k / n;
        int at = pic_cell(t, ax + (bx - ax) * f, ay + (by - ay) * f);
        if (at >= 0)
            t->cell[at] = ch;
    }
}

static void print_table(wg_game *g, const wg_map *map, int viewer)
{
    int32_t tw = 0, td = 0;
    if (wg_map_table_size(&tw, &td, map) != WG_OK)
        return;
    double width = (double)tw / WG_TABLE_UNIT, depth = (double)td / WG_TABLE_UNIT; /* millimetres */
    static const double steps[] = {1, 2, 4, 5, 8, 10, 20, 25, 40, 50, 100, 200, 250, 400, 500, 1000};
    table_pic t = {0, 0, 0, NULL, NULL};
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
        t.step = steps[k];
        if (width / t.step <= 96.0)
            break;
    }
    t.cols = (int)ceil(width / t.step);
    t.rows = (int)ceil(depth / (2.0 * t.step));
    if (t.cols < 1)
        t.cols = 1;
    if (t.rows < 1)
        t.rows = 1;
    double ruler = 200;
    while (ruler / t.step < 8)
        ruler *= 2;
    size_t ncell = (size_t)t.cols * (size_t)t.rows;
    t.cell = malloc(ncell);
    t.owner = calloc(ncell, sizeof *t.owner);
    if (!t.cell || !t.owner) {
        free(t.cell);
        free(t.owner);
        return;
    }
    /* terrain: the topmost area under the middle of each cell */
    int present[26] = {0};
    for (int r = 0; r < t.rows; r++)
        for (int c = 0; c < t.cols; c++) {
            double x = (c + 0.5) * t.step, y = (r + 0.5) * 2.0 * t.step;
            int area = -1, terr = 0;
            char ch = ' ';
            if (x <= width && y <= depth &&
                wg_map_table_area_at(&area, map, (int32_t)(x * WG_TABLE_UNIT), (int32_t)(y * WG_TABLE_UNIT)) == WG_OK &&
                area >= 0 && wg_map_terrain(&terr, map, area) == WG_OK && terr != 0) {
                const char *tn = "";
                wg_map_terrain_name(&tn, map, terr);
                if (tn[0] && strcmp(tn, "open") != 0) {
                    ch = (char)tolower((unsigned char)tn[0]);
                    if (ch >= 'a' && ch <= 'z')
                        present[ch - 'a'] = terr + 1;
                }
            }
            t.cell[r * t.cols + c] = ch;
        }
    /* lines, then places */
    int nline = 0, nplace = 0;
    wg_map_line_count(&nline, map);
    static int32_t xy[2 * WG_GEOM_MAX_POINTS];
    char line_seen[64] = "";
    for (int l = 0; l < nline; l++) {
        int type = 0, level = 0;
        size_t n = 0;
        const char *tn = "";
        if (wg_map_line_info(&type, &level, map, l) != WG_OK ||
            wg_map_line_points(xy, sizeof xy / sizeof xy[0], &n, map, l) != WG_OK)
            continue;
        wg_map_linetype_name(&tn, map, type);
        char ch = line_char(tn);
        for (size_t k = 0; k + 3 < n; k += 2)
            pic_segment(&t, (double)xy[k] / WG_TABLE_UNIT, (double)xy[k + 1] / WG_TABLE_UNIT,
                        (double)xy[k + 2] / WG_TABLE_UNIT, (double)xy[k + 3] / WG_TABLE_UNIT, ch);
        char entry[48];
        snprintf(entry, sizeof entry, " %c %s", ch, tn);
        if (!strstr(line_seen, entry) && strlen(line_seen) + strlen(entry) < sizeof line_seen)
            strcat(line_seen, entry);
    }
    wg_map_place_count(&nplace, map);
    for (int p = 0; p < nplace; p++) {
        int32_t px, py;
        const char *name;
        if (wg_map_place(&px, &py, &name, map, p) == WG_OK) {
            int at = pic_cell(&t, (double)px / WG_TABLE_UNIT, (double)py / WG_TABLE_UNIT);
            if (at >= 0)
                t.cell[at] = '*';
        }
    }
    /* pieces: officers (points) under units (footprints), then the facing marks */
    size_t npieces = 0;
    wg_game_piece_count(&npieces, g, viewer);
    char buf[256];
    for (int pass = 0; pass < 3; pass++)
        for (size_t i = 0; i < npieces; i++) {
            int64_t x, y, fx = 0, fy = 0, w = 0, d = 0;
            int off = wg_game_attr_text(buf, sizeof buf, NULL, g, viewer, WG_ATTR_PIECE, i, "off") != WG_ENOTFOUND;
            if (off || !attr_int(&x, g, viewer, i, "x") || !attr_int(&y, g, viewer, i, "y"))
                continue;
            attr_int(&fx, g, viewer, i, "facing_x");
            attr_int(&fy, g, viewer, i, "facing_y");
            int body = attr_int(&w, g, viewer, i, "width") && attr_int(&d, g, viewer, i, "depth");
            char letter = piece_letter(i);
            if (pass == 0 && !body) {
                int at = pic_cell(&t, (double)x, (double)y);
                if (at >= 0) {
                    t.cell[at] = letter;
                    t.owner[at] = i + 1;
                }
                continue;
            }
            if (!body)
                continue;
            double norm = hypot((double)fx, (double)fy);
            double ux = norm > 0 ? (double)fx / norm : 0, uy = norm > 0 ? (double)fy / norm : 1;
            double rx = -uy, ry = ux; /* across the front */
            if (pass == 1) {
                /* the footprint: the middles of a grid of half cells over the body */
                double h = t.step / 2.0;
                int na = (int)ceil((double)w / h), nd = (int)ceil((double)d / h);
                if (na < 1)
                    na = 1;
                if (nd < 1)
                    nd = 1;
                for (int a = 0; a < na; a++)
                    for (int b = 0; b < nd; b++) {
                        double across = (double)w * ((a + 0.5) / na - 0.5);
                        double back = (double)d * (b + 0.5) / nd;
                        int at = pic_cell(&t, (double)x + rx * across - ux * back, (double)y + ry * across - uy * back);
                        if (at >= 0) {
                            t.cell[at] = letter;
                            t.owner[at] = i + 1;
                        }
                    }
            } else {
                /* the facing: on the front edge, or just ahead of a body one cell deep */
                double in = d > 1 ? 0.5 : (double)d / 2.0; /* just inside the body */
                int front = pic_cell(&t, (double)x - ux * in, (double)y - uy * in);
                int rear = pic_cell(&t, (double)x - ux * ((double)d - in), (double)y - uy * ((double)d - in));
                int at = front;
                if (front >= 0 && front == rear) {
                    for (double ahead = t.step / 2.0; ahead < 4.0 * t.step; ahead += t.step / 2.0) {
                        int next = pic_cell(&t, (double)x - ux * in + ux * ahead, (double)y - uy * in + uy * ahead);
                        if (next != front) {
                            at = next >= 0 && (t.owner[next] == 0 || t.owner[next] == i + 1) ? next : front;
                            break;
                        }
                    }
                }
                if (at >= 0)
                    t.cell[at] = facing_char(ux, uy);
            }
        }
    /* the picture */
    printf("  table %.0f x %.0f paces (mm); one column %.0f paces, one line %.0f; x across, y down\n", width, depth,
           t.step, 2.0 * t.step);
    char *row = malloc((size_t)t.cols + 16);
    if (row) {
        /* the x ruler */
        memset(row, ' ', (size_t)t.cols + 8);
        int last = -1;
        for (double v = 0; v <= width; v += ruler) {
            int c = (int)floor(v / t.step + 0.5);
            char num[16];
            int n = snprintf(num, sizeof num, "%.0f", v);
            if (c <= last || c + n > t.cols + 6)
                continue;
            memcpy(row + c, num, (size_t)n);
            last = c + n;
        }
        int n = t.cols + 8;
        while (n > 0 && row[n - 1] == ' ')
            n--;
        printf("  %6s %.*s\n", "", n, row);
        for (int c = 0; c < t.cols; c++)
            row[c] = c > 0 && fmod(c * t.step, ruler) < t.step / 2.0 ? '+' : '-';
        printf("  %6s+%.*s+\n", "", t.cols, row);
        for (int r = 0; r < t.rows; r++) {
            double v = r * 2.0 * t.step;
            int tick = fmod(v, ruler) < t.step;
            char label[16] = "";
            if (tick)
                snprintf(label, sizeof label, "%.0f", floor(v / ruler + 0.5) * ruler);
            printf("  %6s%c%.*s%c\n", label, tick ? '+' : '|', t.cols, t.cell + (size_t)r * (size_t)t.cols,
                   tick ? '+' : '|');
        }
        printf("  %6s+%.*s+\n", "", t.cols, row);
        free(row);
    }
    /* the keys */
    printf("  terrain:");
    for (int k = 0; k < 26; k++)
        if (present[k]) {
            const char *tn = "";
            wg_map_terrain_name(&tn, map, present[k] - 1);
            printf(" %c %s", 'a' + k, tn);
        }
    printf("   lines:%s\n", line_seen[0] ? line_seen : " none");
    if (nplace > 0) {
        printf("  places:");
        for (int p = 0; p < nplace; p++) {
            int32_t px, py;
            const char *name;
            if (wg_map_place(&px, &py, &name, map, p) == WG_OK)
                printf("%s * %s (%ld, %ld)", p ? "," : "", name, (long)(px / WG_TABLE_UNIT), (long)(py / WG_TABLE_UNIT));
        }
        printf("\n");
    }
    for (size_t i = 0; i < npieces; i++) {
        int side = -1, space = -1;
        const char *sname = "?";
        char name[96], kind[32], form[32], morale[40], marker[40], offb[32];
        int64_t x = 0, y = 0, fig = 0;
        wg_game_piece(&side, &space, g, viewer, i);
        wg_game_player_name(&sname, g, side);
        attr_text(name, sizeof name, g, viewer, i, "name", "?");
        attr_text(kind, sizeof kind, g, viewer, i, "kind", "");
        int has_x = attr_int(&x, g, viewer, i, "x") && attr_int(&y, g, viewer, i, "y");
        char where[48] = "";
        if (has_x)
            snprintf(where, sizeof where, "at (%lld, %lld)", (long long)x, (long long)y);
        const char *off = attr_text(offb, sizeof offb, g, viewer, i, "off", NULL);
        if (attr_int(&fig, g, viewer, i, "figures")) {
            printf("  %c %-24s %-10s %3lld fig  %-16s %-12s marker %-18s %s%s\n", piece_letter(i), name, sname,
                   (long long)fig, attr_text(form, sizeof form, g, viewer, i, "formation", "-"),
                   attr_text(morale, sizeof morale, g, viewer, i, "morale", "-"),
                   attr_text(marker, sizeof marker, g, viewer, i, "marker", "-"), off ? "off the table: " : where,
                   off ? off : "");
        } else {
            printf("  %c %-24s %-10s %s %s\n", piece_letter(i), name, sname, kind[0] ? kind : "piece", where);
        }
    }
    free(t.cell);
    free(t.owner);
}

/* ---- the board ---- */

static void print_hex(wg_game *g, const wg_map *map, const unsigned char *who)
{
    int cols = 0, rows = 0, layout = 0;
    wg_map_hex_size(&cols, &rows, &layout, map);
    if (cols <= 0 || rows <= 0 || cols > 1000)
        return;
    int nterr = 0;
    wg_map_terrain_count(&nterr, map);
    char *tseen = calloc((size_t)nterr + 1, 1);
    /* the column labels: the letter the game names a column's hexes with (Commands & Colors: A1),
       else the column numbers counted from 1 (hex numbers: "4851"), one digit a line */
    char first[32] = "", last[32] = "";
    size_t len;
    int hx, lettered = wg_map_hex_at(&hx, map, 0, 0) == WG_OK &&
                       wg_game_space_name(first, sizeof first, &len, g, hx) == WG_OK &&
                       isalpha((unsigned char)first[0]);
    if (wg_map_hex_at(&hx, map, cols - 1, rows - 1) != WG_OK ||
        wg_game_space_name(last, sizeof last, &len, g, hx) != WG_OK)
        last[0] = '\0';
    if (lettered) {
        char line[1024];
        int n = 0;
        for (int c = 0; c < cols && n < (int)sizeof line - 2; c++) {
            char nm[32] = "";
            int hid;
            line[n++] = wg_map_hex_at(&hid, map, c, 0) == WG_OK &&
                                wg_game_space_name(nm, sizeof nm, &len, g, hid) == WG_OK && isalpha((unsigned char)nm[0])
                            ? nm[0]
                            : ' ';
        }
        line[n] = '\0';
        printf("  %4s %s\n", "col", line);
    } else {
        int digits = cols >= 100 ? 3 : cols >= 10 ? 2 : 1;
        for (int d = digits - 1; d >= 0; d--) {
            char line[1024];
            int n = 0;
            int div = d == 2 ? 100 : d == 1 ? 10 : 1;
            for (int c = 0; c < cols && n < (int)sizeof line - 2; c++) {
                int v = c + 1;
                line[n++] = v >= div || d == 0 ? (char)('0' + (v / div) % 10) : ' ';
            }
            line[n] = '\0';
            printf("  %4s %s\n", d == digits - 1 ? "col" : "", line);
        }
    }
    for (int r = 0; r < rows; r++) {
        for (int half = 0; half < 2; half++) {
            char line[1024];
            int n = 0;
            for (int c = 0; c < cols && n < (int)sizeof line - 2; c++) {
                int id, t = 0;
                char ch = ' ';
                if ((c & 1) == half && wg_map_hex_at(&id, map, c, r) == WG_OK) {
                    const char *tn = "";
                    wg_map_terrain(&t, map, id);
                    wg_map_terrain_name(&tn, map, t);
                    ch = t == 0 || !tn[0] ? '.' : tn[0];
                    if (tseen && t >= 0 && t <= nterr)
                        tseen[t] = 1;
                    if (who[id])
                        ch = who[id] == 1 ? '@' : who[id] == 2 ? '#' : '*';
                }
                line[n++] = ch;
            }
            while (n > 0 && line[n - 1] == ' ')
                n--;
            line[n] = '\0';
            if (half == 0)
                printf("  %4d %s\n", r + 1, line);
            else
                printf("  %4s %s\n", "", line);
        }
    }
    /* the legend */
    const char *p0 = "player 0", *p1 = "player 1";
    wg_game_player_name(&p0, g, 0);
    wg_game_player_name(&p1, g, 1);
    printf("  legend: columns across, rows down (odd columns on a row's first line, even columns half a hex "
           "lower)");
    if (first[0] && last[0])
        printf("; hexes named column then row, from %s to %s", first, last);
    printf("\n          @ %s pieces   # %s pieces   * both   . first terrain (clear)", p0, p1);
    if (tseen) {
        /* the terrain letters, the terrains sharing one letter together ("f forest/ford") */
        for (int t = 1; t <= nterr; t++) {
            const char *tn = "";
            if (!tseen[t] || wg_map_terrain_name(&tn, map, t) != WG_OK || !tn[0])
                continue;
            int shown = 0;
            for (int u = 1; u < t && !shown; u++) {
                const char *un = "";
                shown = tseen[u] && wg_map_terrain_name(&un, map, u) == WG_OK && un[0] == tn[0];
            }
            if (shown)
                continue;
            printf("   %c %s", tn[0], tn);
            for (int u = t + 1; u <= nterr; u++) {
                const char *un = "";
                if (tseen[u] && wg_map_terrain_name(&un, map, u) == WG_OK && un[0] == tn[0])
                    printf("/%s", un);
            }
        }
        free(tseen);
    }
    printf("\n");
}

static void print_board(wg_game *g, int viewer)
{
    const wg_map *map = NULL;
    if (wg_game_map(&map, g) != WG_OK) {
        printf("  (this game has no map)\n");
        return;
    }
    int nspace = 0, kind = 0;
    wg_map_space_count(&nspace, map);
    wg_map_kind_of(&kind, map);
    if (kind == WG_MAP_TABLE) {
        print_table(g, map, viewer);
        return;
    }
    unsigned char *who = calloc((size_t)nspace + 1, 1);
    if (!who) {
        printf("  (out of memory drawing the board)\n");
        return;
    }
    size_t npieces = 0;
    wg_game_piece_count(&npieces, g, viewer);
    for (size_t i = 0; i < npieces; i++) {
        int side, space;
        if (wg_game_piece(&side, &space, g, viewer, i) == WG_OK && space >= 0 && space < nspace && side >= 0 &&
            side < 2)
            who[space] |= (unsigned char)(1u << side);
    }
    if (kind == WG_MAP_HEX) {
        print_hex(g, map, who);
    } else {
        printf("  zones with the pieces you see, [piece] as its counter reads:\n");
        for (int z = 0; z < nspace; z++) {
            if (!who[z])
                continue;
            const char *name = "";
            wg_map_name(&name, map, z);
            printf("  %s:", name);
            for (size_t i = 0; i < npieces; i++) {
                int side, space;
                size_t len;
                if (wg_game_piece(&side, &space, g, viewer, i) != WG_OK || space != z)
                    continue;
                int rc = wg_game_piece_label(text, sizeof text, &len, g, viewer, i);
                printf(" [%s]", game_text(rc));
            }
            printf("\n");
        }
    }
    free(who);
}

/* The pieces a viewer sees, with the id an odds description names them by. */
static void print_pieces(wg_game *g, int viewer)
{
    size_t n = 0;
    wg_game_piece_count(&n, g, viewer);
    printf("  %zu pieces you see (id: the name of a piece in 'o ACTION'):\n", n);
    for (size_t i = 0; i < n; i++) {
        int64_t id = -1;
        int side = -1, space = -1;
        size_t len;
        char where[64], side_name[64] = "?";
        const char *sn = "?";
        wg_game_piece(&side, &space, g, viewer, i);
        if (wg_game_player_name(&sn, g, side) == WG_OK)
            snprintf(side_name, sizeof side_name, "%s", sn);
        if (wg_game_attr_text(where, sizeof where, &len, g, viewer, WG_ATTR_PIECE, i, "space_name") != WG_OK)
            snprintf(where, sizeof where, "-");
        int has_id = wg_game_attr_int(&id, g, viewer, WG_ATTR_PIECE, i, "id") == WG_OK;
        int rc = wg_game_piece_label(text, sizeof text, &len, g, viewer, i);
        if (has_id)
            printf("  id %-5lld %-12s %-10s %s\n", (long long)id, where, side_name, game_text(rc));
        else
            printf("  id ?     %-12s %-10s %s\n", where, side_name, game_text(rc));
    }
}

/* ---- a small JSON reader for the odds object ---- */

typedef struct jreader {
    const char *p, *end;
    int bad;
} jreader;

static void j_ws(jreader *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

static int j_peek(jreader *j, char c)
{
    j_ws(j);
    return j->p < j->end && *j->p == c;
}

static int j_eat(jreader *j, char c)
{
    if (j_peek(j, c)) {
        j->p++;
        return 1;
    }
    return 0;
}

static void j_put(char *out, size_t cap, size_t *n, unsigned long cp)
{
    unsigned char b[4];
    size_t k = 0;
    if (cp < 0x80)
        b[k++] = (unsigned char)cp;
    else if (cp < 0x800) {
        b[k++] = (unsigned char)(0xC0 | (cp >> 6));
        b[k++] = (unsigned char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        b[k++] = (unsigned char)(0xE0 | (cp >> 12));
        b[k++] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        b[k++] = (unsigned char)(0x80 | (cp & 0x3F));
    } else {
        b[k++] = (unsigned char)(0xF0 | (cp >> 18));
        b[k++] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        b[k++] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        b[k++] = (unsigned char)(0x80 | (cp & 0x3F));
    }
    for (size_t i = 0; i < k; i++)
        if (*n + 1 < cap)
            out[(*n)++] = (char)b[i];
}

static unsigned long j_hex4(jreader *j)
{
    unsigned long v = 0;
    for (int k = 0; k < 4; k++) {
        if (j->p >= j->end || !isxdigit((unsigned char)*j->p)) {
            j->bad = 1;
            return 0;
        }
        char c = *j->p++;
        v = v * 16 + (unsigned long)(isdigit((unsigned char)c) ? c - '0' : tolower((unsigned char)c) - 'a' + 10);
    }
    return v;
}

/* A string into out (cut to cap - 1 bytes); 0 when the next value is not a string. */
static int j_string(jreader *j, char *out, size_t cap)
{
    size_t n = 0;
    if (!j_eat(j, '"')) {
        j->bad = 1;
        return 0;
    }
    while (j->p < j->end && *j->p != '"') {
        char c = *j->p++;
        if (c != '\\') {
            if (n + 1 < cap)
                out[n++] = c;
            continue;
        }
        if (j->p >= j->end)
            break;
        c = *j->p++;
        switch (c) {
        case 'n': c = '\n'; break;
        case 't': c = '\t'; break;
        case 'r': c = '\r'; break;
        case 'b': c = '\b'; break;
        case 'f': c = '\f'; break;
        case 'u': {
            unsigned long cp = j_hex4(j);
            if (cp >= 0xD800 && cp < 0xDC00 && j->end - j->p >= 6 && j->p[0] == '\\' && j->p[1] == 'u') {
                j->p += 2;
                unsigned long lo = j_hex4(j);
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            j_put(out, cap, &n, cp);
            continue;
        }
        default: break; /* \" \\ \/ */
        }
        if (n + 1 < cap)
            out[n++] = c;
    }
    if (!j_eat(j, '"'))
        j->bad = 1;
    if (cap)
        out[n] = '\0';
    return !j->bad;
}

static int j_int(jreader *j, long long *v)
{
    j_ws(j);
    char num[32];
    size_t n = 0;
    while (j->p < j->end && n + 1 < sizeof num && strchr("+-0123456789.eE", *j->p))
        num[n++] = *j->p++;
    num[n] = '\0';
    char *endp;
    errno = 0;
    *v = strtoll(num, &endp, 10);
    if (!n || errno) {
        j->bad = 1;
        return 0;
    }
    return 1;
}

static void j_skip(jreader *j)
{
    char tmp[8];
    long long v;
    if (j->bad)
        return;
    if (j_peek(j, '"')) {
        j_string(j, tmp, sizeof tmp);
    } else if (j_eat(j, '{')) {
        while (!j->bad && !j_eat(j, '}')) {
            j_string(j, tmp, sizeof tmp);
            if (!j_eat(j, ':'))
                j->bad = 1;
            j_skip(j);
            j_eat(j, ',');
        }
    } else if (j_eat(j, '[')) {
        while (!j->bad && !j_eat(j, ']')) {
            j_skip(j);
            j_eat(j, ',');
        }
    } else if (j->p < j->end && (*j->p == 't' || *j->p == 'f' || *j->p == 'n')) {
        while (j->p < j->end && isalpha((unsigned char)*j->p))
            j->p++;
    } else {
        j_int(j, &v);
    }
}

/* Prints the odds object readably: each outcome with its percentage and exact fraction, then the
   modifiers with their rules.  Pass 1 reads the total, pass 2 prints. */
static int print_odds(const char *json, size_t len)
{
    long long total = 0;
    for (int pass = 1; pass <= 2; pass++) {
        jreader j = {json, json + len, 0};
        if (!j_eat(&j, '{'))
            return 0;
        while (!j.bad && !j_eat(&j, '}')) {
            char key[32];
            j_string(&j, key, sizeof key);
            if (!j_eat(&j, ':'))
                return 0;
            if (!strcmp(key, "total")) {
                j_int(&j, &total);
            } else if (pass == 2 && (!strcmp(key, "outcomes") || !strcmp(key, "modifiers"))) {
                int outcomes = key[0] == 'o';
                printf("  %s:\n", outcomes ? "outcomes" : "modifiers");
                if (!j_eat(&j, '['))
                    return 0;
                int count = 0;
                while (!j.bad && !j_eat(&j, ']')) {
                    char label[512] = "", mtext[512] = "", rule[64] = "";
                    long long weight = 0, value = 0;
                    int has_value = 0;
                    if (!j_eat(&j, '{'))
                        return 0;
                    while (!j.bad && !j_eat(&j, '}')) {
                        char k[16];
                        j_string(&j, k, sizeof k);
                        if (!j_eat(&j, ':'))
                            return 0;
                        if (!strcmp(k, "label") || !strcmp(k, "name"))
                            j_string(&j, label, sizeof label);
                        else if (!strcmp(k, "text"))
                            j_string(&j, mtext, sizeof mtext);
                        else if (!strcmp(k, "rule"))
                            j_string(&j, rule, sizeof rule);
                        else if (!strcmp(k, "weight"))
                            j_int(&j, &weight);
                        else if (!strcmp(k, "value"))
                            has_value = j_int(&j, &value);
                        else
                            j_skip(&j);
                        j_eat(&j, ',');
                    }
                    j_eat(&j, ',');
                    count++;
                    if (outcomes)
                        printf("    %6.2f%%  (%lld/%lld)  %s\n", total > 0 ? 100.0 * (double)weight / (double)total : 0.0,
                               weight, total, label);
                    else if (has_value)
                        printf("    %-24s %6lld  %s%s%s%s\n", label, value, mtext, rule[0] ? "  [" : "", rule,
                               rule[0] ? "]" : "");
                    else
                        printf("    %-24s %s%s%s%s\n", label, mtext, rule[0] ? "  [" : "", rule, rule[0] ? "]" : "");
                }
                if (!count)
                    printf("    (none)\n");
            } else {
                j_skip(&j);
            }
            j_eat(&j, ',');
        }
        if (j.bad)
            return 0;
    }
    return 1;
}

/* ---- players, input ---- */

/* A player by number ("0") or by name, in any case ("French", "french"); -1 for none. */
static int find_player(const wg_game *g, int nplayers, const char *arg)
{
    char *end;
    errno = 0;
    long n = strtol(arg, &end, 10);
    if (end != arg && !*end && !errno)
        return n >= 0 && n < nplayers ? (int)n : -1;
    for (int p = 0; p < nplayers; p++) {
        const char *pn = "";
        if (wg_game_player_name(&pn, g, p) != WG_OK)
            continue;
        size_t k = 0;
        while (pn[k] && arg[k] && tolower((unsigned char)pn[k]) == tolower((unsigned char)arg[k]))
            k++;
        if (!pn[k] && !arg[k])
            return p;
    }
    return -1;
}

/* Reads one line of standard input without its line end (a longer line is cut, the rest read);
   0 at the end of input. */
static int read_line(char *buf, size_t cap)
{
    if (!fgets(buf, (int)cap, stdin))
        return 0;
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] != '\n' && !feof(stdin)) {
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
    }
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t'))
        buf[--n] = '\0';
    return 1;
}

static char *skip_blanks(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Reads the parameters of option i, each within its range, from standard input: 1 when read, 0 when
   the player typed something else (back to the options), -1 at the end of input. */
static int read_params(wg_game *g, size_t i, size_t np, int64_t *vals, int table)
{
    if (table)
        printf("  (positions in table units: %d per pace; facings as a direction x, y)\n", WG_TABLE_UNIT);
    for (size_t p = 0; p < np; p++) {
        const char *name = "value";
        int64_t lo = 0, hi = 0;
        wg_game_option_param(&name, &lo, &hi, g, i, p);
        printf("  %s (%lld..%lld)> ", name, (long long)lo, (long long)hi);
        fflush(stdout);
        char line[128];
        if (!read_line(line, sizeof line))
            return -1;
        char *end;
        errno = 0;
        long long v = strtoll(line, &end, 10);
        if (end == line || *skip_blanks(end) || errno) {
            printf("not a number: back to the options\n");
            return 0;
        }
        vals[p] = (int64_t)v;
    }
    return 1;
}

/* ---- files ---- */

static int write_file(const char *path, const void *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        printf("wg-play: cannot write %s: %s\n", path, strerror(errno));
        return 0;
    }
    int ok = fwrite(buf, 1, len, f) == len;
    if (fclose(f) != 0)
        ok = 0;
    if (!ok)
        printf("wg-play: writing %s failed\n", path);
    return ok;
}

static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "wg-play: cannot read %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        unsigned char *more = cap < ((size_t)1 << 30) ? realloc(buf, cap * 2) : NULL;
        if (!more) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = more;
        cap *= 2;
    }
    int err = ferror(f);
    fclose(f);
    if (!buf || err) {
        fprintf(stderr, "wg-play: cannot read %s%s\n", path, buf ? "" : ": too large or out of memory");
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

static void save_game(wg_game *g, const char *path)
{
    size_t len = 0;
    int rc = wg_game_save(NULL, 0, &len, g);
    unsigned char *buf = rc == WG_OK ? malloc(len ? len : 1) : NULL;
    if (rc == WG_OK && !buf) {
        printf("wg-play: out of memory saving the game\n");
        return;
    }
    if (rc == WG_OK)
        rc = wg_game_save(buf, len, &len, g);
    if (rc != WG_OK)
        printf("wg-play: %s: %s\n", wg_status_str(rc), wg_game_errmsg(g));
    else if (write_file(path, buf, len)) {
        uint64_t n = 0;
        wg_game_step_count(&n, g);
        printf("saved to %s (%zu bytes, %llu decisions); resume with: wg-play -l %s\n", path, len,
               (unsigned long long)n, path);
    }
    free(buf);
}

static void write_svg(wg_game *g, int viewer, const char *path, int say)
{
    char probe[1];
    size_t len = 0;
    int rc = wg_game_svg(probe, sizeof probe, &len, g, viewer);
    char *buf = NULL;
    if (rc == WG_EBUFSIZE || rc == WG_OK) {
        buf = malloc(len + 1);
        if (!buf) {
            printf("wg-play: out of memory writing the picture\n");
            return;
        }
        rc = wg_game_svg(buf, len + 1, &len, g, viewer);
    }
    if (rc != WG_OK)
        printf("wg-play: %s: %s\n", wg_status_str(rc), wg_game_errmsg(g));
    else if (write_file(path, buf, len) && say)
        printf("the board as you see it is in %s (SVG, %zu bytes)\n", path, len);
    free(buf);
}

/* ---- steps, table gaps ---- */

typedef struct step_t {
    int kind; /* 0 the bot (or the dice), 1 an option, 2 an option with parameters */
    size_t i, np;
    int64_t vals[WG_MAX_PARAMS];
} step_t;

static int do_step(wg_game *g, const step_t *s)
{
    if (s->kind == 1)
        return wg_game_choose(g, s->i);
    if (s->kind == 2)
        return wg_game_choose_params(g, s->i, s->vals, s->np);
    return wg_game_bot_step(NULL, g);
}

/* The labelled completion of a ruleset's tables: the option whose game supplies the cells. */
static const char *completion_option(const char *ruleset)
{
    if (ruleset && !strcmp(ruleset, "lga"))
        return "crt=completion";
    return NULL;
}

/* The cell whose absence stops step s: each unprinted cell of the game's tables is tried on a copy of
   the game; the step goes through once the missing cell is there (the dice fall the same). */
static int find_gap(int *tab, int *row, int *col, wg_game *g, const step_t *s)
{
    int nt = 0;
    wg_game_table_count(&nt, g);
    for (int t = 0; t < nt; t++) {
        wg_table *tb = NULL;
        int rows = 0, cols = 0, ncode = 0;
        if (wg_game_table(&tb, g, t) != WG_OK || wg_table_size(&rows, &cols, tb) != WG_OK ||
            wg_table_code_count(&ncode, tb) != WG_OK || ncode < 1)
            continue;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int src = -1;
                if (wg_table_source(&src, tb, r, c) != WG_OK || src != WG_CELL_GAP)
                    continue;
                wg_game *copy = NULL;
                if (wg_game_clone(&copy, g) != WG_OK)
                    return 0;
                wg_table *ct = NULL;
                int through = wg_game_table(&ct, copy, t) == WG_OK && wg_table_set(ct, r, c, 0) == WG_OK &&
                              do_step(copy, s) != WG_ETABLEGAP;
                wg_game_free(copy);
                if (through) {
                    *tab = t;
                    *row = r;
                    *col = c;
                    return 1;
                }
            }
    }
    return 0;
}

/* Supplies every cell of the labelled completion that the game's tables lack (the cells a game
   created with the completion option has and this one does not). */
static int supply_completion(wg_ctx *ctx, wg_game *g, const char *option)
{
    wg_game *ref = NULL;
    int rc = wg_game_new(&ref, ctx, wg_game_ruleset(g), wg_game_scenario(g), option, 1);
    if (rc != WG_OK) {
        printf("wg-play: %s: %s\n", wg_status_str(rc), wg_ctx_errmsg(ctx));
        return 0;
    }
    int nt = 0, total = 0, ok = 1;
    wg_game_table_count(&nt, g);
    for (int t = 0; t < nt && ok; t++) {
        wg_table *tb = NULL, *rt = NULL;
        int rows = 0, cols = 0, rr = 0, rc2 = 0;
        if (wg_game_table(&tb, g, t) != WG_OK || wg_game_table_find(&rt, ref, wg_table_name(tb)) != WG_OK ||
            wg_table_size(&rows, &cols, tb) != WG_OK || wg_table_size(&rr, &rc2, rt) != WG_OK || rr != rows ||
            rc2 != cols)
            continue;
        for (int r = 0; r < rows && ok; r++)
            for (int c = 0; c < cols && ok; c++) {
                int src = -1, rsrc = -1, code = -1, have = -1;
                const char *name = NULL;
                if (wg_table_source(&src, tb, r, c) != WG_OK || src != WG_CELL_GAP ||
                    wg_table_source(&rsrc, rt, r, c) != WG_OK || rsrc != WG_CELL_SUPPLIED ||
                    wg_table_lookup(&code, rt, r, c) != WG_OK || wg_table_code_name(&name, rt, code) != WG_OK)
                    continue;
                if (wg_table_code(&have, tb, name) != WG_OK || wg_table_set(tb, r, c, have) != WG_OK) {
                    printf("wg-play: table %s: %s\n", wg_table_name(tb), wg_table_errmsg(tb));
                    ok = 0;
                    break;
                }
                total++;
            }
    }
    wg_game_free(ref);
    if (ok)
        printf("supplied %d unprinted cell%s from the labelled completion (%s); the events of those cells say "
               "so\n",
               total, total == 1 ? "" : "s", option);
    return ok && total > 0;
}

/* A die landed on an unprinted cell: names it, and asks for its result or the completion.  1 when
   the step may be taken again, 0 to stop the game. */
static int resolve_gap(wg_ctx *ctx, wg_game *g, const step_t *s)
{
    printf("wg-play: %s: %s\n", wg_status_str(WG_ETABLEGAP), wg_game_errmsg(g));
    int t = -1, r = -1, c = -1;
    wg_table *tb = NULL;
    const char *rl = "", *cl = "";
    int known = find_gap(&t, &r, &c, g, s) && wg_game_table(&tb, g, t) == WG_OK;
    const char *option = completion_option(wg_game_ruleset(g));
    if (known) {
        wg_table_row_label(&rl, tb, r);
        wg_table_col_label(&cl, tb, c);
        printf("  the missing cell: table %s, row %s%s, column %s%s\n", wg_table_name(tb), rl[0] ? rl : "#",
               rl[0] ? "" : "?", cl[0] ? cl : "#", cl[0] ? "" : "?");
        int ncode = 0;
        wg_table_code_count(&ncode, tb);
        printf("  e RESULT   enter the cell yourself (the results of %s so far:", wg_table_name(tb));
        for (int k = 0; k < ncode; k++) {
            const char *cn = "";
            if (wg_table_code_name(&cn, tb, k) == WG_OK)
                printf("%s %s", k ? "," : "", cn);
        }
        printf(")\n");
    }
    if (option)
        printf("  c          switch to the labelled completion (%s): every unprinted cell, marked as supplied\n",
               option);
    printf("  q          stop the game here\n");
    for (;;) {
        printf("gap> ");
        fflush(stdout);
        char line[256];
        if (!read_line(line, sizeof line)) {
            printf("\nend of input: the game stops at the missing cell\n");
            return 0;
        }
        char *a = skip_blanks(line);
        if (!strcmp(a, "q"))
            return 0;
        if (!strcmp(a, "c") && option) {
            if (supply_completion(ctx, g, option))
                return 1;
            continue;
        }
        if (known && a[0] == 'e' && (a[1] == ' ' || a[1] == '\t')) {
            char *want = skip_blanks(a + 1);
            int ncode = 0;
            const char *name = want;
            wg_table_code_count(&ncode, tb);
            for (int k = 0; k < ncode; k++) {
                const char *cn = "";
                size_t i = 0;
                if (wg_table_code_name(&cn, tb, k) != WG_OK)
                    continue;
                while (cn[i] && want[i] && tolower((unsigned char)cn[i]) == tolower((unsigned char)want[i]))
                    i++;
                if (!cn[i] && !want[i]) {
                    name = cn;
                    break;
                }
            }
            if (!*name) {
                printf("e needs a RESULT\n");
                continue;
            }
            /* tried on a copy first: a result the rules cannot read would stop the game for good */
            wg_game *copy = NULL;
            wg_table *ct = NULL;
            int code = -1;
            int rc = wg_game_clone(&copy, g);
            if (rc == WG_OK && (rc = wg_game_table(&ct, copy, t)) == WG_OK && (rc = wg_table_code(&code, ct, name)) == WG_OK &&
                (rc = wg_table_set(ct, r, c, code)) == WG_OK)
                rc = do_step(copy, s);
            if (rc != WG_OK) {
                printf("'%s' cannot go there: %s: %s\n", name, wg_status_str(rc),
                       copy ? wg_game_errmsg(copy) : "out of memory");
                wg_game_free(copy);
                continue;
            }
            wg_game_free(copy);
            if ((rc = wg_table_code(&code, tb, name)) != WG_OK || (rc = wg_table_set(tb, r, c, code)) != WG_OK) {
                printf("wg-play: %s: %s\n", wg_status_str(rc), wg_table_errmsg(tb));
                continue;
            }
            printf("cell %s %s of %s is now your entry (marked as supplied; saves keep it)\n", rl, cl,
                   wg_table_name(tb));
            return 1;
        }
        printf("type %s%sq\n", known ? "e RESULT, " : "", option ? "c or " : "");
    }
}

/* Takes a step; a table gap asks the player and takes it again.  WG_ETABLEGAP when he stops. */
static int take_step(wg_ctx *ctx, wg_game *g, const step_t *s)
{
    for (;;) {
        int rc = do_step(g, s);
        if (rc != WG_ETABLEGAP)
            return rc;
        if (!resolve_gap(ctx, g, s))
            return WG_ETABLEGAP;
    }
}

/* ---- undo ---- */

/* Whether the human decides now in a window of more than one choice (one he is asked). */
static int asked(wg_game *g, int human)
{
    int player = WG_PLAYER_NONE, kind = 0;
    size_t nopt = 0, np = 0;
    int required = 0;
    wg_game_decision(&player, &kind, g);
    if (player != human || wg_game_option_count(&nopt, g) != WG_OK)
        return 0;
    return nopt > 1 || (nopt == 1 && wg_game_option_param_count(&np, &required, g, 0) == WG_OK && np > 0 && required);
}

/* Takes back the human's last decision he was asked (skipping windows of one option), within the
   undo policy unless practice.  Works on a copy, so a refusal changes nothing. */
static void undo(wg_game *g, int human, int practice, size_t *seen)
{
    wg_game *c = NULL;
    int rc = wg_game_clone(&c, g);
    if (rc != WG_OK) {
        printf("wg-play: %s: %s\n", wg_status_str(rc), wg_game_errmsg(g));
        return;
    }
    uint64_t now = 0, at = 0;
    wg_game_step_count(&now, g);
    at = now;
    for (;;) {
        uint64_t step = 0;
        if (practice) {
            int found = 0;
            while (at > 0 && !found) {
                at--;
                int p = 0, k = 0;
                if (wg_game_undo_to(c, at) != WG_OK)
                    break;
                wg_game_decision(&p, &k, c);
                found = p == human;
            }
            if (!found) {
                printf("cannot undo: you have taken no decision to take back\n");
                break;
            }
            step = at;
        } else {
            rc = wg_game_undo_point(&step, c, human);
            if (rc == WG_ENOTFOUND) {
                printf("cannot undo: you have taken no decision to take back\n");
                break;
            }
            if (rc != WG_OK) {
                printf("cannot undo (%s): %s%s\n", wg_status_str(rc), wg_game_errmsg(c),
                       rc == WG_ESTATE ? " (--practice undoes anyway)" : "");
                break;
            }
            rc = wg_game_undo_to(c, step);
            if (rc != WG_OK) {
                printf("wg-play: %s: %s\n", wg_status_str(rc), wg_game_errmsg(c));
                break;
            }
            at = step;
        }
        if (!asked(c, human))
            continue;
        rc = wg_game_undo_to(g, step);
        if (rc != WG_OK) {
            printf("wg-play: %s: %s\n", wg_status_str(rc), wg_game_errmsg(g));
            break;
        }
        size_t ne = 0;
        wg_game_event_count(&ne, g);
        if (*seen > ne)
            *seen = ne;
        printf("taken back: %llu decision%s undone%s\n", (unsigned long long)(now - step), now - step == 1 ? "" : "s",
               practice ? " (practice: no undo policy)" : "");
        break;
    }
    wg_game_free(c);
}

/* ---- destinations by name ---- */

static int word_at(const char *hay, const char *needle, int whole)
{
    size_t nl = strlen(needle);
    if (!nl)
        return 0;
    for (const char *h = hay; *h; h++) {
        size_t k = 0;
        while (k < nl && h[k] && tolower((unsigned char)h[k]) == tolower((unsigned char)needle[k]))
            k++;
        if (k < nl)
            continue;
        if (!whole)
            return 1;
        int before = h > hay && isalnum((unsigned char)h[-1]);
        int after = isalnum((unsigned char)h[nl]) != 0;
        if (!before && !after)
            return 1;
    }
    return 0;
}

/* The options whose label names @p want: a space by its players' name (wg_game_space_find), else
   the words of a label.  Returns how many matched, the first cap of them in found. */
static size_t match_options(wg_game *g, size_t nopt, const char *want, size_t *found, size_t cap)
{
    char name[1024];
    size_t len, n = 0;
    int space;
    if (wg_game_space_find(&space, g, want) != WG_OK ||
        wg_game_space_name(name, sizeof name, &len, g, space) != WG_OK)
        snprintf(name, sizeof name, "%s", want);
    for (int whole = 1; whole >= 0 && n == 0; whole--)
        for (size_t i = 0; i < nopt; i++) {
            if (wg_game_option_label(text, sizeof text, &len, g, i) != WG_OK)
                continue;
            if (word_at(text, name, whole)) {
                if (n < cap)
                    found[n] = i;
                n++;
            }
        }
    return n;
}

/* ---- help ---- */

static void print_commands(void)
{
    printf("commands at your prompt (choice>):\n"
           "  N            take option N\n"
           "  NAME         take the option that names this hex number or place (\"3426\", \"Ulm\"); a number\n"
           "               below the option count is an option number\n"
           "  ?            your view of the game in words\n"
           "  m            the board as you see it, with coordinates and a legend\n"
           "  p            the pieces you see, with the ids odds descriptions name them by\n"
           "  o ACTION     the exact odds of an action were it taken now, for you (wg_game_odds), e.g.\n"
           "               o attack attackers=12,15 target=4851     (La Grande Armee)\n"
           "               o command side=1 zone=\"Torres Vedras\"     (Les Marechaux; doc/view.md lists them)\n"
           "  u            take back your last decision: free until a roll, a draw or a reveal came out\n"
           "               since it, then refused with the reason (--practice lifts the rule)\n"
           "  s FILE       save the game to FILE (wg-play -l FILE resumes it)\n"
           "  svg FILE     write the picture of the board as you see it to FILE (SVG)\n"
           "  h, help      this list\n"
           "  q            quit\n"
           "A decision of yours with a single option is taken for you (one line says so).\n"
           "When a die lands on a table cell the rulebook does not print, the game names the cell and\n"
           "asks (gap>): e RESULT enters it, c switches to the labelled completion (lga: crt=completion),\n"
           "q stops.\n");
}

static void print_help(void)
{
    printf("usage: wg-play [OPTIONS]\n"
           "Plays a libwargame game in the terminal: bots against each other, or you against the bot.\n"
           "\n"
           "options:\n"
           "  -r RULESET    the ruleset (default lga)\n"
           "  -s SCENARIO   the scenario (default: the ruleset's first)\n"
           "  -S SEED       the seed of the game's dice (default 1805)\n"
           "  -o OPTIONS    ruleset options KEY=VALUE,KEY=VALUE (lga: crt=completion fills the unprinted CRT\n"
           "                cells; each ruleset's manual, doc/RULESET.md, lists its options)\n"
           "  -p PLAYER     play this player against the bot: a number or a name, any case (-p French)\n"
           "  -l FILE       resume a game saved with 's FILE' (its ruleset, scenario, options and seed)\n"
           "  -q            quiet: the bots' steps are not printed\n"
           "  -M            draw the board at every game-turn\n"
           "  -m MAXSTEPS   stop after this many decisions\n"
           "  --bot SPEC    the bot that plays the side(s) you do not play: random, mcts, mcts:2000,\n"
           "                \"mcts iterations=2000 depth=40 c=1.4 rollout=greedy\" (doc/bots.md; default: the\n"
           "                game's built-in random bot)\n"
           "  --svg FILE    write the picture of the board (SVG) to FILE at each of your decisions and at\n"
           "                the end (the referee's view without -p)\n"
           "  --practice    undo without the fair-play policy (even after a roll, a draw or a reveal)\n"
           "  -h, --help    this text\n"
           "\n"
           "rulesets, scenarios (-s) and players (-p):\n");
    wg_ctx *ctx = NULL;
    wg_ctx_new(&ctx, NULL, NULL);
    for (int i = 0; i < wg_ruleset_count(); i++) {
        const char *id = wg_ruleset_id(i), *name = "";
        int n = 0;
        wg_ruleset_name(&name, id);
        wg_ruleset_scenario_count(&n, id);
        printf("  %s  %s\n", id, name);
        for (int k = 0; k < n; k++) {
            const char *sid = "", *title = "";
            wg_ruleset_scenario_id(&sid, id, k);
            wg_ruleset_scenario_name(&title, id, k);
            printf("      %-12s %s", sid, title);
            wg_game *g = NULL;
            int np = 0;
            if (ctx && wg_game_new(&g, ctx, id, sid, NULL, 1) == WG_OK && wg_game_player_count(&np, g) == WG_OK) {
                printf("  (players:");
                for (int p = 0; p < np; p++) {
                    const char *pn = "?";
                    wg_game_player_name(&pn, g, p);
                    printf("%s %d %s", p ? "," : "", p, pn);
                }
                printf(")");
            }
            wg_game_free(g);
            printf("\n");
        }
    }
    if (!wg_ruleset_count())
        printf("  (none: this library was built without rulesets)\n");
    wg_ctx_free(ctx);
    printf("\n");
    print_commands();
}

static int usage(const char *why, const char *arg)
{
    fprintf(stderr, "wg-play: %s%s%s; wg-play --help lists the options\n", why, arg ? " " : "", arg ? arg : "");
    return 2;
}

static int parse_count(unsigned long long *out, const char *v)
{
    char *end;
    errno = 0;
    if (!v || !isdigit((unsigned char)v[0]))
        return 0;
    *out = strtoull(v, &end, 10);
    return !*end && !errno;
}

/* ---- the game ---- */

int main(int argc, char **argv)
{
    const char *ruleset = "lga", *scenario = NULL, *options = NULL, *load = NULL, *svg = NULL;
    unsigned long long seed = 1805, maxsteps = 2000000;
    const char *human_arg = NULL;
    int human = -1, quiet = 0, board = 0, practice = 0;
    const char *bot_spec = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            print_help();
            return 0;
        }
        if (!strcmp(a, "-q")) {
            quiet = 1;
            continue;
        }
        if (!strcmp(a, "-M")) {
            board = 1;
            continue;
        }
        if (!strcmp(a, "--practice")) {
            practice = 1;
            continue;
        }
        if (strcmp(a, "-r") && strcmp(a, "-s") && strcmp(a, "-o") && strcmp(a, "-S") && strcmp(a, "-p") &&
            strcmp(a, "-m") && strcmp(a, "-l") && strcmp(a, "--svg") && strcmp(a, "--bot"))
            return usage("unknown option", a);
        if (!v)
            return usage("a value is missing after", a);
        if (!strcmp(a, "-r"))
            ruleset = v;
        else if (!strcmp(a, "-s"))
            scenario = v;
        else if (!strcmp(a, "-o"))
            options = v;
        else if (!strcmp(a, "-S")) {
            if (!parse_count(&seed, v))
                return usage("the seed is not a number:", v);
        } else if (!strcmp(a, "-p"))
            human_arg = v;
        else if (!strcmp(a, "-m")) {
            if (!parse_count(&maxsteps, v))
                return usage("the step limit is not a number:", v);
        } else if (!strcmp(a, "-l"))
            load = v;
        else if (!strcmp(a, "--bot"))
            bot_spec = v;
        else
            svg = v;
        i++;
    }
    wg_ctx *ctx = NULL;
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK) {
        fprintf(stderr, "wg-play: out of memory\n");
        return 1;
    }
    wg_game *g = NULL;
    int rc;
    if (load) {
        size_t len = 0;
        unsigned char *bytes = read_file(load, &len);
        if (!bytes) {
            wg_ctx_free(ctx);
            return 1;
        }
        rc = wg_game_load(&g, ctx, bytes, len);
        free(bytes);
        if (rc) {
            fprintf(stderr, "wg-play: %s: %s: %s\n", load, wg_status_str(rc), wg_ctx_errmsg(ctx));
            wg_ctx_free(ctx);
            return 1;
        }
        ruleset = wg_game_ruleset(g);
        scenario = wg_game_scenario(g);
    } else {
        if (!scenario) {
            int n = 0;
            if (wg_ruleset_scenario_count(&n, ruleset) != WG_OK || n == 0 ||
                wg_ruleset_scenario_id(&scenario, ruleset, 0) != WG_OK) {
                fprintf(stderr, "wg-play: ruleset '%s' is not in this library (it has:", ruleset);
                for (int i = 0; i < wg_ruleset_count(); i++)
                    fprintf(stderr, " %s", wg_ruleset_id(i));
                fprintf(stderr, ")\n");
                wg_ctx_free(ctx);
                return 1;
            }
        }
        rc = wg_game_new(&g, ctx, ruleset, scenario, options, seed);
        if (rc) {
            fprintf(stderr, "wg-play: %s: %s\n", wg_status_str(rc), wg_ctx_errmsg(ctx));
            wg_ctx_free(ctx);
            return 1;
        }
    }
    const char *rname = ruleset;
    wg_ruleset_name(&rname, ruleset);
    if (load) {
        uint64_t n = 0;
        wg_game_step_count(&n, g);
        printf("libwargame %s — %s, scenario %s, resumed from %s after %llu decisions\n", wg_version(), rname,
               scenario, load, (unsigned long long)n);
    } else {
        printf("libwargame %s — %s, scenario %s, seed %llu%s%s\n", wg_version(), rname, scenario, seed,
               options ? ", options " : "", options ? options : "");
    }
    int nplayers = 0;
    wg_game_player_count(&nplayers, g);
    if (human_arg)
        human = find_player(g, nplayers, human_arg);
    if (human_arg && (human < 0 || human >= nplayers)) {
        fprintf(stderr, "wg-play: no player '%s' in this game; the players are: ", human_arg);
        for (int p = 0; p < nplayers; p++) {
            const char *pn = "?";
            wg_game_player_name(&pn, g, p);
            fprintf(stderr, "%s%d %s", p ? ", " : "", p, pn);
        }
        fprintf(stderr, "\n");
        wg_game_free(g);
        wg_ctx_free(ctx);
        return 2;
    }
    wg_bot *bot = NULL;
    if (bot_spec && wg_bot_new(&bot, ctx, bot_spec, seed) != WG_OK) {
        fprintf(stderr, "wg-play: %s\n", wg_ctx_errmsg(ctx));
        wg_game_free(g);
        wg_ctx_free(ctx);
        return 2;
    }
    if (bot) {
        char bs[256];
        size_t bl = 0;
        if (wg_bot_spec(bs, sizeof bs, &bl, bot) == WG_OK)
            printf("bot: %s\n", bs);
    }
    if (human >= 0) {
        const char *pn = "?";
        wg_game_player_name(&pn, g, human);
        printf("you play %s against the bot%s; h lists the commands\n", pn,
               practice ? " (practice: undo without the fair-play policy)" : "");
    }
    size_t seen = 0;
    if (load)
        wg_game_event_count(&seen, g);
    int last_turn = -1, exit_code = 0;
    uint64_t steps = 0;
    int viewer = human >= 0 ? human : WG_VIEW_REFEREE;
    for (;;) {
        int player, kind, turn = 0;
        wg_game_decision(&player, &kind, g);
        wg_game_turn(&turn, g);
        if (turn != last_turn && player != WG_PLAYER_NONE) {
            printf("\n=== Game-Turn %d ===\n", turn);
            last_turn = turn;
            if (board)
                print_board(g, viewer);
        }
        if (player == WG_PLAYER_NONE)
            break;
        if (steps >= maxsteps) {
            printf("stopped after %llu decisions (-m)\n", (unsigned long long)steps);
            break;
        }
        size_t len;
        step_t st = {0, 0, 0, {0}};
        if (player == human) {
            print_new_events(g, &seen, viewer);
            size_t nopt = 0, np0 = 0;
            int required0 = 0;
            rc = wg_game_option_count(&nopt, g);
            if (rc != WG_OK) {
                printf("wg-play: %s: %s\n", wg_status_str(rc), wg_game_errmsg(g));
                exit_code = 1;
                break;
            }
            if (nopt == 1 && !(wg_game_option_param_count(&np0, &required0, g, 0) == WG_OK && np0 > 0 && required0)) {
                rc = wg_game_option_label(text, sizeof text, &len, g, 0);
                printf("(your only option, taken for you: %s)\n", game_text(rc));
                st.kind = 1;
                goto take;
            }
            if (svg)
                write_svg(g, viewer, svg, 0);
            rc = wg_game_decision_text(text, sizeof text, &len, g);
            printf("\n%s\n", game_text(rc));
            for (size_t i = 0; i < nopt; i++) {
                size_t np = 0;
                int required = 0;
                rc = wg_game_option_label(text, sizeof text, &len, g, i);
                printf("  %3zu) %s", i, game_text(rc));
                if (wg_game_option_param_count(&np, &required, g, i) == WG_OK && np > 0 && required) {
                    printf("  (asks");
                    for (size_t p = 0; p < np; p++) {
                        const char *pname = "value";
                        wg_game_option_param(&pname, NULL, NULL, g, i, p);
                        printf("%s %s", p ? "," : "", pname);
                    }
                    printf(")");
                }
                printf("\n");
            }
            printf("choice> ");
            fflush(stdout);
            char line[1024];
            if (!read_line(line, sizeof line))
                break;
            char *cmd = skip_blanks(line);
            char *arg = cmd;
            while (*arg && *arg != ' ' && *arg != '\t')
                arg++;
            size_t cmdlen = (size_t)(arg - cmd);
            arg = skip_blanks(arg);
#define IS(word) (cmdlen == strlen(word) && !strncmp(cmd, word, cmdlen))
            if (!*cmd)
                continue;
            if (IS("q") || IS("quit"))
                break;
            if (IS("m")) {
                print_board(g, viewer);
                continue;
            }
            if (IS("?")) {
                rc = wg_game_describe(text, sizeof text, &len, g, viewer);
                printf("%s\n", game_text(rc));
                continue;
            }
            if (IS("h") || IS("help")) {
                print_commands();
                continue;
            }
            if (IS("p")) {
                print_pieces(g, viewer);
                continue;
            }
            if (IS("u")) {
                undo(g, human, practice, &seen);
                continue;
            }
            if (IS("s") || IS("svg") || IS("o")) {
                if (!*arg) {
                    printf("%s needs %s\n", IS("o") ? "o" : IS("s") ? "s" : "svg", IS("o") ? "an ACTION" : "a FILE");
                    continue;
                }
                if (IS("s"))
                    save_game(g, arg);
                else if (IS("svg"))
                    write_svg(g, viewer, arg, 1);
                else {
                    char *odds = text;
                    rc = wg_game_odds(text, sizeof text, &len, g, viewer, arg);
                    if (rc == WG_EBUFSIZE && (odds = malloc(len + 1)) != NULL)
                        rc = wg_game_odds(odds, len + 1, &len, g, viewer, arg);
                    if (!odds)
                        printf("wg-play: out of memory reading the odds\n");
                    else if (rc != WG_OK)
                        printf("wg-play: %s: %s\n", wg_status_str(rc), wg_game_errmsg(g));
                    else {
                        printf("odds of '%s', as you may know them:\n", arg);
                        if (!print_odds(odds, len))
                            printf("%s\n", odds);
                    }
                    if (odds != text)
                        free(odds);
                }
                continue;
            }
#undef IS
            /* an option number, or a name the labels print */
            errno = 0;
            char *end;
            unsigned long c = strtoul(cmd, &end, 10);
            int number = isdigit((unsigned char)cmd[0]) && !*end && !errno && (cmd[0] != '0' || !cmd[1]) && c < nopt;
            if (!number) {
                size_t found[8];
                size_t n = match_options(g, nopt, cmd, found, 8);
                if (n == 0) {
                    if (isdigit((unsigned char)cmd[0]))
                        printf("no option %s, and no option names it (h for help)\n", cmd);
                    else
                        printf("no command or option names '%s' (h for help)\n", cmd);
                    continue;
                }
                if (n > 1) {
                    printf("%zu options name '%s':", n, cmd);
                    for (size_t k = 0; k < n && k < 8; k++)
                        printf(" %zu", found[k]);
                    printf("%s; type its number\n", n > 8 ? " ..." : "");
                    continue;
                }
                c = found[0];
                rc = wg_game_option_label(text, sizeof text, &len, g, c);
                printf("-> %lu) %s\n", c, game_text(rc));
            }
            size_t np = 0;
            int required = 0;
            st.kind = 1;
            st.i = c;
            if (wg_game_option_param_count(&np, &required, g, c) == WG_OK && np > 0 && required) {
                int mkind = 0;
                const wg_map *map = NULL;
                if (wg_game_map(&map, g) == WG_OK)
                    wg_map_kind_of(&mkind, map);
                if (np > WG_MAX_PARAMS)
                    np = WG_MAX_PARAMS;
                int got = read_params(g, c, np, st.vals, mkind == WG_MAP_TABLE);
                if (got < 0)
                    break;
                if (got == 0)
                    continue;
                st.kind = 2;
                st.np = np;
            }
        } else if (bot && player >= 0) {
            /* the bot's choice; an option whose parameters are required goes to the built-in bot */
            size_t c = 0, bnp = 0;
            int breq = 0;
            rc = wg_bot_choose(&c, bot, g);
            if (rc) {
                printf("wg-play: the bot: %s: %s\n", wg_status_str(rc), wg_bot_errmsg(bot));
                exit_code = 1;
                break;
            }
            if (wg_game_option_param_count(&bnp, &breq, g, c) == WG_OK && !breq) {
                st.kind = 1;
                st.i = c;
            }
        }
    take:
        rc = take_step(ctx, g, &st);
        if (rc == WG_ETABLEGAP) {
            exit_code = 1;
            break;
        }
        if (rc) {
            printf("wg-play: %s: %s\n", wg_status_str(rc), wg_game_errmsg(g));
            if (player == human)
                continue;
            exit_code = 1;
            break;
        }
        steps++;
        if (!quiet || player == human)
            print_new_events(g, &seen, viewer);
        else
            wg_game_event_count(&seen, g);
    }
    if (svg)
        write_svg(g, viewer, svg, 0);
    wg_bot_free(bot);
    size_t len;
    uint64_t taken = 0;
    wg_game_step_count(&taken, g);
    rc = wg_game_result_text(text, sizeof text, &len, g);
    printf("\n=== Result after %llu decisions ===\n%s\n", (unsigned long long)taken, game_text(rc));
    wg_game_free(g);
    if (wg_ctx_free(ctx) != WG_OK)
        exit_code = 1;
    return exit_code;
}

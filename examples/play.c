/* wg-play — a terminal front end for libwargame.
 *
 *   wg-play [-r RULESET] [-s SCENARIO] [-S SEED] [-o OPTIONS] [-p PLAYER] [-q] [-M] [-m MAXSTEPS]
 *
 * Without -p, two random bots play the scenario to the end and the program prints the log turn by
 * turn and the result.  With -p N you play player N against the bot: the program shows your view of
 * the game, the decision and its numbered options, and reads your choice from standard input
 * ('?' shows the view again, 'm' draws the board, 'u' undoes your last decision, 'q' quits).  Chance
 * decisions are rolled by the game's own seeded dice.  -M draws the board at every game-turn.
 *
 * The board: a hex map is drawn two text lines per hex row (odd columns on the second line, as they
 * sit half a hex lower), one character per hex: '@' pieces of player 0, '#' of player 1, '*' of
 * both, otherwise the first letter of the terrain ('.' for the first terrain, usually clear).  A
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
 * -p takes a player's number or name ("-p French").  An option taken only with integer parameters
 * ("move to a point", "wheel to a facing") asks for each of them in turn, with its range; table
 * positions are in table units (100 per millimetre).
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

static void print_board(wg_game *g, int viewer)
{
    const wg_map *map = NULL;
    if (wg_game_map(&map, g) != WG_OK)
        return;
    int nspace = 0, kind = 0;
    wg_map_space_count(&nspace, map);
    wg_map_kind_of(&kind, map);
    if (kind == WG_MAP_TABLE) {
        print_table(g, map, viewer);
        return;
    }
    unsigned char *who = calloc((size_t)nspace + 1, 1);
    if (!who)
        return;
    size_t npieces = 0;
    wg_game_piece_count(&npieces, g, viewer);
    for (size_t i = 0; i < npieces; i++) {
        int side, space;
        if (wg_game_piece(&side, &space, g, viewer, i) == WG_OK && space >= 0 && space < nspace && side >= 0 &&
            side < 2)
            who[space] |= (unsigned char)(1u << side);
    }
    if (kind == WG_MAP_HEX) {
        int cols, rows, layout;
        wg_map_hex_size(&cols, &rows, &layout, map);
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
                        if (who[id])
                            ch = who[id] == 1 ? '@' : who[id] == 2 ? '#' : '*';
                    }
                    line[n++] = ch;
                }
                while (n > 0 && line[n - 1] == ' ')
                    n--;
                line[n] = '\0';
                printf("  %s\n", line);
            }
        }
    } else {
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
        if (!fgets(line, sizeof line, stdin))
            return -1;
        char *end;
        errno = 0;
        long long v = strtoll(line, &end, 10);
        while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
            end++;
        if (end == line || *end || errno) {
            printf("not a number: back to the options\n");
            return 0;
        }
        vals[p] = (int64_t)v;
    }
    return 1;
}

static int usage(void)
{
    fprintf(stderr, "usage: wg-play [-r RULESET] [-s SCENARIO] [-S SEED] [-o OPTIONS] [-p PLAYER|NAME] [-q] [-M] [-m MAXSTEPS]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *ruleset = "lga", *scenario = NULL, *options = NULL;
    unsigned long long seed = 1805, maxsteps = 2000000;
    const char *human_arg = NULL;
    int human = -1, quiet = 0, board = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-q")) {
            quiet = 1;
            continue;
        }
        if (!strcmp(a, "-M")) {
            board = 1;
            continue;
        }
        if (!v)
            return usage();
        if (!strcmp(a, "-r"))
            ruleset = v;
        else if (!strcmp(a, "-s"))
            scenario = v;
        else if (!strcmp(a, "-o"))
            options = v;
        else if (!strcmp(a, "-S"))
            seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "-p"))
            human_arg = v;
        else if (!strcmp(a, "-m"))
            maxsteps = strtoull(v, NULL, 10);
        else
            return usage();
        i++;
    }
    if (!scenario) {
        int n = 0;
        if (wg_ruleset_scenario_count(&n, ruleset) != WG_OK || n == 0 ||
            wg_ruleset_scenario_id(&scenario, ruleset, 0) != WG_OK) {
            fprintf(stderr, "wg-play: ruleset '%s' is not in this library (it has:", ruleset);
            for (int i = 0; i < wg_ruleset_count(); i++)
                fprintf(stderr, " %s", wg_ruleset_id(i));
            fprintf(stderr, ")\n");
            return 1;
        }
    }
    wg_ctx *ctx = NULL;
    if (wg_ctx_new(&ctx, NULL, NULL) != WG_OK) {
        fprintf(stderr, "wg-play: out of memory\n");
        return 1;
    }
    wg_game *g = NULL;
    int rc = wg_game_new(&g, ctx, ruleset, scenario, options, seed);
    if (rc) {
        fprintf(stderr, "wg-play: %s: %s\n", wg_status_str(rc), wg_ctx_errmsg(ctx));
        wg_ctx_free(ctx);
        return 1;
    }
    const char *rname = ruleset;
    wg_ruleset_name(&rname, ruleset);
    printf("libwargame %s — %s, scenario %s, seed %llu%s%s\n", wg_version(), rname, scenario, seed,
           options ? ", options " : "", options ? options : "");
    int nplayers = 0;
    wg_game_player_count(&nplayers, g);
    if (human_arg)
        human = find_player(g, nplayers, human_arg);
    if (human_arg && (human < 0 || human >= nplayers)) {
        fprintf(stderr, "wg-play: no player '%s' (", human_arg);
        for (int p = 0; p < nplayers; p++) {
            const char *pn = "?";
            wg_game_player_name(&pn, g, p);
            fprintf(stderr, "%s%d %s", p ? ", " : "", p, pn);
        }
        fprintf(stderr, ")\n");
        wg_game_free(g);
        wg_ctx_free(ctx);
        return 2;
    }
    size_t seen = 0;
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
        if (player == human) {
            print_new_events(g, &seen, viewer);
            size_t nopt = 0;
            wg_game_option_count(&nopt, g);
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
            char line[128];
            if (!fgets(line, sizeof line, stdin) || line[0] == 'q')
                break;
            if (line[0] == 'm') {
                print_board(g, viewer);
                continue;
            }
            if (line[0] == '?') {
                rc = wg_game_describe(text, sizeof text, &len, g, viewer);
                printf("%s\n", game_text(rc));
                continue;
            }
            if (line[0] == 'u') {
                uint64_t n = 0;
                wg_game_step_count(&n, g);
                if (n > 0 && wg_game_undo_to(g, n - 1) == WG_OK) {
                    size_t ne = 0;
                    wg_game_event_count(&ne, g);
                    if (seen > ne)
                        seen = ne;
                }
                continue;
            }
            errno = 0;
            char *end;
            unsigned long c = strtoul(line, &end, 10);
            if (end == line || errno) {
                printf("type an option number\n");
                continue;
            }
            size_t np = 0;
            int required = 0;
            if (c < nopt && wg_game_option_param_count(&np, &required, g, c) == WG_OK && np > 0 && required) {
                int64_t vals[WG_MAX_PARAMS];
                int mkind = 0;
                const wg_map *map = NULL;
                if (wg_game_map(&map, g) == WG_OK)
                    wg_map_kind_of(&mkind, map);
                int got = read_params(g, c, np, vals, mkind == WG_MAP_TABLE);
                if (got < 0)
                    break;
                if (got == 0)
                    continue;
                rc = wg_game_choose_params(g, c, vals, np);
            } else
                rc = wg_game_choose(g, c);
        } else {
            if (!quiet && player >= 0) {
                rc = wg_game_decision_text(text, sizeof text, &len, g);
                (void)rc;
            }
            rc = wg_game_bot_step(NULL, g);
        }
        if (rc) {
            fprintf(stderr, "wg-play: %s: %s\n", wg_status_str(rc), wg_game_errmsg(g));
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
    size_t len;
    rc = wg_game_result_text(text, sizeof text, &len, g);
    printf("\n=== Result after %llu decisions ===\n%s\n", (unsigned long long)steps, game_text(rc));
    wg_game_free(g);
    if (wg_ctx_free(ctx) != WG_OK)
        exit_code = 1;
    return exit_code;
}

/* The picture of the board (wg_game_svg): an SVG 1.1 document of a viewer's view (doc/svg.md).

   Everything is integer: hex maps use hexes of radius 30 user units whose half-height is 26 (an
   integer approximation of sqrt(3)/2 * 30), zones are laid out on a grid computed from the graph,
   a table is drawn in tenths of a millimetre.  The pieces are read through the same per-viewer
   queries as the JSON view (ops->piece and the attributes of lib/core/view.c), so nothing the
   viewer may not know reaches the picture: each visible piece is one <g> whose id is its `id`
   attribute. */
#include <string.h>

#include "internal.h"
#include "geom.h"

/* ------------------------------------------------------------------ output */

static void putc_(wg_sb *sb, char c)
{
    if (sb->buf && sb->len + 1 < sb->cap) {
        sb->buf[sb->len] = c;
        sb->buf[sb->len + 1] = '\0';
    }
    sb->len++;
}

static void puts_(wg_sb *sb, const char *s)
{
    while (*s)
        putc_(sb, *s++);
}

/* The length of the valid UTF-8 sequence at s (n bytes left), 0 when it is not one. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned min;
    if (c >= 0xc2 && c <= 0xdf) {
        len = 2;
        min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    if (len > n)
        return 0;
    unsigned cp = c & (0x7fu >> len);
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[k] & 0x3fu);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

/* Text for an XML attribute value or character data: the five markup characters as references,
   control characters as spaces (XML 1.0 allows none but tab and newlines), bytes that are not
   UTF-8 as '?'.  At most max_chars characters (0: all), an ellipsis marking a cut. */
static void xml_text(wg_sb *sb, const char *text, size_t max_chars)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t n = strlen(text), chars = 0;
    for (size_t k = 0; k < n;) {
        if (max_chars && chars == max_chars) {
            puts_(sb, "\xe2\x80\xa6");
            return;
        }
        unsigned c = s[k];
        chars++;
        if (c >= 0x80) {
            size_t l = utf8_len(s + k, n - k);
            if (!l) {
                putc_(sb, '?');
                k++;
                continue;
            }
            for (size_t j = 0; j < l; j++)
                putc_(sb, (char)s[k + j]);
            k += l;
            continue;
        }
        k++;
        switch (c) {
        case '&': puts_(sb, "&amp;"); break;
        case '<': puts_(sb, "&lt;"); break;
        case '>': puts_(sb, "&gt;"); break;
        case '"': puts_(sb, "&quot;"); break;
        case '\'': puts_(sb, "&#39;"); break;
        default: putc_(sb, c < 0x20 || c == 0x7f ? ' ' : (char)c); break;
        }
    }
}

/* A class name made of a data name: ASCII letters (lower-cased), digits, '-' and '_' kept, any
   other byte '-'. */
static void class_name(wg_sb *sb, const char *prefix, const char *name)
{
    puts_(sb, prefix);
    for (const char *p = name; *p; p++) {
        char c = *p;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
            c = '-';
        putc_(sb, c);
    }
}

/* The classes of space s: its terrain and each of its flags. */
static void space_classes(wg_sb *sb, const wg_map *m, int s)
{
    int t = m->terrain[s];
    if (t >= 0 && t < m->vocab[WG__MAP_TERRAIN].count)
        class_name(sb, " terrain-", m->vocab[WG__MAP_TERRAIN].name[t]);
    for (int f = 0; f < m->vocab[WG__MAP_FLAG].count && f < 32; f++)
        if (m->flags[s] & ((uint32_t)1 << f))
            class_name(sb, " flag-", m->vocab[WG__MAP_FLAG].name[f]);
}

static void num(wg_sb *sb, long long v)
{
    wg__sb_printf(sb, "%lld", v);
}

/* ------------------------------------------------------------------ what a viewer reads */

typedef struct pinfo {
    int side, space;
    int64_t id;
} pinfo;

static int p_int(const wg_game *g, int viewer, size_t i, const char *key, int64_t *v)
{
    return wg__attr_get(g, viewer, WG_ATTR_PIECE, i, key, v, NULL) == WG_OK;
}

/* A text attribute into buf (cap bytes; cut on a character boundary); 0 when absent. */
static int p_text(const wg_game *g, int viewer, int of, size_t i, const char *key, char *buf, size_t cap)
{
    wg_sb t;
    wg__sb_init(&t, buf, cap);
    if (wg__attr_get(g, viewer, of, i, key, NULL, &t) != WG_OK) {
        buf[0] = '\0';
        return 0;
    }
    if (t.len >= cap) { /* cut: drop a partial character at the end */
        size_t n = cap - 1;
        while (n > 0 && ((unsigned char)buf[n - 1] & 0xc0) == 0x80)
            n--;
        if (n > 0 && (unsigned char)buf[n - 1] >= 0xc0)
            n--;
        buf[n] = '\0';
    }
    return 1;
}

/* The counter of piece i: its rectangle (w x h centred on the origin), a short name and its
   values, and the label as a tooltip.  The first present of letter, code, name, type, kind gives
   the name; the values are the first present of strength-movement, offense/defense, steps/max_steps,
   blocks/max_blocks, figures, sv ("SV n"), charisma ("C n"). */
static void counter_text(wg_sb *sb, const wg_game *g, int viewer, size_t i, int w, int h, int font)
{
    static const char *const names[] = {"letter", "code", "name", "type", "kind"};
    char top[96] = "", val[64] = "";
    size_t topmax = 5;
    for (size_t k = 0; k < sizeof names / sizeof names[0] && !top[0]; k++)
        if (p_text(g, viewer, WG_ATTR_PIECE, i, names[k], top, sizeof top) && k >= 3)
            topmax = 3; /* a kind of piece: its first letters */
    int64_t a = 0, b = 0;
    wg_sb v;
    wg__sb_init(&v, val, sizeof val);
    if (p_int(g, viewer, i, "strength", &a) && p_int(g, viewer, i, "movement", &b) &&
        !p_int(g, viewer, i, "offense", &(int64_t){0}))
        wg__sb_printf(&v, "%lld-%lld", (long long)a, (long long)b);
    else if (p_int(g, viewer, i, "offense", &a) && p_int(g, viewer, i, "defense", &b))
        wg__sb_printf(&v, "%lld/%lld", (long long)a, (long long)b);
    else if (p_int(g, viewer, i, "steps", &a) && p_int(g, viewer, i, "max_steps", &b))
        wg__sb_printf(&v, "%lld/%lld", (long long)a, (long long)b);
    else if (p_int(g, viewer, i, "blocks", &a) && p_int(g, viewer, i, "max_blocks", &b))
        wg__sb_printf(&v, "%lld/%lld", (long long)a, (long long)b);
    else if (p_int(g, viewer, i, "figures", &a))
        wg__sb_printf(&v, "%lld", (long long)a);
    else if (p_int(g, viewer, i, "sv", &a))
        wg__sb_printf(&v, "SV %lld", (long long)a);
    else if (p_int(g, viewer, i, "charisma", &a))
        wg__sb_printf(&v, "C %lld", (long long)a);
    if (!top[0] && !val[0])
        memcpy(top, "?", 2); /* a piece the viewer sees but cannot identify */
    if (w > 0) {
        puts_(sb, "<rect class=\"counter\" x=\"");
        num(sb, -w / 2);
        puts_(sb, "\" y=\"");
        num(sb, -h / 2);
        puts_(sb, "\" width=\"");
        num(sb, w);
        puts_(sb, "\" height=\"");
        num(sb, h);
        puts_(sb, "\" rx=\"");
        num(sb, w / 12);
        puts_(sb, "\"/>");
    }
    if (top[0]) {
        puts_(sb, "<text class=\"name\" y=\"");
        num(sb, val[0] ? -font / 4 : font / 3);
        puts_(sb, "\" font-size=\"");
        num(sb, font);
        puts_(sb, "\">");
        xml_text(sb, top, topmax);
        puts_(sb, "</text>");
    }
    if (val[0]) {
        puts_(sb, "<text class=\"values\" y=\"");
        num(sb, top[0] ? font : font / 3);
        puts_(sb, "\" font-size=\"");
        num(sb, font);
        puts_(sb, "\">");
        xml_text(sb, val, 0);
        puts_(sb, "</text>");
    }
}

/* Opens the piece's element: <g id="ID" class="piece side-S type-T" transform="translate(X Y)">
   with its label as <title>. */
static void piece_open(wg_sb *sb, const wg_game *g, int viewer, size_t i, const pinfo *p, long long x, long long y)
{
    char buf[512];
    puts_(sb, "<g id=\"");
    num(sb, (long long)p->id);
    puts_(sb, "\" class=\"piece side-");
    num(sb, p->side);
    static const char *const kinds[] = {"type", "arm", "kind"};
    for (size_t k = 0; k < 3; k++)
        if (p_text(g, viewer, WG_ATTR_PIECE, i, kinds[k], buf, 64) && buf[0]) {
            class_name(sb, " type-", buf);
            break;
        }
    int64_t h = 0;
    if (p_int(g, viewer, i, "hidden", &h) && h)
        puts_(sb, " hidden");
    puts_(sb, "\" transform=\"translate(");
    num(sb, x);
    putc_(sb, ' ');
    num(sb, y);
    puts_(sb, ")\"><title>");
    wg_sb t;
    wg__sb_init(&t, buf, sizeof buf);
    size_t n = 0;
    int side, space;
    g->ops->piece(g, viewer, i, &n, &side, &space, &t);
    if (t.len >= sizeof buf)
        p_text(g, viewer, WG_ATTR_PIECE, i, "label", buf, sizeof buf);
    xml_text(sb, buf, 0);
    puts_(sb, "</title>");
}

/* ------------------------------------------------------------------ styles */

static const char style[] =
    "<style type=\"text/css\">"
    "text{font-family:sans-serif;text-anchor:middle;fill:#222}"
    ".hex,.area{stroke:#8a8a7a;stroke-width:1;fill:#eef0d8}"
    ".area{stroke-width:5}"
    ".terrain-clear,.terrain-open{fill:#eef0d8}.terrain-city,.terrain-town,.terrain-village{fill:#d9c9b0}"
    ".terrain-fortress{fill:#c9a99a}.terrain-mountain{fill:#b9a98a}.terrain-pass{fill:#cbbb9b}"
    ".terrain-forest,.terrain-wood,.terrain-woods{fill:#a9c99a}.terrain-hill{fill:#d9cf9a}"
    ".terrain-river,.terrain-lake{fill:#9ac3e6}.terrain-ford,.terrain-bridge{fill:#bcd7ee}"
    ".terrain-marsh{fill:#b9d9c9}.terrain-field{fill:#e9e3a9}.terrain-defensive{fill:#e0d4a8}"
    ".hexnum{font-size:9px;fill:#777}.placename{font-size:10px;font-style:italic;fill:#333}"
    ".side{stroke-width:4;stroke-linecap:round;fill:none}.side-river{stroke:#3a7fc8}"
    ".side-bridge{stroke:#8a5a2a;stroke-width:6}.side-lake{stroke:#6aa3e6;stroke-width:6}"
    ".side-road{stroke:#a07040;stroke-width:3}.side-fort{stroke:#555;stroke-width:5}"
    ".section-line{stroke:#c04040;stroke-width:2;stroke-dasharray:6 4}"
    ".zone rect{fill:#eef0d8;stroke:#666;stroke-width:2}.zone.terrain-town rect{fill:#d9c9b0}"
    ".zone.terrain-defensive rect{fill:#e0d4a8}.zone text{font-size:14px;font-weight:bold}"
    ".conn{stroke:#777;stroke-width:3;fill:none}.conn-road{stroke:#a07040}"
    ".conn-path{stroke-dasharray:8 5}.conn-route{stroke:#b08050;stroke-width:5}"
    ".line{fill:none;stroke-width:30}.line-road{stroke:#a07040}.line-stream{stroke:#3a7fc8}"
    ".line-crest{stroke:#7a6a3a;stroke-dasharray:60 40}.line-hedge{stroke:#3a7a3a}"
    ".place circle{fill:#333}.place text{font-size:120px}.areaname{font-size:120px;font-style:italic;fill:#555}"
    ".guns{stroke:#000;stroke-width:25}"
    ".piece .counter{stroke:#222;stroke-width:1}.side-0 .counter,.side-0 .base{fill:#e8b0a0}"
    ".side-1 .counter,.side-1 .base{fill:#a8c0e8}.side-2 .counter,.side-2 .base{fill:#c8e0a8}"
    ".side-3 .counter,.side-3 .base{fill:#e0d0a0}.piece.hidden .counter{fill:#999}"
    ".base{stroke:#222;stroke-width:8}.facing{stroke:#000;stroke-width:12}"
    ".piece text{font-weight:bold}.offboard{fill:#f4f4f4;stroke:#bbb}"
    "</style>";

/* ------------------------------------------------------------------ hex maps */

enum { HEX_R = 30, HEX_H = 26, HEX_HALF = 15 };

static int hex_flat(const wg_map *m)
{
    return m->layout == WG_HEX_ODD_Q || m->layout == WG_HEX_EVEN_Q;
}

/* The centre of the hex at axial (q, r), before the board's shift. */
static void hex_centre(const wg_map *m, long long q, long long r, long long *x, long long *y)
{
    if (hex_flat(m)) {
        *x = 45 * q;
        *y = 2 * HEX_H * r + HEX_H * q;
    } else {
        *x = 2 * HEX_H * q + HEX_H * r;
        *y = 45 * r;
    }
}

static const int corner_flat[6][2] = {{30, 0}, {15, 26}, {-15, 26}, {-30, 0}, {-15, -26}, {15, -26}};
static const int corner_pointy[6][2] = {{26, -15}, {26, 15}, {0, 30}, {-26, 15}, {-26, -15}, {0, -30}};

typedef struct board {
    long long w, h;      /* the board's size */
    long long dx, dy;    /* shift of hex centres / zone cells */
    int *zx, *zy;        /* graphs: the zones' centres */
} board;

static void hex_bounds(const wg_map *m, board *b)
{
    long long minx = 0, miny = 0, maxx = 0, maxy = 0;
    for (int s = 0; s < m->nspace; s++) {
        long long x, y;
        hex_centre(m, m->hq[s], m->hr[s], &x, &y);
        if (s == 0 || x < minx)
            minx = x;
        if (s == 0 || y < miny)
            miny = y;
        if (s == 0 || x > maxx)
            maxx = x;
        if (s == 0 || y > maxy)
            maxy = y;
    }
    b->dx = HEX_R + 4 - minx;
    b->dy = HEX_R + 4 - miny;
    b->w = maxx - minx + 2 * HEX_R + 8;
    b->h = maxy - miny + 2 * HEX_R + 8;
}

static int vocab_is(const wg_map *m, int voc, int code, const char *name)
{
    return code >= 0 && code < m->vocab[voc].count && strcmp(m->vocab[voc].name[code], name) == 0;
}

static void draw_hexes(wg_sb *sb, const wg_game *g, const board *b)
{
    const wg_map *m = g->map;
    int flat = hex_flat(m);
    char name[128];
    puts_(sb, "<g class=\"hexes\">");
    for (int s = 0; s < m->nspace; s++) {
        long long x, y;
        hex_centre(m, m->hq[s], m->hr[s], &x, &y);
        x += b->dx;
        y += b->dy;
        puts_(sb, "<path class=\"hex");
        space_classes(sb, m, s);
        puts_(sb, "\" d=\"M");
        if (flat) {
            num(sb, x + HEX_R);
            putc_(sb, ' ');
            num(sb, y);
            puts_(sb, "l-15 26h-30l-15-26 15-26h30z\"/>");
        } else {
            num(sb, x);
            putc_(sb, ' ');
            num(sb, y - HEX_R);
            puts_(sb, "l26 15v30l-26 15-26-15v-30z\"/>");
        }
    }
    /* hex-sides: each once (from the hex of lower number, or toward the edge) */
    for (int s = 0; s < m->nspace; s++) {
        for (int d = 0; d < 6; d++) {
            uint32_t fl = m->hexside[s * 6 + d];
            int n = m->nbr[s * 6 + d];
            if (!fl || (n >= 0 && n < s))
                continue;
            long long x, y, nx, ny;
            hex_centre(m, m->hq[s], m->hr[s], &x, &y);
            hex_centre(m, (long long)m->hq[s] + wg__hex_dq[d], (long long)m->hr[s] + wg__hex_dr[d], &nx, &ny);
            const int(*c)[2] = flat ? corner_flat : corner_pointy;
            int best = 0;
            long long bestdot = 0;
            for (int k = 0; k < 6; k++) {
                long long dot = (nx - x) * (c[k][0] + c[(k + 1) % 6][0]) + (ny - y) * (c[k][1] + c[(k + 1) % 6][1]);
                if (k == 0 || dot > bestdot) {
                    bestdot = dot;
                    best = k;
                }
            }
            for (int f = 0; f < m->vocab[WG__MAP_SIDEFLAG].count && f < 32; f++) {
                if (!(fl & ((uint32_t)1 << f)))
                    continue;
                class_name(sb, "<path class=\"side side-", m->vocab[WG__MAP_SIDEFLAG].name[f]);
                puts_(sb, "\" d=\"M");
                num(sb, x + b->dx + c[best][0]);
                putc_(sb, ' ');
                num(sb, y + b->dy + c[best][1]);
                putc_(sb, 'L');
                num(sb, x + b->dx + c[(best + 1) % 6][0]);
                putc_(sb, ' ');
                num(sb, y + b->dy + c[(best + 1) % 6][1]);
                puts_(sb, "\"/>");
            }
        }
    }
    /* section lines: a hex of two sections (flags west, centre, east) has the line through it */
    for (int s = 0; s < m->nspace; s++) {
        int sections = 0;
        for (int f = 0; f < m->vocab[WG__MAP_FLAG].count && f < 32; f++)
            if ((m->flags[s] & ((uint32_t)1 << f)) &&
                (vocab_is(m, WG__MAP_FLAG, f, "west") || vocab_is(m, WG__MAP_FLAG, f, "centre") ||
                 vocab_is(m, WG__MAP_FLAG, f, "east")))
                sections++;
        if (sections < 2)
            continue;
        long long x, y;
        hex_centre(m, m->hq[s], m->hr[s], &x, &y);
        puts_(sb, "<path class=\"section-line\" d=\"M");
        num(sb, x + b->dx);
        putc_(sb, ' ');
        num(sb, y + b->dy - HEX_R);
        puts_(sb, "v60\"/>");
    }
    /* numbers and place names */
    for (int s = 0; s < m->nspace; s++) {
        long long x, y;
        hex_centre(m, m->hq[s], m->hr[s], &x, &y);
        x += b->dx;
        y += b->dy;
        wg_sb t;
        wg__sb_init(&t, name, sizeof name);
        wg__space_name(g, s, &t);
        puts_(sb, "<text class=\"hexnum\" x=\"");
        num(sb, x);
        puts_(sb, "\" y=\"");
        num(sb, y - 16);
        puts_(sb, "\">");
        xml_text(sb, name, 8);
        puts_(sb, "</text>");
        const char *pn = m->names[s];
        int shown = 0; /* a name several hexes carry is written on the first of them only */
        for (int d = 0; d < 6 && pn && pn[0]; d++) {
            int o = m->nbr[s * 6 + d];
            shown |= o >= 0 && o < s && m->names[o] && strcmp(m->names[o], pn) == 0;
        }
        if (pn && pn[0] && !shown && strcmp(pn, name) != 0) {
            puts_(sb, "<text class=\"placename\" x=\"");
            num(sb, x);
            puts_(sb, "\" y=\"");
            num(sb, y + 24);
            puts_(sb, "\">");
            xml_text(sb, pn, 16);
            puts_(sb, "</text>");
        }
    }
    puts_(sb, "</g>");
}

/* ------------------------------------------------------------------ zone graphs */

enum { ZONE_W = 220, ZONE_H = 150, ZONE_PITCH_X = 300, ZONE_PITCH_Y = 200 };

/* The layout of a zone graph (no positions in the map): breadth-first layers from the lowest-numbered
   zone of each connected component (a zone's column is its distance from that zone, components side
   by side in zone order); within a column the zones are ordered by the mean row of their neighbours
   in the previous column (in 1/1024 rows), then by number.  All integer.  zx, zy receive the
   centres; scratch holds 3 * n ints. */
static void zone_layout(const wg_map *m, board *b, int *scratch)
{
    int n = m->nspace;
    int *depth = scratch, *queue = scratch + n, *key = scratch + 2 * n;
    for (int z = 0; z < n; z++)
        depth[z] = -1;
    int col0 = 0, maxrows = 1, ncols = 0;
    for (int root = 0; root < n; root++) {
        if (depth[root] >= 0)
            continue;
        int head = 0, tail = 0, maxd = 0;
        depth[root] = 0;
        queue[tail++] = root;
        while (head < tail) {
            int z = queue[head++];
            for (int k = 0; k < m->adj_count[z]; k++) {
                int c = m->adj[z][k];
                int o = m->conn_a[c] == z ? m->conn_b[c] : m->conn_a[c];
                if (o >= 0 && o < n && depth[o] < 0) {
                    depth[o] = depth[z] + 1;
                    if (depth[o] > maxd)
                        maxd = depth[o];
                    queue[tail++] = o;
                }
            }
        }
        /* the component's zones are queue[0 .. tail-1]: place column by column */
        for (int d = 0; d <= maxd; d++) {
            int rows = 0;
            for (int q = 0; q < tail; q++) {
                int z = queue[q];
                if (depth[z] != d)
                    continue;
                long long sum = 0, cnt = 0;
                for (int k = 0; k < m->adj_count[z]; k++) {
                    int c = m->adj[z][k];
                    int o = m->conn_a[c] == z ? m->conn_b[c] : m->conn_a[c];
                    if (o >= 0 && o < n && depth[o] == d - 1 && b->zy[o] >= 0) {
                        sum += b->zy[o];
                        cnt++;
                    }
                }
                key[z] = cnt ? (int)(sum / cnt) : 1 << 30; /* zy holds rows in 1/1024 */
                b->zy[z] = -1; /* placed below */
                rows++;
            }
            /* order: by key then number (selection of the smallest each time) */
            for (int r = 0; r < rows; r++) {
                int pick = -1;
                for (int q = 0; q < tail; q++) {
                    int z = queue[q];
                    if (depth[z] != d || b->zy[z] >= 0)
                        continue;
                    if (pick < 0 || key[z] < key[pick] || (key[z] == key[pick] && z < pick))
                        pick = z;
                }
                b->zx[pick] = col0 + d;
                b->zy[pick] = r * 1024;
            }
            if (rows > maxrows)
                maxrows = rows;
        }
        for (int q = 0; q < tail; q++)
            depth[queue[q]] = 1 << 20; /* done: keeps later components from entering */
        col0 += maxd + 1;
    }
    ncols = col0 > 0 ? col0 : 1;
    for (int z = 0; z < n; z++) {
        b->zx[z] = ZONE_PITCH_X / 2 + 10 + b->zx[z] * ZONE_PITCH_X;
        b->zy[z] = ZONE_PITCH_Y / 2 + 10 + (b->zy[z] / 1024) * ZONE_PITCH_Y;
    }
    b->w = (long long)ncols * ZONE_PITCH_X + 20;
    b->h = (long long)maxrows * ZONE_PITCH_Y + 20;
}

static void draw_zones(wg_sb *sb, const wg_game *g, const board *b)
{
    const wg_map *m = g->map;
    char name[128];
    puts_(sb, "<g class=\"connections\">");
    for (int c = 0; c < m->nconn; c++) {
        int a = m->conn_a[c], z = m->conn_b[c];
        if (a < 0 || z < 0 || a >= m->nspace || z >= m->nspace)
            continue;
        puts_(sb, "<path class=\"conn");
        int t = m->conn_type[c];
        if (t >= 0 && t < m->vocab[WG__MAP_CONNTYPE].count)
            class_name(sb, " conn-", m->vocab[WG__MAP_CONNTYPE].name[t]);
        puts_(sb, "\" d=\"M");
        num(sb, b->zx[a]);
        putc_(sb, ' ');
        num(sb, b->zy[a]);
        putc_(sb, 'L');
        num(sb, b->zx[z]);
        putc_(sb, ' ');
        num(sb, b->zy[z]);
        puts_(sb, "\"/>");
    }
    puts_(sb, "</g><g class=\"zones\">");
    for (int s = 0; s < m->nspace; s++) {
        puts_(sb, "<g class=\"zone");
        space_classes(sb, m, s);
        puts_(sb, "\"><rect x=\"");
        num(sb, b->zx[s] - ZONE_W / 2);
        puts_(sb, "\" y=\"");
        num(sb, b->zy[s] - ZONE_H / 2);
        puts_(sb, "\" width=\"");
        num(sb, ZONE_W);
        puts_(sb, "\" height=\"");
        num(sb, ZONE_H);
        puts_(sb, "\" rx=\"12\"/><text x=\"");
        num(sb, b->zx[s]);
        puts_(sb, "\" y=\"");
        num(sb, b->zy[s] - ZONE_H / 2 + 18);
        puts_(sb, "\">");
        wg_sb tt;
        wg__sb_init(&tt, name, sizeof name);
        wg__space_name(g, s, &tt);
        xml_text(sb, name, 24);
        puts_(sb, "</text></g>");
    }
    puts_(sb, "</g>");
}

/* ------------------------------------------------------------------ tables */

/* Table units (1/100 mm) to the picture's tenths of a millimetre. */
static long long tu(long long v)
{
    return v / 10;
}

static void points(wg_sb *sb, const wg_pt *p, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        if (k)
            putc_(sb, ' ');
        num(sb, tu(p[k].x));
        putc_(sb, ',');
        num(sb, tu(p[k].y));
    }
}

static void draw_table(wg_sb *sb, const wg_game *g)
{
    const wg_map *m = g->map;
    puts_(sb, "<g class=\"areas\">");
    for (int s = 0; s < m->nspace; s++) {
        const wg__map_area_t *a = &m->areas[s];
        if (!a->pts || a->n < 3)
            continue;
        puts_(sb, "<polygon class=\"area");
        space_classes(sb, m, s);
        puts_(sb, "\" points=\"");
        points(sb, a->pts, a->n);
        puts_(sb, "\"><title>");
        xml_text(sb, m->names[s] ? m->names[s] : "", 0);
        puts_(sb, "</title></polygon>");
    }
    for (int s = 0; s < m->nspace; s++) { /* the names of the areas that are not the whole table */
        const wg__map_area_t *a = &m->areas[s];
        if (!a->pts || a->n < 3 || !m->names[s] || !m->names[s][0] ||
            (a->lo.x <= 0 && a->lo.y <= 0 && a->hi.x >= m->width && a->hi.y >= m->depth))
            continue;
        puts_(sb, "<text class=\"areaname\" x=\"");
        num(sb, tu(a->lo.x / 2 + a->hi.x / 2));
        puts_(sb, "\" y=\"");
        num(sb, tu(a->lo.y / 2 + a->hi.y / 2));
        puts_(sb, "\">");
        xml_text(sb, m->names[s], 32);
        puts_(sb, "</text>");
    }
    puts_(sb, "</g><g class=\"lines\">");
    for (int l = 0; l < m->nline; l++) {
        const wg__map_line_t *ln = &m->lines[l];
        if (!ln->pts || ln->n < 2)
            continue;
        puts_(sb, "<polyline class=\"line");
        if (ln->type >= 0 && ln->type < m->vocab[WG__MAP_LINETYPE].count)
            class_name(sb, " line-", m->vocab[WG__MAP_LINETYPE].name[ln->type]);
        puts_(sb, "\" points=\"");
        points(sb, ln->pts, ln->n);
        puts_(sb, "\"><title>");
        xml_text(sb, ln->name ? ln->name : "", 0);
        puts_(sb, "</title></polyline>");
    }
    puts_(sb, "</g><g class=\"places\">");
    for (int p = 0; p < m->nplace; p++) {
        long long x = tu(m->places[p].p.x), y = tu(m->places[p].p.y);
        puts_(sb, "<g class=\"place\"><circle cx=\"");
        num(sb, x);
        puts_(sb, "\" cy=\"");
        num(sb, y);
        puts_(sb, "\" r=\"40\"/><text x=\"");
        num(sb, x);
        puts_(sb, "\" y=\"");
        num(sb, y - 60);
        puts_(sb, "\">");
        xml_text(sb, m->places[p].name ? m->places[p].name : "", 32);
        puts_(sb, "</text></g>");
    }
    puts_(sb, "</g>");
}

/* The facing (fx, fy) as a unit vector in 1/16384 (rounded; (0, 1) when null). */
static void unit_vec(int64_t fx, int64_t fy, long long *ux, long long *uy)
{
    while (fx > 32767 || fx < -32767 || fy > 32767 || fy < -32767) {
        fx /= 2;
        fy /= 2;
    }
    uint64_t n2 = (uint64_t)(fx * fx + fy * fy);
    if (n2 == 0) {
        *ux = 0;
        *uy = 16384;
        return;
    }
    /* |u| = sqrt(f^2 * 2^28 / n2), each component on its own, sign kept */
    long long ax = (long long)wg__isqrt64(((uint64_t)(fx * fx) << 28) / n2);
    long long ay = (long long)wg__isqrt64(((uint64_t)(fy * fy) << 28) / n2);
    *ux = fx < 0 ? -ax : ax;
    *uy = fy < 0 ? -ay : ay;
}

/* A piece on a table: a unit's base (width x depth paces behind its front edge's centre, turned to
   its facing) with a facing tick, or an officer's disc. */
static void table_piece(wg_sb *sb, const wg_game *g, int viewer, size_t i, const pinfo *p, int64_t x, int64_t y)
{
    int64_t w = 0, d = 0, fx = 0, fy = 1;
    int body = p_int(g, viewer, i, "width", &w) && p_int(g, viewer, i, "depth", &d);
    p_int(g, viewer, i, "facing_x", &fx);
    p_int(g, viewer, i, "facing_y", &fy);
    /* paces to tenths of a millimetre, clamped to the table's range */
    long long px = (long long)x * WG_TABLE_UNIT / 10, py = (long long)y * WG_TABLE_UNIT / 10;
    piece_open(sb, g, viewer, i, p, px, py);
    if (body && w > 0 && d > 0) {
        if (w > 100000)
            w = 100000;
        if (d > 100000)
            d = 100000;
        long long ux, uy;
        unit_vec(fx, fy, &ux, &uy);
        long long hw = w * WG_TABLE_UNIT / 20, dd = d * WG_TABLE_UNIT / 10; /* tenths of mm */
        long long rx = -uy, ry = ux;                                       /* across the front */
        long long ax = rx * hw / 16384, ay = ry * hw / 16384, bx = ux * dd / 16384, by = uy * dd / 16384;
        puts_(sb, "<polygon class=\"base\" points=\"");
        long long pts[4][2] = {{ax, ay}, {ax - bx, ay - by}, {-ax - bx, -ay - by}, {-ax, -ay}};
        for (int k = 0; k < 4; k++) {
            if (k)
                putc_(sb, ' ');
            num(sb, pts[k][0]);
            putc_(sb, ',');
            num(sb, pts[k][1]);
        }
        puts_(sb, "\"/><path class=\"facing\" d=\"M0 0L");
        num(sb, ux * 150 / 16384);
        putc_(sb, ' ');
        num(sb, uy * 150 / 16384);
        puts_(sb, "\"/><g transform=\"translate(");
        num(sb, -bx / 2);
        putc_(sb, ' ');
        num(sb, -by / 2);
        puts_(sb, ")\">");
        counter_text(sb, g, viewer, i, 0, 0, 110);
        puts_(sb, "</g>");
        int64_t gx = 0, gy = 0; /* a battery's guns left where they stand: a cross there */
        if (p_int(g, viewer, i, "guns_x", &gx) && p_int(g, viewer, i, "guns_y", &gy) && gx > -100000 && gx < 100000 &&
            gy > -100000 && gy < 100000) {
            long long cx = (long long)gx * WG_TABLE_UNIT / 10 - px, cy = (long long)gy * WG_TABLE_UNIT / 10 - py;
            puts_(sb, "<path class=\"guns\" d=\"M");
            num(sb, cx - 60);
            putc_(sb, ' ');
            num(sb, cy - 60);
            puts_(sb, "l120 120m0-120l-120 120\"/>");
        }
    } else {
        puts_(sb, "<circle class=\"counter\" r=\"90\"/>");
        counter_text(sb, g, viewer, i, 0, 0, 70);
    }
    puts_(sb, "</g>");
}

/* ------------------------------------------------------------------ the document */

enum { CTR = 28, OFF_PITCH = 34 };

static int draw(wg_sb *sb, const wg_game *g, int viewer, int *scratch)
{
    const wg_map *m = g->map;
    int kind = m ? m->kind : 0, ns = m ? m->nspace : 0;
    board b;
    memset(&b, 0, sizeof b);
    size_t np = 0;
    int side = 0, space = -1;
    if (g->ops->piece)
        g->ops->piece(g, viewer, (size_t)-1, &np, &side, &space, NULL);
    int *stack = scratch; /* pieces drawn so far per space */
    if (kind == WG_MAP_HEX) {
        hex_bounds(m, &b);
    } else if (kind == WG_MAP_GRAPH) {
        b.zx = scratch + ns;
        b.zy = scratch + 2 * ns;
        for (int z = 0; z < ns; z++)
            b.zy[z] = -1;
        zone_layout(m, &b, scratch + 3 * ns);
    } else if (kind == WG_MAP_TABLE) {
        b.w = tu(m->width);
        b.h = tu(m->depth);
    }
    int unit = kind == WG_MAP_TABLE ? 10 : 1; /* off-board counters scale with the picture */
    /* the pieces without a place on the board go in a row below it */
    size_t noff = 0;
    for (size_t i = 0; i < np; i++) {
        size_t n2 = 0;
        g->ops->piece(g, viewer, i, &n2, &side, &space, NULL);
        int64_t x, y;
        int placed = kind == WG_MAP_TABLE ? (p_int(g, viewer, i, "x", &x) && p_int(g, viewer, i, "y", &y))
                                          : (space >= 0 && space < ns);
        noff += !placed;
    }
    long long offy = b.h, perrow = b.w / (OFF_PITCH * unit);
    if (perrow < 1)
        perrow = 1;
    long long offrows = noff ? ((long long)noff + perrow - 1) / perrow : 0;
    long long W = b.w > 0 ? b.w : OFF_PITCH * unit, H = b.h + offrows * OFF_PITCH * unit;
    if (H <= 0)
        H = OFF_PITCH * unit;
    long long pw = W / unit, ph = H / unit;
    puts_(sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
              "class=\"wargame ruleset-");
    class_name(sb, "", g->ops->id);
    puts_(sb, "\" width=\"");
    num(sb, pw);
    puts_(sb, "\" height=\"");
    num(sb, ph);
    puts_(sb, "\" viewBox=\"0 0 ");
    num(sb, W);
    putc_(sb, ' ');
    num(sb, H);
    puts_(sb, "\"><title>");
    xml_text(sb, g->ops->name, 0);
    puts_(sb, ": ");
    xml_text(sb, g->ops->scenarios[g->scenario].name ? g->ops->scenarios[g->scenario].name
                                                     : g->ops->scenarios[g->scenario].id,
             0);
    puts_(sb, " (");
    xml_text(sb, viewer == WG_VIEW_REFEREE ? "referee" : wg__player_name(g, viewer), 0);
    puts_(sb, ")</title>");
    if (m && m->title) {
        puts_(sb, "<desc>");
        xml_text(sb, m->title, 0);
        puts_(sb, "</desc>");
    }
    puts_(sb, style);
    puts_(sb, "<g class=\"board\">");
    if (kind == WG_MAP_HEX)
        draw_hexes(sb, g, &b);
    else if (kind == WG_MAP_GRAPH)
        draw_zones(sb, g, &b);
    else if (kind == WG_MAP_TABLE)
        draw_table(sb, g);
    if (offrows) {
        puts_(sb, "<rect class=\"offboard\" x=\"0\" y=\"");
        num(sb, offy);
        puts_(sb, "\" width=\"");
        num(sb, W);
        puts_(sb, "\" height=\"");
        num(sb, offrows * OFF_PITCH * unit);
        puts_(sb, "\"/>");
    }
    puts_(sb, "</g><g class=\"pieces\">");
    for (int s = 0; s < ns; s++)
        stack[s] = 0;
    size_t off = 0;
    for (size_t i = 0; i < np; i++) {
        pinfo p;
        size_t n2 = 0;
        p.side = 0;
        p.space = -1;
        g->ops->piece(g, viewer, i, &n2, &p.side, &p.space, NULL);
        p.id = (int64_t)i;
        p_int(g, viewer, i, "id", &p.id);
        int64_t x = 0, y = 0;
        int placed = kind == WG_MAP_TABLE ? (p_int(g, viewer, i, "x", &x) && p_int(g, viewer, i, "y", &y))
                                          : (p.space >= 0 && p.space < ns);
        if (!placed) {
            long long cx = (long long)(off % (size_t)perrow) * OFF_PITCH * unit + OFF_PITCH * unit / 2;
            long long cy = offy + (long long)(off / (size_t)perrow) * OFF_PITCH * unit + OFF_PITCH * unit / 2;
            off++;
            piece_open(sb, g, viewer, i, &p, cx, cy);
            counter_text(sb, g, viewer, i, CTR * unit, CTR * unit, 8 * unit);
            puts_(sb, "</g>");
            continue;
        }
        if (kind == WG_MAP_TABLE) {
            table_piece(sb, g, viewer, i, &p, x, y);
            continue;
        }
        int k = stack[p.space]++;
        long long cx, cy;
        if (kind == WG_MAP_HEX) {
            int sk = k < 6 ? k : 6;
            hex_centre(m, m->hq[p.space], m->hr[p.space], &cx, &cy);
            cx += b.dx + 3 * sk - 6;
            cy += b.dy - 3 * sk + 4;
        } else {
            /* a zone: rows of six counters under its name, then stacked on the last places */
            int sk = k < 18 ? k : 17;
            cx = b.zx[p.space] - ZONE_W / 2 + 22 + (sk % 6) * 35 + (k >= 18 ? 3 * (k - 17 > 6 ? 6 : k - 17) : 0);
            cy = b.zy[p.space] - ZONE_H / 2 + 45 + (sk / 6) * 34;
        }
        piece_open(sb, g, viewer, i, &p, cx, cy);
        counter_text(sb, g, viewer, i, kind == WG_MAP_HEX ? CTR : 33, kind == WG_MAP_HEX ? CTR : 30, 8);
        puts_(sb, "</g>");
    }
    puts_(sb, "</g></svg>\n");
    return WG_OK;
}

int wg_game_svg(char *buf, size_t cap, size_t *len, wg_game *game, int viewer)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    if (wg__game_check_viewer(game, viewer) != WG_OK)
        return wg__seterr(game->err, WG_ERANGE, "wg_game_svg: viewer %d is not a player or WG_VIEW_REFEREE", viewer);
    int ns = game->map ? game->map->nspace : 0;
    size_t nints = (size_t)ns * 6 + 1;
    int *scratch = wg__alloc(game->ctx, nints * sizeof *scratch);
    if (!scratch) {
        if (buf && cap)
            buf[0] = '\0';
        return wg__seterr(game->err, WG_ENOMEM, "out of memory drawing the board");
    }
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    int rc = draw(&sb, game, viewer, scratch);
    wg__free(game->ctx, scratch, nints * sizeof *scratch);
    if (rc)
        return rc;
    return wg__sb_finish(&sb, len);
}

/* The small Les Maréchaux positions shared by the public movement and events suites: a host `map`
   document of kind map holding the zones and connections, a host `pack` whose units stand
   `at=ZONE` (the melee rows of the bundled pack added), and helpers to draw fatigue and read the
   events and the description.  Public API only.  Each suite that includes it has its own copy. */
#ifndef WG_MR_BOARD_H
#define WG_MR_BOARD_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wgplay.h"

/* The vocabulary the ruleset reads from a map document (doc/marechaux.md, "Data"). */
static const char MAP_HEAD[] = "wgdata 1 map\n"
                               "grid graph\n"
                               "terrain clear defensive town\n"
                               "flag port south offmap loc-aa loc-f objective setup\n"
                               "conntype road route path road-stream road-bridge\n";

/* The pack's common records: the terrain table, the fatigue mix of the bundled packs (0x6, 1x8,
   2x4, 3x2) and the event Genie (no effect); the melee rows 5-99 of the bundled pack are added. */
static const char PACK_HEAD[] = "wgdata 1 marechaux\n"
                                "terrain clear 0\nterrain defensive 1\nterrain town 1\n"
                                "fatigue 0 6\nfatigue 1 8\nfatigue 2 4\nfatigue 3 2\n"
                                "event Genie none 0 0\n";

static inline wg_ctx *new_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

static inline char *cat2(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la + lb + 1);
    ck_assert_ptr_nonnull(s);
    memcpy(s, a, la);
    memcpy(s + la, b, lb + 1);
    return s;
}

/* A 1808 game on the zones and connections of `graph`, with the common pack records, `extra`
   (events, containers) and the scenario record and units of `units`. */
static inline wg_game *position_with(wg_ctx *ctx, const char *graph, const char *extra, const char *units)
{
    char *map = cat2(MAP_HEAD, graph);
    char *src = wgp_read_source("data/marechaux/1808.wgd", NULL);
    char *p0 = cat2(PACK_HEAD, extra);
    char *p1 = cat2(p0, units);
    free(p0);
    size_t n = strlen(p1);
    char *pack = malloc(n + strlen(src) + 1);
    ck_assert_ptr_nonnull(pack);
    memcpy(pack, p1, n + 1);
    for (const char *l = src; *l;) { /* the melee rows */
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) + 1 : strlen(l);
        if (strncmp(l, "melee ", 6) == 0) {
            memcpy(pack + n, l, len);
            n += len;
            pack[n] = '\0';
        }
        l += len;
    }
    free(src);
    free(p1);
    wgp_doc docs[] = {{"map", map}, {"pack", pack}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 1, docs);
    free(map);
    free(pack);
    return g;
}

/* Phase B: both sides draw and keep their Genie; the first operation (AA's initiative) follows. */
static inline void to_operations(wg_game *g)
{
    wgp_choose(g, "Genie");
    wgp_choose(g, "keep");
    wgp_choose(g, "Genie");
    wgp_choose(g, "keep");
    ck_assert_msg(strstr(wgp_decision(g), "choose an operation"), "%s", wgp_options_dump(g));
}

static inline int deciding_fatigue_draw(wg_game *g)
{
    return strstr(wgp_decision(g), "fatigue marker draw") != NULL;
}

static inline int deciding_fatigue_return(wg_game *g)
{
    return strstr(wgp_decision(g), "return a fatigue marker") != NULL;
}

/* Draws the fatigue markers of the values in `vals` (a string of digits) one by one, keeping the
   markers whenever the return decision opens; fails unless exactly that many draws are asked. */
static inline void draws(wg_game *g, const char *vals)
{
    const char *v = vals;
    for (;;) {
        if (deciding_fatigue_return(g)) {
            wgp_choose(g, "keep the markers");
            continue;
        }
        if (!deciding_fatigue_draw(g))
            break;
        ck_assert_msg(*v, "more fatigue draws than %s:\n%s", vals, wgp_options_dump(g));
        char needle[16];
        snprintf(needle, sizeof needle, ": fatigue %c", *v++);
        wgp_choose(g, needle);
    }
    ck_assert_msg(*v == '\0', "fewer fatigue draws than %s; now:\n%s", vals, wgp_options_dump(g));
}

/* Draws fatigue 0 markers as long as draws are asked; returns how many. */
static inline int draws_any(wg_game *g)
{
    int n = 0;
    for (;;) {
        if (deciding_fatigue_return(g))
            wgp_choose(g, "keep the markers");
        else if (deciding_fatigue_draw(g)) {
            wgp_choose(g, ": fatigue 0");
            n++;
        } else
            return n;
    }
}

/* Crosses the connection to zone z, then draws the markers of vals. */
static inline void go(wg_game *g, const char *z, const char *vals)
{
    char needle[64];
    snprintf(needle, sizeof needle, "go to %s (", z);
    wgp_choose(g, needle);
    draws(g, vals);
}

static inline int has_option(wg_game *g, const char *needle)
{
    return wgp_find(g, needle) >= 0;
}

static inline void assert_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) >= 0, "no event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

static inline void assert_no_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) < 0, "event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

/* The line of wg_game_describe (referee) that starts with `start`, in buf. */
static const char *line_of(wg_game *g, const char *start, char *buf, size_t cap)
{
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    size_t n = strlen(start);
    for (const char *l = d; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        if (len >= n && strncmp(l, start, n) == 0) {
            snprintf(buf, cap, "%.*s", (int)len, l);
            return buf;
        }
        l += len + (e ? 1 : 0);
    }
    buf[0] = '\0';
    return buf;
}

static inline void assert_line(wg_game *g, const char *start, const char *needle)
{
    char buf[1024];
    line_of(g, start, buf, sizeof buf);
    ck_assert_msg(strstr(buf, needle) != NULL, "line \"%s\" lacks \"%s\" in:\n%s", start, needle,
                  wgp_describe(g, WG_VIEW_REFEREE));
}

static inline void assert_line_lacks(wg_game *g, const char *start, const char *needle)
{
    char buf[1024];
    line_of(g, start, buf, sizeof buf);
    ck_assert_msg(strstr(buf, needle) == NULL, "line \"%s\" has \"%s\" in:\n%s", start, needle,
                  wgp_describe(g, WG_VIEW_REFEREE));
}

#endif

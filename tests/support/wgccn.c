/* Helpers of the Commands & Colors public-API tests (wgccn.h). */
#include "wgccn.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wgplay.h"

/* A board: every hex clear (sections as on the standard board, doc/ccn-data.md) except those named
   in `terrain` ("E5=orchard F5=forest"). */
char *wgc_board(const char *terrain)
{
    size_t cap = 16384, len = 0;
    char *b = malloc(cap);
    ck_assert_ptr_nonnull(b);
    len += (size_t)snprintf(b + len, cap - len,
                            "wgdata 1 map\ntitle \"test board\"\ngrid hex 13 9 odd-r\n"
                            "terrain clear orchard forest hill church town river ford bridge marsh walled-farm\n"
                            "terrain walled-garden\n"
                            "terrain tower castle stream rugged lake\n"
                            "flag off west centre east\nsideflag fort\n");
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 13; c++) {
            const char *sec;
            if (r & 1)
                sec = c == 12 ? "off" : c <= 3 ? "west" : c <= 7 ? "centre" : "east";
            else
                sec = c <= 3 ? "west" : c == 4 ? "west centre" : c <= 7 ? "centre" : c == 8 ? "centre east" : "east";
            char name[8], ter[32] = "clear";
            snprintf(name, sizeof name, "%c%d=", 'A' + c, r + 1);
            const char *p = terrain ? strstr(terrain, name) : NULL;
            if (p && (p == terrain || p[-1] == ' ')) {
                p += strlen(name);
                size_t k = 0;
                while (p[k] && p[k] != ' ' && k + 1 < sizeof ter)
                    k++;
                memcpy(ter, p, k);
                ter[k] = '\0';
            }
            len += (size_t)snprintf(b + len, cap - len, "hex %d %d %s %s\n", c, r, ter, sec);
        }
    return b;
}

/* Takes the roll option the faces give (die faces 1..6 as the base pack's `die` record lists them:
   1, 2 infantry, 3 cavalry, 4 artillery, 5 saber, 6 flag): exactly one option accepts them. */
void wgc_roll(wg_game *g, const int64_t *faces, size_t n)
{
    /* the defender's reaction window, which the bundled Tactician deck opens for every attack: pass */
    if (wgp_decider(g) >= 0 && strstr(wgp_decision(g), "may answer"))
        wgp_choose(g, "pass");
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    size_t cnt = wgp_option_count(g), ok = 0;
    for (size_t i = 0; i < cnt && !ok; i++)
        if (wg_game_choose_params(g, i, faces, n) == WG_OK)
            ok = 1;
    ck_assert_msg(ok, "no roll option takes these %zu faces: %s (%zu options)", n, wgp_decision(g), cnt);
}

int64_t wgc_option_int(wg_game *g, long i, const char *key)
{
    int64_t v = -1;
    ck_assert_int_ge(i, 0);
    ck_assert_int_eq(wg_game_attr_int(&v, g, WG_VIEW_REFEREE, WG_ATTR_OPTION, (size_t)i, key), WG_OK);
    return v;
}


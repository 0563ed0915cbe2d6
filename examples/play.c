/* wg-play — a terminal front end for libwargame.
 *
 *   wg-play [-r RULESET] [-s SCENARIO] [-S SEED] [-o OPTIONS] [-p PLAYER] [-q] [-m MAXSTEPS]
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
 */
#include <errno.h>
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

static void print_board(wg_game *g, int viewer)
{
    const wg_map *map = NULL;
    if (wg_game_map(&map, g) != WG_OK)
        return;
    int nspace = 0, kind = 0;
    wg_map_space_count(&nspace, map);
    wg_map_kind_of(&kind, map);
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

static int usage(void)
{
    fprintf(stderr, "usage: wg-play [-r RULESET] [-s SCENARIO] [-S SEED] [-o OPTIONS] [-p PLAYER] [-q] [-M] [-m MAXSTEPS]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *ruleset = "lga", *scenario = NULL, *options = NULL;
    unsigned long long seed = 1805, maxsteps = 2000000;
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
            human = atoi(v);
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
    if (human >= nplayers) {
        fprintf(stderr, "wg-play: player %d does not exist (0..%d)\n", human, nplayers - 1);
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
                rc = wg_game_option_label(text, sizeof text, &len, g, i);
                printf("  %3zu) %s\n", i, game_text(rc));
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

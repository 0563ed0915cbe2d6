/* The twin-game leak harness (wgleak.h). */
#include "wgleak.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sbuf {
    char *p;
    size_t len, cap;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t c = b->cap ? b->cap : 1024;
        while (c < b->len + n + 1)
            c *= 2;
        char *q = realloc(b->p, c);
        if (!q)
            abort();
        b->p = q;
        b->cap = c;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        sb_add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* A text call with the two-call size protocol: appends the text, or "<status N>". */
#define SB_CALL(b, call_with_buf)                                                                                  \
    do {                                                                                                           \
        size_t len_ = 0;                                                                                           \
        char *buf_ = NULL;                                                                                         \
        size_t cap_ = 0;                                                                                           \
        int rc_ = call_with_buf;                                                                                   \
        if (rc_ == WG_OK) {                                                                                        \
            cap_ = len_ + 1;                                                                                       \
            buf_ = malloc(cap_);                                                                                   \
            if (!buf_)                                                                                             \
                abort();                                                                                           \
            rc_ = call_with_buf;                                                                                   \
        }                                                                                                          \
        if (rc_ == WG_OK)                                                                                          \
            sb_add(b, buf_, strlen(buf_));                                                                         \
        else                                                                                                       \
            sb_printf(b, "<status %d>", rc_);                                                                      \
        free(buf_);                                                                                                \
    } while (0)

static void add_events(sbuf *b, wg_game *g, int viewer, size_t ev0)
{
    size_t n = 0;
    wg_game_event_count(&n, g);
    sb_printf(b, "new events: %zu\n", n >= ev0 ? n - ev0 : 0);
    for (size_t i = ev0; i < n; i++) {
        const char *rule = NULL;
        int rc = wg_game_event_rule_for(&rule, g, i, viewer);
        sb_printf(b, "  [%s] ", rc == WG_OK ? rule : "?");
        SB_CALL(b, wg_game_event_text(buf_, cap_, &len_, g, i, viewer));
        sb_add(b, "\n", 1);
    }
}

char *wgl_view(wg_game *g, int viewer, size_t ev0)
{
    sbuf b = {NULL, 0, 0};
    int p = 0, k = 0, over = 0;
    wg_game_decision(&p, &k, g);
    wg_game_is_over(&over, g);
    sb_printf(&b, "decides: %d (kind %d), over %d\n", p, k, over);
    SB_CALL(&b, wg_game_decision_text_for(buf_, cap_, &len_, g, viewer));
    sb_add(&b, "\n", 1);
    size_t n = 0;
    int rc = wg_game_option_count_for(&n, g, viewer);
    if (rc == WG_OK) {
        sb_printf(&b, "options: %zu\n", n);
        for (size_t i = 0; i < n; i++) {
            sb_add(&b, "  ", 2);
            SB_CALL(&b, wg_game_option_label_for(buf_, cap_, &len_, g, i, viewer));
            sb_add(&b, "\n", 1);
        }
    } else {
        sb_printf(&b, "options: status %d\n", rc);
    }
    SB_CALL(&b, wg_game_describe(buf_, cap_, &len_, g, viewer));
    size_t np = 0;
    wg_game_piece_count(&np, g, viewer);
    sb_printf(&b, "pieces: %zu\n", np);
    for (size_t i = 0; i < np; i++) {
        int side = 0, space = 0;
        wg_game_piece(&side, &space, g, viewer, i);
        sb_printf(&b, "  %d %d ", side, space);
        SB_CALL(&b, wg_game_piece_label(buf_, cap_, &len_, g, viewer, i));
        sb_add(&b, "\n", 1);
    }
    int64_t score = 0;
    wg_game_score(&score, g);
    int turn = 0;
    wg_game_turn(&turn, g);
    sb_printf(&b, "score %lld, turn %d\n", (long long)score, turn);
    if (over) {
        SB_CALL(&b, wg_game_result_text(buf_, cap_, &len_, g));
        sb_add(&b, "\n", 1);
    }
    add_events(&b, g, viewer, ev0);
    return b.p;
}

/* ---- the harness ---- */

static uint64_t next_rand(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Whether option i of g is taken only with parameters (a precise move of Les Aigles). */
static int needs_params(wg_game *g, size_t i)
{
    size_t np = 0;
    int req = 0;
    return wg_game_option_param_count(&np, &req, g, i) == WG_OK && req;
}

static char *label_for(wg_game *g, size_t i, int viewer)
{
    sbuf b = {NULL, 0, 0};
    SB_CALL(&b, wg_game_option_label_for(buf_, cap_, &len_, g, i, viewer));
    return b.p;
}

static char *referee_view(wg_game *g)
{
    sbuf b = {NULL, 0, 0};
    SB_CALL(&b, wg_game_describe(buf_, cap_, &len_, g, WG_VIEW_REFEREE));
    return b.p;
}

/* The first line where a and b differ, for the message. */
static void first_diff(char *msg, size_t cap, const char *a, const char *b)
{
    size_t line = 1;
    const char *la = a, *lb = b;
    while (*a && *a == *b) {
        if (*a == '\n') {
            line++;
            la = a + 1;
            lb = b + 1;
        }
        a++;
        b++;
    }
    const char *ea = strchr(la, '\n'), *eb = strchr(lb, '\n');
    int na = ea ? (int)(ea - la) : (int)strlen(la), nb = eb ? (int)(eb - lb) : (int)strlen(lb);
    snprintf(msg, cap, "line %zu:\n  game: %.*s\n  twin: %.*s", line, na > 300 ? 300 : na, la, nb > 300 ? 300 : nb,
             lb);
}

static int reveals_since(wg_game *g, size_t from, int viewer)
{
    size_t n = 0;
    wg_game_event_count(&n, g);
    for (size_t i = from; i < n; i++) {
        int r = 0;
        if (wg_game_event_reveals(&r, g, i, viewer) == WG_OK && r)
            return 1;
    }
    return 0;
}

static int twin_of(wg_game **t, wg_game *g, int viewer, uint64_t *rs, wgl_stats *st, char *msg, size_t cap)
{
    wg_game_free(*t);
    *t = NULL;
    int rc = wg_game_determinize(t, g, viewer, next_rand(rs));
    if (rc != WG_OK) {
        snprintf(msg, cap, "wg_game_determinize: status %d: %s", rc, wg_game_errmsg(g));
        return -1;
    }
    st->twins++;
    char *a = referee_view(g), *b = referee_view(*t);
    if (strcmp(a, b) != 0)
        st->differ++;
    free(a);
    free(b);
    return 0;
}

int wgl_run(wg_game *g, int viewer, uint64_t seed, long steps, wgl_stats *st, char *msg, size_t cap)
{
    uint64_t rs = seed * 0x2545F4914F6CDD1DULL + 1;
    wg_game *t = NULL;
    int result = 0;
    size_t eg = 0, et = 0;
    msg[0] = '\0';
    if (twin_of(&t, g, viewer, &rs, st, msg, cap))
        return -1;
    wg_game_event_count(&eg, g);
    for (long k = 0;; k++) {
        char *va = wgl_view(g, viewer, eg), *vb = wgl_view(t, viewer, et);
        int same = strcmp(va, vb) == 0;
        int rev = k > 0 && (reveals_since(g, eg, viewer) || reveals_since(t, et, viewer));
        if (!same && !rev) {
            char d[900];
            first_diff(d, sizeof d, va, vb);
            uint64_t sc = 0;
            wg_game_step_count(&sc, g);
            sbuf ctxt = {NULL, 0, 0};
            wg_game *two[2] = {g, t};
            size_t from[2] = {eg, et};
            for (int w = 0; w < 2; w++) {
                sb_printf(&ctxt, "\n  %s (referee): ", w ? "twin" : "game");
                SB_CALL(&ctxt, wg_game_decision_text(buf_, cap_, &len_, two[w]));
                size_t ne = 0;
                wg_game_event_count(&ne, two[w]);
                for (size_t i = from[w] > 3 ? from[w] - 3 : 0; i < ne; i++) {
                    sb_printf(&ctxt, "\n    event %zu: ", i);
                    SB_CALL(&ctxt, wg_game_event_text(buf_, cap_, &len_, two[w], i, WG_VIEW_REFEREE));
                }
            }
            if (getenv("WGL_DEBUG")) /* the whole truth of both games, for a human reading the failure */
                for (int w = 0; w < 2; w++) {
                    char *rv = referee_view(two[w]);
                    fprintf(stderr, "---- %s, referee ----\n%s\n", w ? "twin" : "game", rv);
                    free(rv);
                }
            snprintf(msg, cap, "leak for player %d at step %llu (harness step %ld): %s%s", viewer,
                     (unsigned long long)sc, k, d, ctxt.p ? ctxt.p : "");
            free(ctxt.p);
            result = 1;
        }
        free(va);
        free(vb);
        if (result)
            break;
        if (rev) { /* a new twin from what P now knows: it must read the same at once */
            st->reveals++;
            if (twin_of(&t, g, viewer, &rs, st, msg, cap)) {
                result = -1;
                break;
            }
            et = 0;
            wg_game_event_count(&eg, g);
            k--;
            continue;
        } else {
            wg_game_event_count(&et, t);
        }
        wg_game_event_count(&eg, g);
        int p = 0, kind = 0, over = 0;
        wg_game_decision(&p, &kind, g);
        wg_game_is_over(&over, g);
        if (over || p == WG_PLAYER_NONE || k >= steps)
            break;
        size_t n = 0, chosen = 0;
        int rc = WG_OK;
        if (p == viewer) {
            wg_game_option_count_for(&n, g, viewer);
            size_t i = (size_t)(next_rand(&rs) % n);
            for (size_t tries = 0; tries < n && needs_params(g, i); tries++)
                i = (i + 1) % n; /* a precise move takes values of its own: the menu's options stand for it */
            rc = wg_game_choose(g, i);
            if (rc == WG_OK)
                rc = wg_game_choose(t, i);
        } else if (p == WG_PLAYER_CHANCE) {
            if (wg_game_option_count_for(&n, g, viewer) == WG_OK) { /* public: the same face in both */
                uint64_t w = 0, total = 0, r, acc = 0;
                size_t i = 0;
                wg_game_option_weight(&w, &total, g, 0);
                r = total ? next_rand(&rs) % total : 0;
                for (i = 0; i < n; i++) {
                    wg_game_option_weight(&w, &total, g, i);
                    acc += w;
                    if (r < acc)
                        break;
                }
                if (i >= n)
                    i = n - 1;
                size_t np = 0;
                int req = 0;
                if (wg_game_option_param_count(&np, &req, g, i) == WG_OK && req && np <= 16) {
                    /* faces the option requires: the same in both games */
                    int64_t v[16];
                    for (size_t q = 0; q < np; q++) {
                        int64_t lo = 0, hi = 0;
                        const char *pn = NULL;
                        wg_game_option_param(&pn, &lo, &hi, g, i, q);
                        v[q] = lo + (int64_t)(next_rand(&rs) % (uint64_t)(hi - lo + 1));
                    }
                    rc = wg_game_choose_params(g, i, v, np);
                    if (rc == WG_OK)
                        rc = wg_game_choose_params(t, i, v, np);
                } else {
                    rc = wg_game_choose(g, i);
                    if (rc == WG_OK)
                        rc = wg_game_choose(t, i);
                }
            } else { /* a draw P may not look into: each game draws on its own */
                rc = wg_game_roll(&chosen, g);
                if (rc == WG_OK)
                    rc = wg_game_roll(&chosen, t);
            }
        } else { /* the other player: an option he reads in both games */
            size_t ng = 0, nt = 0;
            wg_game_option_count_for(&ng, g, p);
            wg_game_option_count_for(&nt, t, p);
            char **lt = calloc(nt ? nt : 1, sizeof *lt);
            size_t *pick = calloc(ng ? ng : 1, sizeof *pick), *pickt = calloc(ng ? ng : 1, sizeof *pickt), np = 0;
            if (!lt || !pick || !pickt)
                abort();
            for (size_t j = 0; j < nt; j++)
                lt[j] = label_for(t, j, p);
            for (size_t i = 0; i < ng; i++) {
                if (needs_params(g, i))
                    continue;
                char *l = label_for(g, i, p);
                for (size_t j = 0; j < nt; j++)
                    if (strcmp(l, lt[j]) == 0) {
                        pick[np] = i;
                        pickt[np++] = j;
                        break;
                    }
                free(l);
            }
            for (size_t j = 0; j < nt; j++)
                free(lt[j]);
            free(lt);
            if (np) {
                size_t q = (size_t)(next_rand(&rs) % np);
                rc = wg_game_choose(g, pick[q]);
                if (rc == WG_OK)
                    rc = wg_game_choose(t, pickt[q]);
            } else {
                size_t i = (size_t)(next_rand(&rs) % ng);
                for (size_t tries = 0; tries < ng && needs_params(g, i); tries++)
                    i = (i + 1) % ng;
                rc = wg_game_choose(g, i);
                if (rc == WG_OK) {
                    st->resampled++;
                    rc = twin_of(&t, g, viewer, &rs, st, msg, cap) ? WG_EINVAL : WG_OK;
                    wg_game_event_count(&eg, g);
                    et = 0;
                }
            }
            free(pick);
            free(pickt);
        }
        if (rc != WG_OK) {
            if (!msg[0])
                snprintf(msg, cap, "choosing failed: status %d: %s / %s", rc, wg_game_errmsg(g), wg_game_errmsg(t));
            result = -1;
            break;
        }
        st->steps++;
    }
    wg_game_free(t);
    return result;
}

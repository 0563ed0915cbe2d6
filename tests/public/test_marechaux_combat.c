/* Les Maréchaux combats played through the public API (§5.3, §5.4.1, §5.6, §6, §7.7, §7.8, §10.1):
   positions from a host map document (a small zone graph: W, town, the Anglo-Allied line of
   communication; X, Y, Z, B clear; T town; D defensive; E clear, the French line of communication;
   Z-B a bridge) and a host pack holding the units of each test, the bundled 1809 pack's supplied
   melee rows (provisional) and no events unless a test adds them; decided through wg_game_choose*,
   read back through event texts, option labels, wg_game_describe and the exact-odds calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static const char *const base_map =
    "wgdata 1 map\n"
    "grid graph\n"
    "terrain clear defensive town\n"
    "flag port south offmap loc-aa loc-f objective setup\n"
    "conntype road road-bridge exit\n"
    "zone W town loc-aa\n"
    "zone X clear\n"
    "zone Y clear\n"
    "zone Z clear\n"
    "zone T town\n"
    "zone D defensive\n"
    "zone E clear loc-f\n"
    "zone B clear\n"
    "conn W X road 1\n"
    "conn X Y road 1\n"
    "conn X Z road 1\n"
    "conn X T road 1\n"
    "conn X D road 1\n"
    "conn Y E road 1\n"
    "conn Z B road-bridge 1\n"
    "conn T D road 1\n"
    "conn D E road 1\n"
    "conn Y Z road 1\n";

/* The melee rows 5..99 of the bundled 1809 pack (supplied, provisional: the rulebook prints rows 0..4
   only), appended to a position's pack unless its units text brings its own; a CP die cannot be
   rolled while one of its faces would fall on a missing cell. */
static void bundled_rows(char *out, size_t cap)
{
    char *src = wgp_read_source("data/marechaux/1809.wgd", NULL);
    size_t k = 0;
    out[0] = '\0';
    for (const char *l = src; l && *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) + 1 : strlen(l);
        if (strncmp(l, "melee ", 6) == 0 && k + len < cap) {
            memcpy(out + k, l, len);
            k += len;
            out[k] = '\0';
        }
        l += len;
    }
    free(src);
}

/* A game of 1809 rules on base_map with the given unit (and other) records; `first` (AA or F) has
   turn 1's initiative; no events, no decoys. */
static wg_game *position(wg_ctx *ctx, const char *first, const char *units)
{
    static char rows[16384];
    char pack[32768];
    if (!strstr(units, "melee "))
        bundled_rows(rows, sizeof rows);
    else
        rows[0] = '\0';
    int n = snprintf(pack, sizeof pack,
                     "wgdata 1 marechaux\n"
                     "scenario 1809 12 May 8 2 0 0 %s 11\n"
                     "terrain clear 0\nterrain defensive 1\nterrain town 1\n"
                     "fatigue 0 6\nfatigue 1 8\nfatigue 2 4\nfatigue 3 2\n"
                     "%s%s",
                     first, units, rows);
    ck_assert(n > 0 && (size_t)n < sizeof pack);
    wgp_doc docs[] = {{"map", base_map}, {"pack", pack}, {NULL, NULL}};
    return wgp_new(ctx, "marechaux", "1809", NULL, 1, docs);
}

static wg_ctx *new_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

static void assert_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) >= 0, "no event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

static void assert_no_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) < 0, "unexpected event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

static void assert_option(wg_game *g, const char *needle, int present)
{
    if (present)
        ck_assert_msg(wgp_find(g, needle) >= 0, "no option \"%s\"\n%s", needle, wgp_options_dump(g));
    else
        ck_assert_msg(wgp_find(g, needle) < 0, "unexpected option \"%s\"\n%s", needle, wgp_options_dump(g));
}

/* After a draw of fatigue markers the owner may return one (baggage, commander); the decision that
   follows a draw is kept ("keep the markers") unless the step taken is a return. */
static void keep_markers(wg_game *g)
{
    if (strstr(wgp_decision(g), "return a fatigue marker") && wgp_find(g, "keep the markers") >= 0)
        wgp_choose(g, "keep the markers");
}

/* Takes each option named in turn; "keep the markers" in the list is taken when that decision is
   open, a fatigue-return decision the list does not address is kept, and "zeros" draws a marker of
   0 for every draw due. */
static void play(wg_game *g, const char *const *labels)
{
    for (; *labels; labels++) {
        if (strcmp(*labels, "keep the markers") == 0) {
            keep_markers(g);
            continue;
        }
        if (strcmp(*labels, "zeros") == 0) { /* markers of 0 for every draw due */
            for (int k = 0; k < 12; k++) {
                keep_markers(g);
                if (!strstr(wgp_decision(g), "fatigue marker draw"))
                    break;
                wgp_choose(g, "fatigue 0");
            }
            continue;
        }
        if (strncmp(*labels, "return a fatigue marker", 23) != 0)
            keep_markers(g);
        wgp_choose(g, *labels);
    }
    keep_markers(g);
}

/* The description of counter `name` in the referee's wg_game_describe: the text between the
   parentheses after its name (in buf; "" when it is not on the map). */
static const char *unit_desc(wg_game *g, const char *name, char *buf, size_t cap)
{
    char key[80];
    snprintf(key, sizeof key, " %s (", name);
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    const char *p = strstr(d, key);
    buf[0] = '\0';
    if (p) {
        p += strlen(key);
        const char *e = strchr(p, ')');
        snprintf(buf, cap, "%.*s", (int)(e ? e - p : 0), p);
    }
    return buf;
}

static void assert_unit(wg_game *g, const char *name, const char *needle, int present)
{
    char buf[256];
    unit_desc(g, name, buf, sizeof buf);
    ck_assert_msg((strstr(buf, needle) != NULL) == (present != 0), "%s: \"%s\" %s \"%s\"", name, buf,
                  present ? "lacks" : "has", needle);
}

/* The zone whose describe line lists counter `name` (in buf). */
static const char *unit_zone(wg_game *g, const char *name, char *buf, size_t cap)
{
    char key[80];
    snprintf(key, sizeof key, " %s (", name);
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    const char *p = strstr(d, key);
    buf[0] = '\0';
    if (p) {
        const char *l = p;
        while (l > d && l[-1] != '\n')
            l--;
        const char *c = strchr(l, ':');
        snprintf(buf, cap, "%.*s", (int)(c ? c - l : 0), l);
    }
    return buf;
}

static void assert_at(wg_game *g, const char *name, const char *zone)
{
    char buf[64];
    ck_assert_msg(strcmp(unit_zone(g, name, buf, sizeof buf), zone) == 0, "%s in \"%s\", not %s", name, buf, zone);
}

/* The line of wg_game_describe (referee) for zone z, in buf ("" when the zone holds nothing). */
static const char *zone_line(wg_game *g, const char *z, char *buf, size_t cap)
{
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    size_t n = strlen(z);
    buf[0] = '\0';
    for (const char *l = d; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        if (len > n && strncmp(l, z, n) == 0 && l[n] == ':') {
            snprintf(buf, cap, "%.*s", (int)len, l);
            break;
        }
        l += len + (e ? 1 : 0);
    }
    return buf;
}

/* The combat odds of the combat in progress. */
static void odds(wg_game *g, int64_t *v)
{
    size_t n = 0;
    ck_assert_int_eq(wg_marechaux_combat_odds(v, WG_MR_ODDS_COUNT, &n, g), WG_OK);
}

/* Modifier k (0 events, 1 artillery, 2 strength ratio, 3 head unit, 4 commander, 5 terrain, 6 no axis,
   7 river, 8 forced passage, 9 demoralized) of the attacker (att 1) or the defender (att 0). */
static int64_t cpmod(const int64_t *v, int att, int k)
{
    return v[(att ? WG_MR_ODDS_ATT_CP : WG_MR_ODDS_DEF_CP) + k];
}

static void assert_mods(const int64_t *v, int att, const int want[10])
{
    for (int k = 0; k < 10; k++)
        ck_assert_msg(cpmod(v, att, k) == want[k], "%s modifier %d: %lld, not %d", att ? "attacker" : "defender", k,
                      (long long)cpmod(v, att, k), want[k]);
}

/* ---- a combat in a town, without axes of retreat ---- */

/* Both sides set up in town T (no Retraite marker: neither entered): AA Ber (SV 1), A1 (5 steps,
   morale 4 at 5 and 4 steps), two cavalry and two artillery counters; the French F1 (2 steps), an
   artillery counter and a garrison (morale 3); F2 with the French commander in chief next door in D. */
static const char *const town_units =
    "unit AA cdr Wel sv=2 cic at=W\n"
    "unit AA cdr Ber sv=1 at=T\n"
    "unit AA inf A1 mp=6 boxes=3,3,4,4,4 at=T\n"
    "unit AA cav K1 mp=8 morale=4 at=T\n"
    "unit AA cav K2 mp=8 morale=4 at=T\n"
    "unit AA art R1 mp=5 at=T\n"
    "unit AA art R2 mp=5 at=T\n"
    "unit F cdr Sou sv=2 cic at=D\n"
    "unit F inf F2 mp=6 boxes=3,4 at=D\n"
    "unit F inf F1 mp=6 boxes=3,4 at=T\n"
    "unit F art S1 mp=5 at=T\n"
    "garrison F 1 3 T\n";

/* LM-COMBAT-01, LM-COMBAT-02, LM-COMBAT-04, LM-COMBAT-10, LM-MELEE-01, LM-MELEE-03, LM-MELEE-04,
   LM-MELEE-05, LM-MELEE-06, LM-MELEE-07, LM-MELEE-08, LM-MELEE-12, LM-MELEE-17, LM-MELEE-18,
   LM-MELEE-19, LM-MELEE-20, LM-MELEE-21, LM-MELEE-22, LM-RETREAT-03, LM-RETREAT-04, LM-DEMOR-01,
   LM-PURSUIT-02, LM-COMBAT-11 (§5.6, §5.6.2-5.6.6, §7.3, §10.1, §10.2): AA attacks in T leaving K2
   out; the counters are turned over; amplitude 8 + 4 = 12 (artillery, cavalry and the garrison count,
   commanders not); one die per artillery counter, each side; head units the attacker first, no
   cavalry in a town, the garrison may lead; CP = the sum of the modifiers and the die: AA 2 + 2 + 4
   + 1 + 0 - 2 + 1 = 8, the French 1 + 0 + 3 + 1 - 2 + 6 = 9; 1/1 in column 11-15, first losses on the
   head units; AA has no axis: it stays, loses one more step freely, is activated and tests its
   demoralization (6 + 1 > 4); the winner has no cavalry: no pursuit; only the French, not activated,
   receive "A combattu". */
START_TEST(test_combat_in_town)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, "AA", town_units);
    size_t n0 = wgp_event_count(g);
    ck_assert_int_eq(wgp_decider(g), 0);
    assert_option(g, "attack in T", 1);
    assert_option(g, "attack in X", 0); /* no enemy there */
    wgp_choose(g, "attack in T");
    /* LM-COMBAT-02: the attacker forms his stack; the defender has no such choice */
    ck_assert_int_eq(wgp_decider(g), 0);
    wgp_choose(g, "leave out K2");
    assert_option(g, "leave out K2", 0);
    wgp_choose(g, "stack formed");
    assert_event(g, n0, "Anglo-Allied attacks in T");
    static const char *const shown[] = {"turned over: Ber, 0 step(s)", "turned over: A1, 5 step(s)",
                                        "turned over: K1, 1 step(s)", "turned over: R1, 1 step(s)",
                                        "turned over: R2, 1 step(s)", "turned over: F1, 2 step(s)",
                                        "turned over: S1, 1 step(s)", "turned over: F garrison 1, 1 step(s)",
                                        "amplitude 12", NULL};
    for (const char *const *t = shown; *t; t++)
        assert_event(g, n0, *t);
    assert_no_event(g, n0, "turned over: K2");
    /* LM-MELEE-03: 2 AA dice, successes 0..2 binomial (1, 2, 1 of 4); the French die after */
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied"), "%s", wgp_decision(g));
    ck_assert_uint_eq(wgp_count(g, "artillery success"), 3);
    uint64_t w = 0, tot = 0;
    ck_assert_int_eq(wg_game_option_weight(&w, &tot, g, (size_t)wgp_find(g, "2 artillery success")), WG_OK);
    ck_assert_uint_eq(w * 4, tot);
    ck_assert_int_eq(wg_game_option_weight(&w, &tot, g, (size_t)wgp_find(g, "1 artillery success")), WG_OK);
    ck_assert_uint_eq(w * 2, tot);
    wgp_choose(g, "2 artillery success");
    ck_assert_msg(strstr(wgp_decision(g), "French"), "%s", wgp_decision(g));
    ck_assert_uint_eq(wgp_count(g, "artillery success"), 2);
    wgp_choose(g, "1 artillery success");
    assert_event(g, n0, "Anglo-Allied artillery: 2 success(es)");
    assert_event(g, n0, "French artillery: 1 success(es)");
    /* LM-MELEE-17, LM-MELEE-18: the attacker first; no cavalry head unit in a town with infantry */
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_uint_eq(wgp_count(g, "head unit "), 1);
    assert_option(g, "head unit A1", 1);
    assert_option(g, "head unit K1", 0);
    assert_option(g, "head unit R1", 0);
    wgp_choose(g, "head unit A1");
    /* LM-MELEE-19: the garrison may be the head unit */
    ck_assert_int_eq(wgp_decider(g), 1);
    assert_option(g, "head unit F1", 1);
    assert_option(g, "head unit S1", 0);
    wgp_choose(g, "head unit F garrison");
    int64_t v[WG_MR_ODDS_COUNT];
    odds(g, v);
    /* events, artillery, ratio 6/3, head, SV, terrain (defender only), no axis, river, forced, demoralized */
    static const int aa[10] = {0, 2, 2, 4, 1, 0, -2, 0, 0, 0};
    static const int fr[10] = {0, 1, 0, 3, 0, 1, -2, 0, 0, 0};
    assert_mods(v, 1, aa);
    assert_mods(v, 0, fr);
    /* LM-MELEE-12: one die each, AA first */
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: CP die"), "%s", wgp_decision(g));
    ck_assert_uint_eq(wgp_count(g, "roll "), 6);
    n0 = wgp_event_count(g);
    wgp_choose(g, "roll 1");
    ck_assert_msg(strstr(wgp_decision(g), "French: CP die"), "%s", wgp_decision(g));
    wgp_choose(g, "roll 6");
    /* LM-MELEE-01, LM-MELEE-20, LM-MELEE-21 */
    assert_event(g, n0, "Anglo-Allied CP 8 (ratio 2, head morale 4)");
    assert_event(g, n0, "French CP 9 (ratio 0, head morale 3)");
    assert_event(g, n0, "melee: French wins by 1, amplitude 12: losses AA 1, F 1");
    /* LM-MELEE-22: the first loss on the head unit */
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_uint_eq(wgp_count(g, "loss on "), 1);
    wgp_choose(g, "loss on A1");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_uint_eq(wgp_count(g, "loss on "), 1);
    wgp_choose(g, "loss on F garrison 1");
    assert_event(g, n0, "F garrison 1 eliminated");
    /* LM-RETREAT-03: no axis of retreat: AA stays and loses one more step, freely (not K2, left out) */
    assert_event(g, n0, "Anglo-Allied cannot retreat from T: one more loss");
    assert_no_event(g, n0, "Anglo-Allied retreats");
    ck_assert_int_eq(wgp_decider(g), 0);
    static const char *const free_losses[] = {"loss on A1", "loss on K1", "loss on R1", "loss on R2", NULL};
    for (const char *const *t = free_losses; *t; t++)
        assert_option(g, *t, 1);
    assert_option(g, "loss on K2", 0);
    wgp_choose(g, "loss on K1");
    assert_event(g, n0, "K1 eliminated");
    /* LM-DEMOR-01: 1d6 + 1 against A1's morale 4 (4 steps left): faces 4..6 demoralize */
    int64_t dm[WG_MR_DEM_COUNT];
    size_t n = 0;
    ck_assert_int_eq(wg_marechaux_demoralization_odds(dm, WG_MR_DEM_COUNT, &n, g), WG_OK);
    ck_assert_int_eq(dm[WG_MR_DEM_HEAD_MORALE], 4);
    ck_assert_int_eq(dm[WG_MR_DEM_RETREAT], 1);
    ck_assert_int_eq(dm[WG_MR_DEM_DEMORALIZED], 3);
    ck_assert_msg(strstr(wgp_decision(g), "demoralization die"), "%s", wgp_decision(g));
    wgp_choose(g, "roll 6");
    assert_event(g, n0, "Anglo-Allied demoralization test: die 6 + 1: demoralized");
    /* LM-PURSUIT-02: the French have no cavalry: no pursuit; Ber tests (AA lost steps) */
    assert_no_event(g, n0, "pursuit");
    ck_assert_msg(strstr(wgp_decision(g), "commander elimination dice"), "%s", wgp_decision(g));
    wgp_choose(g, "roll 2");
    assert_event(g, n0, "Ber elimination test: 2d6 2: survives");
    assert_event(g, n0, "combat in T ends");
    /* LM-RETREAT-04, LM-COMBAT-11: the loser is activated; the French, not activated, get "A combattu" */
    assert_at(g, "A1", "T");
    assert_unit(g, "A1", "infantry 4/5", 1);
    assert_unit(g, "A1", "activated", 1);
    assert_unit(g, "A1", "demoralized", 1);
    assert_unit(g, "R1", "activated", 1);
    assert_unit(g, "A1", "a combattu", 0);
    assert_unit(g, "F1", "a combattu x1", 1);
    assert_unit(g, "S1", "a combattu x1", 1);
    assert_unit(g, "F1", "activated", 0);
    assert_unit(g, "K2", "activated", 0);
    assert_unit(g, "K2", "demoralized", 0);
    /* the French operate next: the combat is not an activation, AA's stack may not move */
    ck_assert_int_eq(wgp_decider(g), 1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The town combat played to its end (AA loses, stays in T demoralized, K2 left out). */
static wg_game *town_after_combat(wg_ctx *ctx)
{
    wg_game *g = position(ctx, "AA", town_units);
    static const char *const steps[] = {"attack in T", "leave out K2", "stack formed", "2 artillery success",
                                        "1 artillery success", "head unit A1", "head unit F garrison",
                                        "roll 1", "roll 6", "loss on A1", "loss on F garrison 1", "loss on K1",
                                        "roll 6", "roll 2", NULL};
    play(g, steps);
    return g;
}

/* LM-RETREATAXIS-01, LM-RETREATAXIS-02, LM-RETREATAXIS-04, LM-MELEE-10, LM-MELEE-11, LM-COMBAT-03
   (§5.4.1, §5.6, §5.6.3, §7.7): F2 with the French commander in chief enters T from D: the French
   place their Retraite marker first, by the connection crossed; AA may not take that connection and
   places its marker toward X.  The French force the passage: -2 to the attacker; every AA unit in T
   defends, K2 (left out of the first combat) with the demoralized units, and the stack has -2 for
   its demoralized units, no more -2 for want of an axis, and the town's +1. */
START_TEST(test_forced_passage_on_demoralized)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = town_after_combat(ctx);
    char buf[1024];
    size_t n0 = wgp_event_count(g);
    play(g, (const char *const[]){"move a stack from D", "stack formed", "go to T", "fatigue 0", "fatigue 0", NULL});
    assert_event(g, n0, "French places its Retraite marker in T toward D");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(strstr(wgp_decision(g), "place the Retraite marker"), "%s", wgp_decision(g));
    assert_option(g, "Retraite toward X", 1);
    assert_option(g, "Retraite toward D", 0);
    wgp_choose(g, "Retraite toward X");
    assert_event(g, n0, "Anglo-Allied places its Retraite marker in T toward X");
    zone_line(g, "T", buf, sizeof buf);
    ck_assert_msg(strstr(buf, "retraite toward X") && strstr(buf, "retraite toward D"), "%s", buf);
    n0 = wgp_event_count(g);
    wgp_choose(g, "force the passage");
    assert_event(g, n0, "French forces the passage in T");
    ck_assert_msg(strstr(wgp_describe(g, WG_VIEW_REFEREE), "bataille: French attacks in T"), "%s",
                  wgp_describe(g, WG_VIEW_REFEREE));
    assert_event(g, n0, "turned over: K2, 1 step(s)");
    assert_event(g, n0, "turned over: A1, 4 step(s)");
    assert_event(g, n0, "turned over: F2, 2 step(s)");
    assert_no_event(g, n0, "turned over: F1");
    assert_event(g, n0, "amplitude 9");
    wgp_choose(g, "0 artillery success");
    wgp_choose(g, "head unit F2");
    wgp_choose(g, "head unit A1");
    int64_t v[WG_MR_ODDS_COUNT];
    odds(g, v);
    ck_assert_int_eq(v[WG_MR_ODDS_ATTACKER], 1);
    /* the French: head 4, Soult 2, forced passage -2; AA: ratio 5/2 -> 3, head 4, SV 1, town 1,
       demoralized -2 */
    static const int fr[10] = {0, 0, 0, 4, 2, 0, 0, 0, -2, 0};
    static const int aa[10] = {0, 0, 3, 4, 1, 1, 0, 0, 0, -2};
    assert_mods(v, 1, fr);
    assert_mods(v, 0, aa);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- a combat after an entry: axes, a two-zone retreat, pursuit, rally, recuperation ---- */

/* AA's Wellesley (commander in chief) with A1 (6 steps, morale 4) and two cavalry in W; the French
   F1 (4 steps, morale 4, 3 at 3 steps), F3 (2 steps, morale 4 then 3), the cavalry L1 (morale 3),
   an artillery counter and the baggage in X. */
static const char *const open_units =
    "unit AA cdr Wel sv=2 cic at=W\n"
    "unit AA inf A1 mp=6 boxes=3,3,4,4,4,4 at=W\n"
    "unit AA cav K1 mp=8 morale=4 at=W\n"
    "unit AA cav K2 mp=8 morale=4 at=W\n"
    "unit F cdr Sou sv=2 cic at=E\n"
    "unit F inf F1 mp=6 boxes=2,3,3,4 at=X\n"
    "unit F inf F3 mp=6 boxes=3,4 at=X\n"
    "unit F cav L1 mp=8 morale=3 at=X\n"
    "unit F art S1 mp=5 at=X\n"
    "unit F bag G1 mp=4 at=X\n";

/* AA enters X from W (Wellesley: no command test; two markers of 0), the French choose their axis
   toward Y, AA stops, the French pass and AA attacks with the whole stack; no artillery success;
   head units A1 and L1: the decision of the AA CP die. */
static wg_game *open_to_cp(wg_ctx *ctx)
{
    wg_game *g = position(ctx, "AA", open_units);
    play(g, (const char *const[]){"move a stack from W", "stack formed", "go to X", "fatigue 0", "fatigue 0",
                                  "Retraite toward Y", "stop", "pass", "attack in X", "stack formed",
                                  "0 artillery success", "head unit A1", "head unit L1", NULL});
    return g;
}

/* LM-RETREATAXIS-01, LM-RETREATAXIS-02, LM-RETREATAXIS-04, LM-RETREAT-01, LM-RETREAT-02,
   LM-DEMOR-01, LM-DEMOR-02, LM-PURSUIT-01, LM-PURSUIT-04, LM-PURSUIT-05, LM-PURSUIT-06,
   LM-RETREATAXIS-07 (§5.4.1, §5.6.4-5.6.6): AA enters X and places its marker toward W, the connection
   it crossed; the French choose among the other connections.  AA wins by 4 (9 against 5): row 3-4,
   two zones of retreat, the first toward the French marker (Y), the second the French player's choice
   (E or Z, not back to X).  The head unit L1 fell in the melee: F1 (morale 4) stands in for the test,
   3 + 2 > 4.  AA's two cavalry steps against none: pursuit; loser 2d6 3 + 0, winner 3 + 2 + 2
   (demoralized) = 7: four losses, on the baggage and the artillery first, then freely.  X holds one
   side again: its markers go. */
START_TEST(test_retreat_and_pursuit)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, "AA", open_units);
    char buf[1024];
    size_t n0 = wgp_event_count(g);
    play(g, (const char *const[]){"move a stack from W", "stack formed", "go to X", "fatigue 0", "fatigue 0", NULL});
    assert_event(g, n0, "Anglo-Allied places its Retraite marker in X toward W");
    ck_assert_int_eq(wgp_decider(g), 1);
    static const char *const axes[] = {"Retraite toward Y", "Retraite toward Z", "Retraite toward T",
                                       "Retraite toward D", NULL};
    for (const char *const *t = axes; *t; t++)
        assert_option(g, *t, 1);
    assert_option(g, "Retraite toward W", 0);
    ck_assert_uint_eq(wgp_count(g, "Retraite toward"), 4);
    wgp_choose(g, "Retraite toward Y");
    assert_event(g, n0, "French places its Retraite marker in X toward Y");
    ck_assert_msg(strstr(zone_line(g, "X", buf, sizeof buf), "retraite toward W"), "%s", buf);
    ck_assert_msg(strstr(buf, "retraite toward Y"), "%s", buf);
    wg_game_free(g);

    g = open_to_cp(ctx);
    int64_t v[WG_MR_ODDS_COUNT];
    odds(g, v);
    /* AA: ratio 8/7 -> 2, head 4, Wellesley 2; the French: head L1 3; both have their axis */
    static const int aa[10] = {0, 0, 2, 4, 2, 0, 0, 0, 0, 0};
    static const int fr[10] = {0, 0, 0, 3, 0, 0, 0, 0, 0, 0};
    assert_mods(v, 1, aa);
    assert_mods(v, 0, fr);
    n0 = wgp_event_count(g);
    wgp_choose(g, "roll 1");
    wgp_choose(g, "roll 2");
    assert_event(g, n0, "melee: Anglo-Allied wins by 4, amplitude 16: losses AA 0, F 1");
    wgp_choose(g, "loss on L1");
    assert_event(g, n0, "L1 eliminated");
    /* LM-RETREAT-01, LM-RETREAT-02 */
    assert_event(g, n0, "French retreats X -> Y");
    ck_assert_int_eq(wgp_decider(g), 1);
    assert_option(g, "retreat toward E", 1);
    assert_option(g, "retreat toward Z", 1);
    assert_option(g, "retreat toward X", 0);
    wgp_choose(g, "retreat toward Z");
    assert_event(g, n0, "French retreats Y -> Z");
    assert_at(g, "F1", "Z");
    assert_at(g, "G1", "Z");
    /* LM-DEMOR-02: the head unit is gone; the best eligible survivor stands in */
    int64_t dm[WG_MR_DEM_COUNT];
    size_t n = 0;
    ck_assert_int_eq(wg_marechaux_demoralization_odds(dm, WG_MR_DEM_COUNT, &n, g), WG_OK);
    ck_assert_int_eq(dm[WG_MR_DEM_SIDE], 1);
    ck_assert_int_eq(dm[WG_MR_DEM_HEAD_MORALE], 4); /* F1's morale, not L1's 3 */
    ck_assert_int_eq(dm[WG_MR_DEM_RETREAT], 2);
    ck_assert_int_eq(dm[WG_MR_DEM_DEMORALIZED], 4); /* faces 3..6: 5..8 > 4 */
    wgp_choose(g, "roll 3");
    assert_event(g, n0, "French demoralization test: die 3 + 2: demoralized");
    /* LM-PURSUIT-01, LM-PURSUIT-04, LM-PURSUIT-05: the loser's 2d6 first, then the winner's die */
    ck_assert_msg(strstr(wgp_decision(g), "French: pursuit dice"), "%s", wgp_decision(g));
    ck_assert_uint_eq(wgp_count(g, "roll "), 11);
    wgp_choose(g, "roll 3");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: pursuit dice"), "%s", wgp_decision(g));
    ck_assert_uint_eq(wgp_count(g, "roll "), 6);
    wgp_choose(g, "roll 3");
    assert_event(g, n0, "pursuit of French: loser 2d6 3, winner 1d6 3: 4 loss(es)");
    /* LM-PURSUIT-06: baggage and artillery first */
    ck_assert_int_eq(wgp_decider(g), 1);
    assert_option(g, "loss on G1", 1);
    assert_option(g, "loss on S1", 1);
    assert_option(g, "loss on F1", 0);
    assert_option(g, "loss on F3", 0);
    wgp_choose(g, "loss on G1");
    assert_option(g, "loss on S1", 1);
    assert_option(g, "loss on F1", 0);
    wgp_choose(g, "loss on S1");
    assert_option(g, "loss on F1", 1);
    assert_option(g, "loss on F3", 1);
    wgp_choose(g, "loss on F3");
    wgp_choose(g, "loss on F1");
    assert_event(g, n0, "G1 eliminated");
    assert_event(g, n0, "S1 eliminated");
    assert_unit(g, "F1", "infantry 3/4", 1);
    assert_unit(g, "F3", "infantry 1/2", 1);
    assert_unit(g, "F1", "demoralized", 1);
    assert_unit(g, "F3", "demoralized", 1);
    /* LM-RETREATAXIS-07 */
    assert_event(g, n0, "combat in X ends");
    assert_event(g, n0, "the Retraite markers in X are removed");
    ck_assert_msg(!strstr(zone_line(g, "X", buf, sizeof buf), "retraite"), "%s", buf);
    /* the moved (activated) winner gets no "A combattu" */
    assert_unit(g, "A1", "a combattu", 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* The combat of test_retreat_and_pursuit played to its end: F1 (3 of 4 steps) and F3 (1 of 2)
   demoralized in Z, the French to operate. */
static wg_game *open_after_combat(wg_ctx *ctx)
{
    wg_game *g = open_to_cp(ctx);
    play(g, (const char *const[]){"roll 1", "roll 2", "loss on L1", "retreat toward Z", "roll 3", "roll 3", "roll 3",
                                  "loss on G1", "loss on S1", "loss on F3", "loss on F1", NULL});
    return g;
}

/* LM-DEMOR-04, LM-RECUP-01, LM-RECUP-02, LM-RECUP-04 (§6, §7.7, §7.8): in turn 1's phase D the
   demoralized French units, alone in Z, test their rally one at a time (1d6 against the unit's
   morale, 3 here): F1 fails with a 4, F3 rallies with a 1; neither tests recuperation (activated and
   demoralized).  In turn 2, after both players pass: F3 (not activated, not demoralized, no "A
   combattu", no enemy) tests recuperation first, a 2 against 3 gives back its step; then F1, still
   demoralized and so without a recuperation test, rallies with a 3. */
START_TEST(test_rally_and_recuperation)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = open_after_combat(ctx);
    size_t n0 = wgp_event_count(g);
    play(g, (const char *const[]){"pass", "pass", NULL});
    assert_event(g, n0, "the operations phase ends");
    ck_assert_msg(strstr(wgp_decision(g), "French: recuperation or rally die"), "%s", wgp_decision(g));
    wgp_choose(g, "roll 4");
    assert_event(g, n0, "rally of F1: die 4, failure");
    ck_assert_msg(strstr(wgp_decision(g), "French: recuperation or rally die"), "%s", wgp_decision(g));
    wgp_choose(g, "roll 1");
    assert_event(g, n0, "rally of F3: die 1, success");
    assert_no_event(g, n0, "recuperation of");
    assert_event(g, n0, "turn 2 begins");
    assert_unit(g, "F1", "demoralized", 1);
    assert_unit(g, "F3", "demoralized", 0);
    assert_unit(g, "F3", "infantry 1/2", 1);
    n0 = wgp_event_count(g);
    play(g, (const char *const[]){"dice AA 1, F 2", "pass", "pass", NULL});
    ck_assert_msg(strstr(wgp_decision(g), "French: recuperation or rally die"), "%s", wgp_decision(g));
    wgp_choose(g, "roll 2");
    long r = wgp_find_event(g, n0, "recuperation of F3: die 2, success", WG_VIEW_REFEREE);
    ck_assert_msg(r >= 0, "%s", wgp_events_dump(g, n0, WG_VIEW_REFEREE));
    assert_unit(g, "F3", "infantry 2/2", 1);
    ck_assert_msg(strstr(wgp_decision(g), "French: recuperation or rally die"), "%s", wgp_decision(g));
    wgp_choose(g, "roll 3");
    long a = wgp_find_event(g, n0, "rally of F1: die 3, success", WG_VIEW_REFEREE);
    ck_assert_msg(a > r, "%s", wgp_events_dump(g, n0, WG_VIEW_REFEREE));
    assert_no_event(g, n0, "recuperation of F1");
    assert_no_event(g, n0, "recuperation of A1");
    assert_unit(g, "F1", "demoralized", 0);
    assert_unit(g, "F1", "infantry 3/4", 1);
    assert_event(g, n0, "turn 3 begins");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- strength ratio, draws, the melee table ---- */

/* Appends to buf the records of `steps` infantry steps of `side` (units PREFIX1, PREFIX2, ... of at
   most 10 boxes, every box morale 4) in zone z. */
static void add_infantry(char *buf, size_t cap, const char *side, const char *prefix, int steps, const char *z)
{
    for (int u = 1; steps > 0; u++) {
        int k = steps > 10 ? 10 : steps;
        size_t n = strlen(buf);
        n += (size_t)snprintf(buf + n, cap - n, "unit %s inf %s%d mp=6 boxes=4", side, prefix, u);
        for (int i = 1; i < k; i++)
            n += (size_t)snprintf(buf + n, cap - n, ",4");
        snprintf(buf + n, cap - n, " at=%s\n", z);
        steps -= k;
    }
}

/* AA attacks in X (both sides set up there, no axes) with its whole stack; any artillery die shows
   no success; the first head unit offered on each side: the decision of the AA CP die. */
static wg_game *attack_in_x(wg_ctx *ctx, const char *units)
{
    wg_game *g = position(ctx, "AA", units);
    wgp_choose(g, "attack in X");
    wgp_choose(g, "stack formed");
    for (int k = 0; k < 4 && wgp_find(g, "artillery success") >= 0; k++)
        wgp_choose(g, "0 artillery success");
    wgp_choose(g, "head unit ");
    wgp_choose(g, "head unit ");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: CP die"), "%s", wgp_options_dump(g));
    return g;
}

/* LM-MELEE-04, LM-MELEE-13, LM-MELEE-14, LM-MELEE-15 (§5.6.3 note 2, §1.4): the strength ratio goes to
   the stronger tally only, rounded up: 7 infantry steps against 2 add 4 (the printed example; the two
   AA artillery counters do not count: 9 / 2 would add 5); in the town T two infantry and four cavalry
   steps tally 2 + 4/2 = 4 against 2 and add 2 (3 if the cavalry were not halved); 5 French steps
   against 2 add 3 (2.5 rounded up) to the French, the defender, and nothing to AA. */
START_TEST(test_strength_ratio)
{
    wg_ctx *ctx = new_ctx();
    int64_t v[WG_MR_ODDS_COUNT];
    char units[4096];
    snprintf(units, sizeof units,
             "unit AA cdr Wel sv=2 cic at=W\nunit AA art R1 mp=5 at=X\nunit AA art R2 mp=5 at=X\n"
             "unit F cdr Sou sv=2 cic at=E\nunit F inf F1 mp=6 boxes=3,4 at=X\n");
    add_infantry(units, sizeof units, "AA", "A", 7, "X");
    wg_game *g = attack_in_x(ctx, units);
    odds(g, v);
    ck_assert_int_eq(cpmod(v, 1, 2), 4);
    ck_assert_int_eq(cpmod(v, 0, 2), 0);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "roll 1");
    wgp_choose(g, "roll 1");
    assert_event(g, n0, "Anglo-Allied CP 7 (ratio 4, head morale 4)"); /* 4 + 4 - 2 (no axis) + 1 */
    assert_event(g, n0, "French CP 3 (ratio 0, head morale 4)");
    wg_game_free(g);

    g = position(ctx, "AA",
                 "unit AA cdr Wel sv=2 cic at=W\nunit AA inf A1 mp=6 boxes=3,4 at=T\n"
                 "unit AA cav K1 mp=8 morale=4 at=T\nunit AA cav K2 mp=8 morale=4 at=T\n"
                 "unit AA cav K3 mp=8 morale=4 at=T\nunit AA cav K4 mp=8 morale=4 at=T\n"
                 "unit F cdr Sou sv=2 cic at=E\nunit F inf F1 mp=6 boxes=3,4 at=T\n");
    play(g, (const char *const[]){"attack in T", "stack formed", "head unit A1", "head unit F1", NULL});
    odds(g, v);
    ck_assert_int_eq(cpmod(v, 1, 2), 2);
    ck_assert_int_eq(cpmod(v, 0, 2), 0);
    wg_game_free(g);

    units[0] = '\0';
    snprintf(units, sizeof units,
             "unit AA cdr Wel sv=2 cic at=W\nunit AA inf A1 mp=6 boxes=3,4 at=X\n"
             "unit F cdr Sou sv=2 cic at=E\nunit F inf F1 mp=6 boxes=4,4,4,4,4 at=X\n");
    g = attack_in_x(ctx, units);
    odds(g, v);
    ck_assert_int_eq(cpmod(v, 1, 2), 0);
    ck_assert_int_eq(cpmod(v, 0, 2), 3);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-MELEE-16 (§5.6.3 note 2): 11 AA steps against 1: ratio 11, above ten: AA wins by 6 and loses
   nothing, though the pack's row gives the winner one loss; 10 steps against 1 (ratio 10, not above
   ten) win by 5 and lose the one step of the row. */
START_TEST(test_ratio_above_ten)
{
    wg_ctx *ctx = new_ctx();
    char rows[2048] = "";
    for (int d = 5; d <= 20; d++) {
        size_t n = strlen(rows);
        snprintf(rows + n, sizeof rows - n, "melee %d 1/1 1/1 1/1 1/1 1/1 1/1 1\n", d);
    }
    for (int steps = 10; steps <= 11; steps++) {
        char units[4096];
        snprintf(units, sizeof units, "unit AA cdr Wel sv=2 cic at=W\nunit F cdr Sou sv=2 cic at=E\n"
                                      "unit F inf F1 mp=6 boxes=4 at=X\n%s", rows);
        add_infantry(units, sizeof units, "AA", "A", steps, "X");
        wg_game *g = attack_in_x(ctx, units);
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, "roll 1");
        wgp_choose(g, "roll 6");
        char want[128];
        snprintf(want, sizeof want, "Anglo-Allied CP %d (ratio %d, head morale 4)", steps + 3, steps);
        assert_event(g, n0, want);
        assert_event(g, n0, "French CP 8 (ratio 0, head morale 4)");
        snprintf(want, sizeof want, "melee: Anglo-Allied wins by %d, amplitude %d: losses AA %d, F 1", steps - 5,
                 steps + 1, steps == 11 ? 0 : 1);
        assert_event(g, n0, want);
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-MELEE-23, LM-DEMOR-03 (§5.6.3, §10.1, §10.2): CP 5 against 5: no winner; both stacks lose the
   row-0 number of column 6-10 (amplitude 10): one step each, the first on the head unit; no retreat,
   no demoralization test and no pursuit (both have cavalry); both stacks, not activated, receive
   "A combattu"; the combat and the operation end: the French operate. */
START_TEST(test_draw)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = attack_in_x(ctx, "unit AA cdr Wel sv=2 cic at=W\nunit AA inf A1 mp=6 boxes=2,3,3,4 at=X\n"
                                  "unit AA cav K1 mp=8 morale=4 at=X\nunit F cdr Sou sv=2 cic at=E\n"
                                  "unit F inf F1 mp=6 boxes=2,3,3,4 at=X\nunit F cav L1 mp=8 morale=4 at=X\n");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "roll 3");
    wgp_choose(g, "roll 3");
    assert_event(g, n0, "Anglo-Allied CP 5 (ratio 0, head morale 4)");
    assert_event(g, n0, "French CP 5 (ratio 0, head morale 4)");
    assert_event(g, n0, "melee: CP difference 0, amplitude 10: both lose (AA 1, F 1)");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_uint_eq(wgp_count(g, "loss on "), 1);
    wgp_choose(g, "loss on A1");
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_uint_eq(wgp_count(g, "loss on "), 1);
    wgp_choose(g, "loss on F1");
    assert_event(g, n0, "combat in X ends");
    assert_no_event(g, n0, "retreat");
    assert_no_event(g, n0, "demoralization");
    assert_no_event(g, n0, "pursuit");
    assert_unit(g, "A1", "infantry 3/4", 1);
    assert_unit(g, "F1", "infantry 3/4", 1);
    assert_unit(g, "A1", "a combattu x1", 1);
    assert_unit(g, "K1", "a combattu x1", 1);
    assert_unit(g, "F1", "a combattu x1", 1);
    assert_unit(g, "L1", "a combattu x1", 1);
    assert_unit(g, "A1", "demoralized", 0);
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_msg(strstr(wgp_decision(g), "choose an operation"), "%s", wgp_decision(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-MELEE-21, LM-MELEE-24, LM-MELEE-25, LM-MELEE-27, LM-RETREAT-01 (§10.1): the printed cells
   played: equal infantry on both sides (no ratio; an AA artillery counter makes the amplitude odd),
   AA's die 1 + d against the French 1 for a difference d of 0..4, at the amplitudes on both sides of
   every column boundary and at 31 (the 26-30 column plus the 1-5 column).  The melee event gives
   the winner's and the loser's losses; the retreat column is read from the exact odds of the French
   die once AA rolled 5: faces 1..6 give differences 4, 3, 2, 1, 0, -1. */
START_TEST(test_melee_table_printed_cells)
{
    static const int row0[6] = {0, 1, 1, 1, 2, 3};
    static const int r12[6][2] = {{0, 0}, {0, 0}, {1, 1}, {1, 1}, {1, 1}, {2, 2}};
    static const int r34[6][2] = {{0, 0}, {0, 1}, {0, 1}, {0, 1}, {1, 2}, {1, 2}};
    static const int amps[] = {4, 5, 6, 10, 11, 15, 16, 20, 21, 25, 26, 30, 31};
    wg_ctx *ctx = new_ctx();
    for (size_t a = 0; a < sizeof amps / sizeof amps[0]; a++) {
        int amp = amps[a], col = amp > 30 ? 5 : (amp - 1) / 5;
        int extra = amp > 30 ? (amp - 30 - 1) / 5 : -1; /* the column of the steps beyond 30 */
        for (int d = 0; d <= 4; d++) {
            char units[8192];
            snprintf(units, sizeof units, "unit AA cdr Wel sv=2 cic at=W\nunit F cdr Sou sv=2 cic at=E\n%s",
                     amp % 2 ? "unit AA art R1 mp=5 at=X\n" : "");
            add_infantry(units, sizeof units, "AA", "A", amp / 2, "X");
            add_infantry(units, sizeof units, "F", "F", amp / 2, "X");
            wg_game *g = attack_in_x(ctx, units);
            size_t n0 = wgp_event_count(g);
            char roll[16], want[128];
            snprintf(roll, sizeof roll, "roll %d", 1 + d);
            wgp_choose(g, roll);
            if (d == 4) {
                /* the retreat column: AA rolled 5: differences 4, 3 (2 zones), 2, 1, -1 (1 zone), 0 (none) */
                int64_t v[WG_MR_ODDS_COUNT];
                odds(g, v);
                ck_assert_int_eq(v[WG_MR_ODDS_TOTAL], 6);
                ck_assert_int_eq(v[WG_MR_ODDS_RETREAT + 0], 1);
                ck_assert_int_eq(v[WG_MR_ODDS_RETREAT + 1], 3);
                ck_assert_int_eq(v[WG_MR_ODDS_RETREAT + 2], 2);
            }
            wgp_choose(g, "roll 1");
            if (d == 0) {
                int k = row0[col] + (extra >= 0 ? row0[extra] : 0);
                snprintf(want, sizeof want, "melee: CP difference 0, amplitude %d: both lose (AA %d, F %d)", amp, k, k);
            } else {
                const int(*row)[2] = d <= 2 ? r12 : r34;
                int w = row[col][0] + (extra >= 0 ? row[extra][0] : 0);
                int l = row[col][1] + (extra >= 0 ? row[extra][1] : 0);
                snprintf(want, sizeof want, "melee: Anglo-Allied wins by %d, amplitude %d: losses AA %d, F %d", d, amp,
                         w, l);
            }
            assert_event(g, n0, want);
            wg_game_free(g);
        }
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-MELEE-25, LM-MELEE-26 (§10.1): amplitude 37 (AA 18 infantry steps and an artillery counter, the
   French 18) and a CP difference of 6 (AA's commander Ber SV 1, dice 6 and 1): the 26-30 column's 2/3
   plus the 6-10 column's 0/1 for the 7 steps beyond 30: 2/4.  Row 6 is not printed: it is the bundled
   pack's supplied row, which holds the two cells the example reveals. */
START_TEST(test_melee_amplitude_37)
{
    wg_ctx *ctx = new_ctx();
    char units[8192];
    snprintf(units, sizeof units, "unit AA cdr Wel sv=2 cic at=W\nunit AA cdr Ber sv=1 at=X\n"
                                  "unit AA art R1 mp=5 at=X\nunit F cdr Sou sv=2 cic at=E\n");
    add_infantry(units, sizeof units, "AA", "A", 18, "X");
    add_infantry(units, sizeof units, "F", "F", 18, "X");
    wg_game *g = attack_in_x(ctx, units);
    size_t n0 = wgp_event_count(g);
    assert_event(g, 0, "amplitude 37");
    wgp_choose(g, "roll 6");
    wgp_choose(g, "roll 1");
    assert_event(g, n0, "Anglo-Allied CP 9 (ratio 0, head morale 4)");
    assert_event(g, n0, "French CP 3 (ratio 0, head morale 4)");
    assert_event(g, n0, "melee: Anglo-Allied wins by 6, amplitude 37: losses AA 2, F 4");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- disengagement ---- */

/* AA (Wellesley, A1, two cavalry) enters X from W, where the French stand with three cavalry
   counters only (L1-L3) or F1 and L1, and an AA cavalry counter K9 waits in Z; the French place their
   marker toward Y and AA stops: the French operation. */
static wg_game *diseng_position(wg_ctx *ctx, int all_cavalry)
{
    char units[2048];
    snprintf(units, sizeof units,
             "unit AA cdr Wel sv=2 cic at=W\nunit AA inf A1 mp=6 boxes=3,3,4,4,4,4 at=W\n"
             "unit AA cav K1 mp=8 morale=4 at=W\nunit AA cav K2 mp=8 morale=4 at=W\n"
             "unit AA cav K9 mp=8 morale=4 at=Z\nunit F cdr Sou sv=2 cic at=E\n%s",
             all_cavalry ? "unit F cav L1 mp=8 morale=4 at=X\nunit F cav L2 mp=8 morale=4 at=X\n"
                           "unit F cav L3 mp=8 morale=4 at=X\n"
                         : "unit F inf F1 mp=6 boxes=2,3,3,4 at=X\nunit F cav L1 mp=8 morale=4 at=X\n");
    wg_game *g = position(ctx, "AA", units);
    play(g, (const char *const[]){"move a stack from W", "stack formed", "go to X", "zeros", "Retraite toward Y", "stop",
                                  NULL});
    ck_assert_int_eq(wgp_decider(g), 1);
    return g;
}

static void dis_odds(wg_game *g, int viewer, int64_t *d)
{
    size_t n = 0;
    ck_assert_int_eq(wg_marechaux_disengage_odds(d, WG_MR_DIS_COUNT, &n, g, viewer, viewer, -1), WG_OK);
}

/* LM-DISENG-01, LM-DISENG-02, LM-DISENG-03, LM-DISENG-04, LM-DISENG-06, LM-DISENG-07, LM-DISENG-08
   (§5, §5.3): the French stack in X, not activated, may disengage; the Anglo-Allied player, whose
   operation it is not, declares his cavalry first (2).  The French three cavalry steps, declared,
   are more: -1, and the stack is all cavalry: -1; kept secret, neither applies and the undeclared
   count adds +1.  Die 6 - 2 = 4: failure, the stack stays, activated, and AA operates; it may not
   disengage again.  AA's stack, activated by its move, is offered no disengagement either. */
START_TEST(test_disengagement_modifiers)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = diseng_position(ctx, 1);
    assert_option(g, "disengage a stack from X", 1);
    wgp_choose(g, "disengage a stack from X");
    wgp_choose(g, "stack formed");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(strstr(wgp_decision(g), "declare your cavalry steps"), "%s", wgp_decision(g));
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "declare the cavalry steps");
    assert_event(g, n0, "Anglo-Allied declares 2 cavalry step(s)");
    ck_assert_int_eq(wgp_decider(g), 1);
    int64_t d[WG_MR_DIS_COUNT];
    dis_odds(g, 1, d);
    ck_assert_int_eq(d[WG_MR_DIS_KIND], 0);
    ck_assert_int_eq(d[WG_MR_DIS_OWN_CAV], 3);
    ck_assert_int_eq(d[WG_MR_DIS_ENEMY_CAV], 2);
    ck_assert_int_eq(d[WG_MR_DIS_ENEMY_DECLARED], 1);
    ck_assert_int_eq(d[WG_MR_DIS_DECLARED], -1);
    ck_assert_int_eq(d[WG_MR_DIS_IF_MORE], 5);   /* d - 1 - 1 <= 3 */
    ck_assert_int_eq(d[WG_MR_DIS_IF_SECRET], 2); /* d + 1 <= 3 */
    wgp_choose(g, "declare the cavalry steps");
    assert_event(g, n0, "French declares 3 cavalry step(s)");
    dis_odds(g, 1, d);
    ck_assert_int_eq(d[WG_MR_DIS_CAV_MOD], -1);
    ck_assert_int_eq(d[WG_MR_DIS_ONLY_CAV], -1);
    ck_assert_int_eq(d[WG_MR_DIS_SUCCESS], 5);
    ck_assert_msg(strstr(wgp_decision(g), "French: disengagement die"), "%s", wgp_decision(g));
    ck_assert_uint_eq(wgp_count(g, "roll "), 6);
    wgp_choose(g, "roll 6");
    assert_event(g, n0, "French disengagement: die 6, total 4: failure");
    assert_at(g, "L1", "X");
    assert_unit(g, "L1", "activated", 1);
    ck_assert_int_eq(wgp_decider(g), 0);
    assert_option(g, "disengage a stack from X", 0);
    wgp_choose(g, "pass");
    ck_assert_int_eq(wgp_decider(g), 1);
    assert_option(g, "disengage a stack from X", 0);
    wg_game_free(g);

    /* kept secret: die 3 + 1 = 4, a failure that the declared modifiers would have made a success */
    g = diseng_position(ctx, 1);
    play(g, (const char *const[]){"disengage a stack from X", "stack formed", "declare the cavalry steps",
                                  "keep them secret", NULL});
    n0 = wgp_event_count(g);
    wgp_choose(g, "roll 3");
    assert_event(g, n0, "French disengagement: die 3, total 4: failure");
    wg_game_free(g);

    /* AA keeps its count secret: the French count it as 0 */
    g = diseng_position(ctx, 0);
    play(g, (const char *const[]){"disengage a stack from X", "stack formed", "keep them secret", NULL});
    dis_odds(g, 1, d);
    ck_assert_int_eq(d[WG_MR_DIS_ENEMY_DECLARED], 0);
    ck_assert_int_eq(d[WG_MR_DIS_ENEMY_CAV], 0);
    ck_assert_int_eq(d[WG_MR_DIS_IF_MORE], 4);     /* 1 > 0: d - 1 <= 3; not all cavalry */
    ck_assert_int_eq(d[WG_MR_DIS_IF_NOT_MORE], 2); /* d + 1 <= 3 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-DISENG-05, LM-DISENG-09, LM-DISENG-10, LM-RETREATAXIS-03 (§5.3, §5.4.1): die 5 - 2 = 3: the
   French cavalry leaves X with a normal move (its command test follows), but not by the connection
   of AA's Retraite marker (W); its first connection enters Z, held by K9: the French place no
   marker and have no axis there, while K9's owner places his. */
START_TEST(test_disengagement_move)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = diseng_position(ctx, 1);
    size_t n0 = wgp_event_count(g);
    play(g, (const char *const[]){"disengage a stack from X", "stack formed", "declare the cavalry steps",
                                  "declare the cavalry steps", "roll 5", NULL});
    assert_event(g, n0, "French disengagement: die 5, total 3: success");
    wgp_choose(g, "roll 6");
    assert_event(g, n0, "all MP");
    ck_assert_msg(strstr(wgp_decision(g), "French: move"), "%s", wgp_options_dump(g));
    static const char *const ways[] = {"go to Y", "go to Z", "go to T", "go to D", NULL};
    for (const char *const *t = ways; *t; t++)
        assert_option(g, *t, 1);
    assert_option(g, "go to W", 0);
    assert_option(g, "stop", 1);
    wg_game_free(g);

    g = diseng_position(ctx, 1);
    play(g, (const char *const[]){"disengage a stack from X", "stack formed", "declare the cavalry steps",
                                  "declare the cavalry steps", "roll 5", "roll 6", NULL});
    n0 = wgp_event_count(g);
    play(g, (const char *const[]){"go to Z", "zeros", NULL});
    assert_at(g, "L1", "Z");
    assert_event(g, n0, "French has no axis of retreat in Z");
    assert_no_event(g, n0, "French places its Retraite marker");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(strstr(wgp_decision(g), "place the Retraite marker"), "%s", wgp_decision(g));
    wgp_choose(g, "Retraite toward B");
    assert_event(g, n0, "Anglo-Allied places its Retraite marker in Z toward B");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- axes of retreat ---- */

/* LM-RETREATAXIS-04, LM-RETREATAXIS-05, LM-RETREATAXIS-06, LM-MELEE-08, LM-MELEE-09 (§5.4.1,
   §5.6.3, §7.6): AA enters X; the French may not place their marker toward W (AA's marker) nor
   toward Y, where an AA stack stands, and choose Z.  AA's K8 then comes from B over the bridge to Z
   and enters X by that connection: the French marker goes and the French have no axis; K8 joins AA's
   axis (no new marker).  In the combat AA attacks with the whole stack: the French -2 for no axis,
   AA -1 for K8's "Dos a la riviere" and no axis penalty. */
START_TEST(test_axis_lost_and_shared)
{
    wg_ctx *ctx = new_ctx();
    char buf[1024];
    wg_game *g = position(ctx, "AA",
                          "unit AA cdr Wel sv=2 cic at=W\nunit AA inf A1 mp=6 boxes=3,3,4,4,4,4 at=W\n"
                          "unit AA cav K1 mp=8 morale=4 at=W\nunit AA cav K8 mp=8 morale=4 at=B\n"
                          "unit AA cav K7 mp=8 morale=4 at=Y\n"
                          "unit F cdr Sou sv=2 cic at=E\nunit F inf F1 mp=6 boxes=2,3,3,4 at=X\n");
    play(g, (const char *const[]){"move a stack from W", "stack formed", "go to X", "zeros", NULL});
    ck_assert_int_eq(wgp_decider(g), 1);
    assert_option(g, "Retraite toward W", 0);
    assert_option(g, "Retraite toward Y", 0);
    assert_option(g, "Retraite toward Z", 1);
    wgp_choose(g, "Retraite toward Z");
    play(g, (const char *const[]){"stop", "pass", "move a stack from B", "stack formed", "roll 6", "go to Z", "zeros",
                                  NULL});
    size_t n0 = wgp_event_count(g);
    play(g, (const char *const[]){"go to X", "zeros", NULL});
    assert_event(g, n0, "French loses its axis of retreat in X");
    assert_no_event(g, n0, "places its Retraite marker");
    zone_line(g, "X", buf, sizeof buf);
    ck_assert_msg(strstr(buf, "retraite toward W") && !strstr(buf, "retraite toward Z"), "%s", buf);
    assert_unit(g, "K8", "dos a la riviere", 1);
    play(g, (const char *const[]){"stop", "pass", "attack in X", "stack formed", "head unit A1", "head unit F1", NULL});
    int64_t v[WG_MR_ODDS_COUNT];
    odds(g, v);
    ck_assert_int_eq(cpmod(v, 1, 6), 0);
    ck_assert_int_eq(cpmod(v, 1, 7), -1);
    ck_assert_int_eq(cpmod(v, 0, 6), -2);
    ck_assert_int_eq(cpmod(v, 0, 7), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- cavalry withdrawal ---- */

/* LM-COMBAT-07, LM-COMBAT-08, LM-COMBAT-09 (§5.6.1): K8 alone (all cavalry, with AA's axis toward W)
   forces the passage into X: it may withdraw before the melee; the attempt is the disengagement roll
   (1 cavalry step against 1: +1, all cavalry: -1: faces 1..3).  With a 3 it withdraws to W along the
   axis and is pursued (the French cavalry is as strong: 2d6 6 + 1 against 2 + 1: no loss); no stack
   receives "A combattu".  With a 4 it stays and the combat goes on to the head units. */
START_TEST(test_cavalry_withdrawal)
{
    wg_ctx *ctx = new_ctx();
    static const char *const units =
        "unit AA cdr Wel sv=2 cic at=W\nunit AA inf A1 mp=6 boxes=3,3,4,4,4,4 at=W\n"
        "unit AA cav K1 mp=8 morale=4 at=W\nunit AA cav K8 mp=8 morale=4 at=B\n"
        "unit F cdr Sou sv=2 cic at=E\nunit F inf F1 mp=6 boxes=2,3,3,4 at=X\nunit F cav L1 mp=8 morale=4 at=X\n";
    static const char *const to_x[] = {"move a stack from W", "stack formed", "go to X", "zeros", "Retraite toward Z",
                                       "stop", "pass", "move a stack from B", "stack formed", "roll 6", "go to Z",
                                       "zeros", "go to X", "zeros", "force the passage", NULL};
    for (int k = 0; k < 2; k++) {
        wg_game *g = position(ctx, "AA", units);
        play(g, to_x);
        ck_assert_int_eq(wgp_decider(g), 0);
        ck_assert_msg(strstr(wgp_decision(g), "withdraw the cavalry"), "%s", wgp_options_dump(g));
        assert_option(g, "stay and fight", 1);
        size_t n0 = wgp_event_count(g);
        wgp_choose(g, "withdraw the cavalry");
        int64_t d[WG_MR_DIS_COUNT];
        dis_odds(g, 0, d);
        ck_assert_int_eq(d[WG_MR_DIS_KIND], 1);
        ck_assert_int_eq(d[WG_MR_DIS_CAV_MOD], 1);
        ck_assert_int_eq(d[WG_MR_DIS_ONLY_CAV], -1);
        ck_assert_int_eq(d[WG_MR_DIS_SUCCESS], 3);
        if (k == 0) {
            wgp_choose(g, "roll 3");
            assert_event(g, n0, "Anglo-Allied cavalry withdrawal: die 3, total 3: withdraws");
            assert_event(g, n0, "Anglo-Allied retreats X -> W");
            assert_no_event(g, n0, "melee");
            ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: pursuit dice"), "%s", wgp_decision(g));
            wgp_choose(g, "roll 6");
            wgp_choose(g, "roll 2");
            assert_event(g, n0, "pursuit of Anglo-Allied: loser 2d6 6, winner 1d6 2: 0 loss(es)");
            assert_event(g, n0, "combat in X ends");
            assert_at(g, "K8", "W");
            assert_unit(g, "K8", "a combattu", 0);
            assert_unit(g, "F1", "a combattu", 0);
            assert_unit(g, "L1", "a combattu", 0);
        } else {
            wgp_choose(g, "roll 4");
            assert_event(g, n0, "Anglo-Allied cavalry withdrawal: die 4, total 4");
            assert_no_event(g, n0, "retreats X -> W");
            ck_assert_msg(strstr(wgp_decision(g), "head unit"), "%s", wgp_options_dump(g));
            assert_at(g, "K8", "X");
        }
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-RETREATAXIS-06 (§5.4.1): the French cavalry disengaged from X into Z, held by K9, and has no
   axis there; F9 then enters Z from Y: the stack already there has no axis, so the newcomer has
   none either (no French marker is placed); AA's marker stays. */
START_TEST(test_axis_none_shared)
{
    wg_ctx *ctx = new_ctx();
    char buf[1024];
    wg_game *g = position(ctx, "AA",
                          "unit AA cdr Wel sv=2 cic at=W\nunit AA inf A1 mp=6 boxes=3,3,4,4,4,4 at=W\n"
                          "unit AA cav K1 mp=8 morale=4 at=W\nunit AA cav K2 mp=8 morale=4 at=W\n"
                          "unit AA cav K9 mp=8 morale=4 at=Z\nunit F cdr Sou sv=2 cic at=E\n"
                          "unit F inf F9 mp=6 boxes=3,4 at=Y\nunit F cav L1 mp=8 morale=4 at=X\n"
                          "unit F cav L2 mp=8 morale=4 at=X\nunit F cav L3 mp=8 morale=4 at=X\n");
    play(g, (const char *const[]){"move a stack from W", "stack formed", "go to X", "zeros", "Retraite toward Y", "stop",
                                  "disengage a stack from X", "stack formed", "declare the cavalry steps",
                                  "declare the cavalry steps", "roll 5", "roll 6", "go to Z", "zeros",
                                  "Retraite toward B", "stop", "pass", NULL});
    size_t n0 = wgp_event_count(g);
    play(g, (const char *const[]){"move a stack from Y", "stack formed", "roll 6", "go to Z", "zeros", NULL});
    assert_at(g, "F9", "Z");
    assert_no_event(g, n0, "places its Retraite marker");
    ck_assert_msg(strstr(wgp_decision(g), "French: stop or force the passage"), "%s", wgp_options_dump(g));
    zone_line(g, "Z", buf, sizeof buf);
    ck_assert_msg(strstr(buf, "retraite toward B") && !strstr(buf, "retraite toward Y"), "%s", buf);
    ck_assert_msg(strstr(buf, "[French: F9"), "%s", buf);
    ck_assert_msg(!strstr(strstr(buf, "[French:"), "retraite"), "%s", buf);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- events in combat, pursuit refused, garrison losses ---- */

/* LM-MELEE-02 (§5.6.3, §10.2): after the amplitude each side may play its combat events, the attacker
   first: AA's Rifles (+2 here) and the French Elan (+1) are added to the CPs. */
START_TEST(test_event_cp_modifier)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, "AA",
                          "unit AA cdr Wel sv=2 cic at=W\nunit AA inf A1 mp=6 boxes=2,3,3,4 at=X\n"
                          "unit F cdr Sou sv=2 cic at=E\nunit F inf F1 mp=6 boxes=2,3,3,4 at=X\n"
                          "event Rifles cp 2 0\nevent Elan cp 1 0\nhand AA Rifles 1\nhand F Elan 1\n");
    play(g, (const char *const[]){"attack in X", "stack formed", NULL});
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(strstr(wgp_decision(g), "play combat events"), "%s", wgp_decision(g));
    size_t n0 = wgp_event_count(g);
    play(g, (const char *const[]){"play Rifles", "no (more) events", NULL});
    ck_assert_int_eq(wgp_decider(g), 1);
    play(g, (const char *const[]){"play Elan", "no (more) events", "head unit A1", "head unit F1", NULL});
    assert_event(g, n0, "Anglo-Allied plays Rifles");
    assert_event(g, n0, "French plays Elan");
    int64_t v[WG_MR_ODDS_COUNT];
    odds(g, v);
    ck_assert_int_eq(cpmod(v, 1, 0), 2);
    ck_assert_int_eq(cpmod(v, 0, 0), 1);
    n0 = wgp_event_count(g);
    wgp_choose(g, "roll 3");
    wgp_choose(g, "roll 3");
    assert_event(g, n0, "Anglo-Allied CP 7 (ratio 0, head morale 4)"); /* 2 + 4 - 2 + 3 */
    assert_event(g, n0, "French CP 6 (ratio 0, head morale 4)");       /* 1 + 4 - 2 + 3 */
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-PURSUIT-01, LM-PURSUIT-02 (§5.6.6): AA wins (dice 3 and 3) in the clear zone X with one
   cavalry step against the loser's two: no pursuit; AA wins in the defensive zone D with two cavalry
   steps against one: no pursuit there either; with the same stacks in X, the pursuit dice are rolled.
   The French losses go on the infantry, so the cavalry counts stay as set up. */
START_TEST(test_no_pursuit)
{
    wg_ctx *ctx = new_ctx();
    static const struct {
        const char *zone;
        int aa_cav, fr_cav, pursuit;
    } cases[] = {{"X", 1, 2, 0}, {"D", 2, 1, 0}, {"X", 2, 1, 1}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char units[2048], cmd[32];
        int n = snprintf(units, sizeof units,
                         "unit AA cdr Wel sv=2 cic at=W\nunit AA inf A1 mp=6 boxes=4,4,4,4,4,4 at=%s\n"
                         "unit F cdr Sou sv=2 cic at=E\nunit F inf F1 mp=6 boxes=3,4 at=%s\n",
                         cases[c].zone, cases[c].zone);
        for (int k = 1; k <= cases[c].aa_cav; k++)
            n += snprintf(units + n, sizeof units - (size_t)n, "unit AA cav K%d mp=8 morale=4 at=%s\n", k,
                          cases[c].zone);
        for (int k = 1; k <= cases[c].fr_cav; k++)
            n += snprintf(units + n, sizeof units - (size_t)n, "unit F cav L%d mp=8 morale=4 at=%s\n", k,
                          cases[c].zone);
        wg_game *g = position(ctx, "AA", units);
        snprintf(cmd, sizeof cmd, "attack in %s", cases[c].zone);
        play(g, (const char *const[]){cmd, "stack formed", "head unit A1", "head unit F1", "roll 3", "roll 3", NULL});
        size_t n0 = wgp_event_count(g);
        ck_assert_msg(wgp_find_event(g, 0, "melee: Anglo-Allied wins", WG_VIEW_REFEREE) >= 0, "%s",
                      wgp_events_dump(g, 0, WG_VIEW_REFEREE));
        int rolled = 0;
        for (int k = 0; k < 40 && !strstr(wgp_decision(g), "choose an operation"); k++) {
            rolled |= strstr(wgp_decision(g), "pursuit dice") != NULL;
            long f1 = wgp_find(g, "loss on F1"); /* the losses on the infantry: the cavalry counts stay */
            wgp_choose_index(g, f1 >= 0 ? (size_t)f1 : 0);
        }
        ck_assert_int_eq(rolled, cases[c].pursuit);
        ck_assert_msg((wgp_find_event(g, n0, "pursuit of French", WG_VIEW_REFEREE) >= 0) == cases[c].pursuit, "%s: %s",
                      cases[c].zone, wgp_events_dump(g, n0, WG_VIEW_REFEREE));
        assert_event(g, n0, "French demoralization test");
        wg_game_free(g);
    }
    wg_ctx_free(ctx);
}
END_TEST

/* LM-RECUP-03, LM-RECUP-01, LM-RECUP-02 (§7.3, §7.8): F5 creates a garrison in the town T at the
   start of its move (one step lost); F6 (morale 1) loses a step to a fatigue marker of 2 on the way to
   D.  Turn 1's phase D tests neither (activated).  In turn 2 neither moves: F6 tests recuperation and
   a 1 gives its step back; F5's garrison loss is never tested. */
START_TEST(test_garrison_loss_not_recovered)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = position(ctx, "F",
                          "unit AA cdr Wel sv=2 cic at=W\nunit F cdr Sou sv=2 cic at=T\n"
                          "unit F inf F5 mp=6 boxes=3,4,4 at=T\nunit F inf F6 mp=6 boxes=1,1 at=T\n"
                          "garrison F 1 3\n");
    size_t n0 = wgp_event_count(g);
    play(g, (const char *const[]){"move a stack from T", "stack formed", "F5 creates a garrison", NULL});
    assert_unit(g, "F5", "infantry 2/3", 1);
    play(g, (const char *const[]){"go to D", "fatigue 2", NULL});
    assert_event(g, n0, "F6 stops: fatigue 2 exceeds morale 1, loses 1 step");
    assert_unit(g, "F6", "infantry 1/2", 1);
    ck_assert_msg(strstr(zone_line(g, "T", (char[512]){0}, 512), "garrison"), "%s", wgp_describe(g, WG_VIEW_REFEREE));
    play(g, (const char *const[]){"stop", NULL});
    for (int k = 0; k < 4 && wgp_find(g, "pass") >= 0; k++)
        wgp_choose(g, "pass");
    assert_event(g, n0, "turn 2 begins");
    assert_no_event(g, n0, "recuperation of");
    n0 = wgp_event_count(g);
    play(g, (const char *const[]){"dice AA 1, F 2", "pass", "pass", NULL});
    ck_assert_msg(strstr(wgp_decision(g), "French: recuperation or rally die"), "%s", wgp_options_dump(g));
    wgp_choose(g, "roll 1");
    assert_event(g, n0, "recuperation of F6: die 1, success");
    assert_no_event(g, n0, "recuperation of F5");
    assert_event(g, n0, "turn 3 begins");
    assert_unit(g, "F6", "infantry 2/2", 1);
    assert_unit(g, "F5", "infantry 2/3", 1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-DEMOR-02, GAP-12: the head unit L1 is eliminated by the melee losses; F1, the best eligible
   unit, stands in for the demoralization test, and the odds say so (morale 4, new head 1). */
START_TEST(test_demoralization_odds_new_head_flag)
{
    static const char *const map =
        "wgdata 1 map\ngrid graph\nterrain clear defensive town\n"
        "flag port south offmap loc-aa loc-f objective setup\nconntype road\n"
        "zone W town loc-aa\nzone X clear\nzone Y clear\nzone Z clear\nzone E clear loc-f\n"
        "conn W X road 1\nconn X Y road 1\nconn X Z road 1\nconn Y E road 1\nconn Y Z road 1\n";
    static const char *const pack =
        "wgdata 1 marechaux\nscenario 1809 12 May 8 2 0 0 AA 11\n"
        "terrain clear 0\nterrain defensive 1\nterrain town 1\n"
        "fatigue 0 6\nfatigue 1 8\nfatigue 2 4\nfatigue 3 2\n"
        "unit AA cdr Wel sv=2 cic at=W\nunit AA inf A1 mp=6 boxes=3,3,4,4,4,4 at=W\n"
        "unit AA cav K1 mp=8 morale=4 at=W\nunit AA cav K2 mp=8 morale=4 at=W\n"
        "unit F cdr Sou sv=2 cic at=E\nunit F inf F1 mp=6 boxes=2,3,3,4 at=X\n"
        "unit F inf F3 mp=6 boxes=3,4 at=X\nunit F cav L1 mp=8 morale=3 at=X\n"
        "unit F art S1 mp=5 at=X\nunit F bag G1 mp=4 at=X\n"
        "melee 5 0/0 0/1 0/1 0/1 1/3 2/3 2\nmelee 6 0/0 0/1 0/1 0/1 1/3 2/3 2\n"
        "melee 7 0/1 0/2 0/2 0/2 1/4 2/4 3\nmelee 8 0/1 0/2 0/2 0/2 1/4 2/4 3\n"
        "melee 9 0/2 0/3 0/3 0/3 1/5 2/5 3\nmelee 10 0/2 0/3 0/3 0/3 1/5 2/5 3\n";
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    wgp_doc docs[] = {{"map", map}, {"pack", pack}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "marechaux", "1809", NULL, 1, docs);
    static const char *const steps[] = {"move a stack from W", "stack formed", "go to X", "fatigue 0", "fatigue 0",
                                        "Retraite toward Y", "stop", "pass", "attack in X", "stack formed",
                                        "0 artillery success", "head unit A1", "head unit L1", "roll 1", "roll 2",
                                        "loss on L1", "retreat toward Z", NULL};
    for (const char *const *t = steps; *t; t++) {
        if (strstr(wgp_decision(g), "return a fatigue marker") && wgp_find(g, "keep the markers") >= 0)
            wgp_choose(g, "keep the markers");
        wgp_choose(g, *t);
    }
    ck_assert_msg(strstr(wgp_decision(g), "demoralization die"), "%s", wgp_options_dump(g));
    int64_t dm[WG_MR_DEM_COUNT];
    size_t n = 0;
    ck_assert_int_eq(wg_marechaux_demoralization_odds(dm, WG_MR_DEM_COUNT, &n, g), WG_OK);
    ck_assert_int_eq(dm[WG_MR_DEM_HEAD_MORALE], 4); /* F1 stands in for L1 (morale 3), eliminated */
    ck_assert_int_eq(dm[WG_MR_DEM_NEW_HEAD], 1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_combat");
    TCase *tc = tcase_create("combat");
    tcase_add_test(tc, test_combat_in_town);
    tcase_add_test(tc, test_demoralization_odds_new_head_flag);
    tcase_add_test(tc, test_forced_passage_on_demoralized);
    tcase_add_test(tc, test_retreat_and_pursuit);
    tcase_add_test(tc, test_rally_and_recuperation);
    tcase_add_test(tc, test_strength_ratio);
    tcase_add_test(tc, test_ratio_above_ten);
    tcase_add_test(tc, test_draw);
    tcase_add_test(tc, test_melee_table_printed_cells);
    tcase_add_test(tc, test_melee_amplitude_37);
    tcase_add_test(tc, test_disengagement_modifiers);
    tcase_add_test(tc, test_disengagement_move);
    tcase_add_test(tc, test_axis_lost_and_shared);
    tcase_add_test(tc, test_cavalry_withdrawal);
    tcase_add_test(tc, test_axis_none_shared);
    tcase_add_test(tc, test_event_cp_modifier);
    tcase_add_test(tc, test_no_pursuit);
    tcase_add_test(tc, test_garrison_loss_not_recovered);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

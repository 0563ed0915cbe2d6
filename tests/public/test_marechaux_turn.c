/* The Les Maréchaux turn played through the public API: initiative, the order of the phases, the
   operations and their alternation, the administrative phase, the dice and the rounding, the end
   of the game; positions from the bundled host documents or copies of them with values changed. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgplay.h"

static wg_ctx *new_ctx(void)
{
    wg_ctx *ctx = NULL;
    ck_assert_int_eq(wg_ctx_new(&ctx, NULL, NULL), WG_OK);
    return ctx;
}

/* The bundled pack of scenario sc with each (from, to) pair replaced, the list ended by NULL. */
static char *pack_edit(const char *sc, ...)
{
    char path[64];
    snprintf(path, sizeof path, "data/marechaux/%s.wgd", sc);
    char *text = wgp_read_source(path, NULL);
    va_list ap;
    va_start(ap, sc);
    for (const char *from; (from = va_arg(ap, const char *)) != NULL;) {
        const char *to = va_arg(ap, const char *);
        char *next = wgp_replace(text, from, to);
        free(text);
        text = next;
    }
    va_end(ap);
    return text;
}

/* A game of scenario sc from its bundled map and the given pack text (freed here). */
static wg_game *game_from(wg_ctx *ctx, const char *sc, char *pack)
{
    char path[64];
    snprintf(path, sizeof path, "data/marechaux/%s-map.wgd", sc);
    char *map = wgp_read_source(path, NULL);
    wgp_doc docs[] = {{"map", map}, {"pack", pack}, {NULL, NULL}};
    wg_game *g = wgp_new(ctx, "marechaux", sc, NULL, 1, docs);
    free(map);
    free(pack);
    return g;
}

static void assert_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) >= 0, "no event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

static void assert_no_event(wg_game *g, size_t from, const char *needle)
{
    ck_assert_msg(wgp_find_event(g, from, needle, WG_VIEW_REFEREE) < 0, "event \"%s\" in:\n%s", needle,
                  wgp_events_dump(g, from, WG_VIEW_REFEREE));
}

static long event_at(wg_game *g, size_t from, const char *needle)
{
    long i = wgp_find_event(g, from, needle, WG_VIEW_REFEREE);
    ck_assert_msg(i >= 0, "no event \"%s\" in:\n%s", needle, wgp_events_dump(g, from, WG_VIEW_REFEREE));
    return i;
}

static void assert_describe_has(wg_game *g, int viewer, const char *needle)
{
    const char *d = wgp_describe(g, viewer);
    ck_assert_msg(strstr(d, needle) != NULL, "viewer %d: no \"%s\" in:\n%s", viewer, needle, d);
}

static void assert_describe_lacks(wg_game *g, int viewer, const char *needle)
{
    const char *d = wgp_describe(g, viewer);
    ck_assert_msg(strstr(d, needle) == NULL, "viewer %d: \"%s\" in:\n%s", viewer, needle, d);
}

static int is_over(wg_game *g)
{
    int over = 0;
    ck_assert_int_eq(wg_game_is_over(&over, g), WG_OK);
    return over;
}

/* A combat-event window opens whenever the side holds an event; one in which no held event is
   playable is passed. */
static void pass_event_windows(wg_game *g)
{
    for (int k = 0; k < 8 && strstr(wgp_decision(g), "play combat events") && wgp_find(g, "play ") < 0; k++)
        wgp_choose(g, "no (more) events");
}

/* The fatigue-return decision that follows a draw: the markers are kept. */
static void keep_fatigue(wg_game *g)
{
    if (strstr(wgp_decision(g), "return a fatigue marker") && wgp_find(g, "keep the markers") >= 0)
        wgp_choose(g, "keep the markers");
}

/* Draws fatigue markers of 0 while the stack must draw, keeping them. */
static void draw_zero_fatigue(wg_game *g)
{
    for (int k = 0; k < 12; k++) {
        keep_fatigue(g);
        if (wgp_decider(g) != WG_PLAYER_CHANCE || !strstr(wgp_decision(g), "fatigue"))
            break;
        wgp_choose(g, "fatigue 0");
    }
    keep_fatigue(g);
}

static void choose_all(wg_game *g, const char *const *labels)
{
    for (; *labels; labels++) {
        pass_event_windows(g);
        if (strcmp(*labels, "keep the markers") != 0)
            keep_fatigue(g);
        wgp_choose(g, *labels);
    }
}

/* Forms, at the forming decision, a stack of the one unit named: every other unit is left out. */
static void form_only(wg_game *g, const char *unit)
{
    char keep[96];
    snprintf(keep, sizeof keep, "leave out %s", unit);
    for (int k = 0; k < 40 && strstr(wgp_decision(g), "form the stack"); k++) {
        long pick = -1;
        for (size_t i = 0; i < wgp_option_count(g) && pick < 0; i++)
            if (strncmp(wgp_label(g, i), "leave out ", 10) == 0 && strcmp(wgp_label(g, i), keep) != 0)
                pick = (long)i;
        if (pick < 0)
            wgp_choose(g, "stack formed");
        else
            wgp_choose_index(g, (size_t)pick);
    }
}

/* Plays on with passes until the game is over: chance takes the first option that is not a starred
   event (Burrard, Canicule; Canicule when nothing else is left), an event drawn is kept (or played
   when starred), every operation is a pass. */
static void pass_to_the_end(wg_game *g)
{
    for (int k = 0; k < 4000 && !is_over(g); k++) {
        if (wgp_decider(g) == WG_PLAYER_CHANCE) {
            size_t n = wgp_option_count(g), i = 0;
            while (i < n && (strstr(wgp_label(g, i), "Burrard") || strstr(wgp_label(g, i), "Canicule")))
                i++;
            if (i == n) /* only starred markers left: Canicule, never Burrard */
                for (i = 0; i < n && strstr(wgp_label(g, i), "Burrard"); i++)
                    ;
            ck_assert_msg(i < n, "%s", wgp_options_dump(g));
            wgp_choose_index(g, i);
        } else if (wgp_find(g, "keep") >= 0 && strstr(wgp_decision(g), "event")) {
            wgp_choose(g, "keep");
        } else {
            wgp_choose(g, "pass");
        }
    }
    ck_assert(is_over(g));
}

/* The totals of the initiative event at or after from: "SIDE wins the initiative (W against L)". */
static void initiative_totals(wg_game *g, size_t from, const char *side, int *won, int *lost)
{
    char needle[64];
    snprintf(needle, sizeof needle, "%s wins the initiative (", side);
    long i = event_at(g, from, needle);
    const char *t = strstr(wgp_event(g, (size_t)i, WG_VIEW_REFEREE), "(");
    ck_assert_int_eq(sscanf(t, "(%d against %d)", won, lost), 2);
}

/* Checks that the initiative dice offer exactly the untied pairs for the SV aa_sv and f_sv, each with
   the same weight. */
static void assert_initiative_pairs(wg_game *g, int aa_sv, int f_sv)
{
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    ck_assert_msg(strstr(wgp_decision(g), "initiative dice"), "%s", wgp_decision(g));
    size_t untied = 0;
    for (int a = 1; a <= 6; a++)
        for (int f = 1; f <= 6; f++) {
            char lab[32];
            snprintf(lab, sizeof lab, "dice AA %d, F %d", a, f);
            int tie = a + aa_sv == f + f_sv;
            ck_assert_msg((wgp_find(g, lab) >= 0) == !tie, "%s (tie %d): %s", lab, tie, wgp_options_dump(g));
            untied += !tie;
        }
    ck_assert_uint_eq(wgp_option_count(g), untied);
    uint64_t w0 = 0, t0 = 0;
    ck_assert_int_eq(wg_game_option_weight(&w0, &t0, g, 0), WG_OK);
    for (size_t i = 0; i < untied; i++) {
        uint64_t w = 0, t = 0;
        ck_assert_int_eq(wg_game_option_weight(&w, &t, g, i), WG_OK);
        ck_assert(w == w0 && t == t0);
        ck_assert(w * untied == t);
    }
}

/* ---- initiative ---- */

/* LM-INIT-01, LM-INIT-02, LM-INIT-04, LM-DICE-01 (§3, §5, §1.4): each side rolls 1d6 and adds his
   commander in chief's SV; a tie is rolled again, so the chance decision offers only the untied pairs,
   each equally likely.  With both SV 2: AA 3, F 5 gives the French 7 against 5.  With Wellesley at SV 4
   (a pack edit) the pairs where AA's die is two less than the French die are ties, and AA 1, F 2 gives
   AA 5 against 4.  The winner takes the first operation. */
START_TEST(test_initiative_dice_and_sv)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 1, NULL);
    assert_initiative_pairs(g, 2, 2);
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "dice AA 3, F 5");
    int won = 0, lost = 0;
    initiative_totals(g, n0, "French", &won, &lost);
    ck_assert_int_eq(won, 7);
    ck_assert_int_eq(lost, 5);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", NULL});
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_msg(strstr(wgp_decision(g), "French: choose an operation"), "%s", wgp_decision(g));
    wg_game_free(g);

    char *pack = pack_edit("1808", "unit AA cdr Wellesley sv=2 cic at=Obidos",
                           "unit AA cdr Wellesley sv=4 cic at=Obidos",
                           (const char *)NULL);
    g = game_from(ctx, "1808", pack);
    assert_initiative_pairs(g, 4, 2);
    n0 = wgp_event_count(g);
    wgp_choose(g, "dice AA 1, F 2");
    initiative_totals(g, n0, "Anglo-Allied", &won, &lost);
    ck_assert_int_eq(won, 5);
    ck_assert_int_eq(lost, 4);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", NULL});
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: choose an operation"), "%s", wgp_decision(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* AA has turn 1's initiative; Delaborde (boxes given) stands in Obidos with the Anglo-Allied army;
   phase B played (both keep Genie). */
static wg_game *obidos_fight(wg_ctx *ctx, const char *delaborde_boxes)
{
    char line[96];
    snprintf(line, sizeof line, "unit F inf Delaborde mp=6 boxes=%s at=Obidos", delaborde_boxes);
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           "unit F inf Delaborde mp=6 boxes=2,3,3,4 at=\"Zone A\"", line, (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", NULL});
    return g;
}

/* The whole Anglo-Allied army attacks Delaborde (2 boxes) in Obidos and eliminates him; 1st/2nd
   takes the Anglo-Allied loss; Wellesley's elimination test is left to the caller (2d6). */
static void obidos_combat(wg_game *g)
{
    choose_all(g, (const char *const[]){"attack in Obidos", "stack formed", "0 artillery", "head unit 1st/2nd",
                                        "head unit Delaborde", "roll 6", "roll 1", "loss on 1st/2nd",
                                        "loss on Delaborde", "loss on Delaborde", NULL});
    ck_assert_msg(strstr(wgp_decision(g), "commander elimination dice"), "%s", wgp_options_dump(g));
}

/* LM-INIT-03, LM-INIT-02, LM-DICE-01 (§3, §1.4): Wellesley is eliminated in turn 1 (2d6: the eleven
   sums 2..12, weighted 1..6..1 out of 36); on turn 2 the Anglo-Allied die counts alone: the ties are
   now the pairs where his die is two more than the French one, and AA 4, F 1 gives AA 4 against 3. */
START_TEST(test_initiative_without_commander_in_chief)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = obidos_fight(ctx, "2,3");
    obidos_combat(g);
    ck_assert_uint_eq(wgp_option_count(g), 11);
    for (int sum = 2; sum <= 12; sum++) {
        char lab[16];
        snprintf(lab, sizeof lab, "roll %d", sum);
        long i = -1;
        for (size_t k = 0; k < wgp_option_count(g); k++)
            if (strcmp(wgp_label(g, k), lab) == 0)
                i = (long)k;
        ck_assert_msg(i >= 0, "%s: %s", lab, wgp_options_dump(g));
        uint64_t w = 0, t = 0;
        ck_assert_int_eq(wg_game_option_weight(&w, &t, g, (size_t)i), WG_OK);
        uint64_t ways = (uint64_t)(sum <= 7 ? sum - 1 : 13 - sum);
        ck_assert_msg(w * 36 == ways * t, "%s: %llu/%llu", lab, (unsigned long long)w, (unsigned long long)t);
    }
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "roll 12");
    assert_event(g, n0, "Wellesley elimination test: 2d6 12: eliminated");
    choose_all(g, (const char *const[]){"pass", "pass", NULL});
    assert_event(g, n0, "turn 2 begins");
    assert_initiative_pairs(g, 0, 2);
    n0 = wgp_event_count(g);
    wgp_choose(g, "dice AA 4, F 1");
    int won = 0, lost = 0;
    initiative_totals(g, n0, "Anglo-Allied", &won, &lost);
    ck_assert_int_eq(won, 4);
    ck_assert_int_eq(lost, 3);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- the sequence of play ---- */

/* LM-SEQ-01, LM-SEQ-02, LM-SEQ-03 (§2, §5): turn 1 runs initiative (the French win it), the events
   draws, then the operations, the French first: every operation offered is a move, a disengagement,
   a combat or a pass (with the free fleet and decoy options); the sides alternate; a single pass
   does not end the phase (an operation follows it), two passes in a row do, and the turn after it
   begins with its initiative. */
START_TEST(test_phases_and_alternation)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = wgp_new(ctx, "marechaux", "1808", NULL, 1, NULL);
    assert_describe_has(g, WG_VIEW_REFEREE, "phase A initiative");
    wgp_choose(g, "dice AA 1, F 6");
    assert_describe_has(g, WG_VIEW_REFEREE, "phase B events");
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: event draw"), "%s", wgp_decision(g));
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", NULL});
    assert_describe_has(g, WG_VIEW_REFEREE, "phase C operations");
    long t1 = event_at(g, 0, "turn 1 begins");
    long ini = event_at(g, 0, "French wins the initiative");
    long draw = event_at(g, 0, "Anglo-Allied draws the event");
    ck_assert(t1 < ini && ini < draw);
    /* the French operation first; every option is one kind of operation */
    ck_assert_int_eq(wgp_decider(g), 1);
    static const char *const kinds[] = {"pass", "move a stack from ", "disengage a stack from ", "attack in ",
                                        "add a decoy in ", "remove a decoy", "fleet to ", "play "};
    for (size_t i = 0; i < wgp_option_count(g); i++) {
        int ok = 0;
        for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
            ok |= strncmp(wgp_label(g, i), kinds[k], strlen(kinds[k])) == 0;
        ck_assert_msg(ok, "%s", wgp_options_dump(g));
    }
    ck_assert_int_eq(wgp_find(g, "pass"), 0);
    /* F moves, AA passes, F moves again: the phase goes on */
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "move a stack from Lisbonne");
    form_only(g, "Charlot");
    wgp_choose(g, "go to Sintra");
    draw_zero_fatigue(g);
    wgp_choose(g, "stop");
    ck_assert_int_eq(wgp_decider(g), 0);
    wgp_choose(g, "pass");
    assert_describe_has(g, WG_VIEW_REFEREE, "consecutive passes 1");
    ck_assert_int_eq(wgp_decider(g), 1);
    wgp_choose(g, "move a stack from Lisbonne");
    form_only(g, "3rd dragon");
    wgp_choose(g, "go to Loures");
    draw_zero_fatigue(g);
    wgp_choose(g, "stop");
    assert_describe_has(g, WG_VIEW_REFEREE, "consecutive passes 0");
    assert_no_event(g, n0, "both players passed");
    ck_assert_int_eq(wgp_decider(g), 0);
    wgp_choose(g, "pass");
    ck_assert_int_eq(wgp_decider(g), 1);
    assert_no_event(g, n0, "both players passed");
    long p2 = (long)wgp_event_count(g);
    wgp_choose(g, "pass");
    long end = event_at(g, (size_t)p2, "both players passed: the operations phase ends");
    long t2 = event_at(g, (size_t)p2, "turn 2 begins");
    ck_assert(end < t2);
    assert_describe_has(g, WG_VIEW_REFEREE, "turn 2 of 8 (August 17), phase A initiative");
    ck_assert_msg(strstr(wgp_decision(g), "initiative dice"), "%s", wgp_decision(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-SEQ-04, LM-SEQ-05 (§5, PD-25): Trant, alone in Peniche, moves and stops there at once: he is
   activated ("activated" in the view) and Peniche offers no stack any more; the request is refused
   with LM-SEQ-04.  Once the army of Obidos has moved too, the Anglo-Allied player can only pass (his
   free decoy options aside). */
START_TEST(test_activated_units_and_forced_pass)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           "unit AA inf Trant mp=6 boxes=2,2,3 at=Obidos",
                           "unit AA inf Trant mp=6 boxes=2,2,3 at=Peniche",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", NULL});
    long mi = wgp_find(g, "move a stack from Peniche");
    ck_assert_int_ge(mi, 0);
    uint64_t move_peniche = 0;
    ck_assert_int_eq(wg_game_option_action(&move_peniche, g, (size_t)mi), WG_OK);
    wgp_choose(g, "move a stack from Peniche");
    wgp_choose(g, "stack formed");
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE); /* away from Wellesley: a command test */
    wgp_choose(g, "roll 6");
    wgp_choose(g, "stop");
    assert_describe_has(g, WG_VIEW_REFEREE, "Trant (infantry 3/3, activated)");
    wgp_choose(g, "pass"); /* French */
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(wgp_find(g, "move a stack from Peniche") < 0, "%s", wgp_options_dump(g));
    ck_assert_int_eq(wgp_refused(g, move_peniche), WG_EILLEGAL);
    ck_assert_msg(strstr(wg_game_errmsg(g), "LM-SEQ-04") != NULL, "%s", wg_game_errmsg(g));
    /* the army of Obidos moves as a whole and stops at once */
    wgp_choose(g, "move a stack from Obidos");
    wgp_choose(g, "stack formed");
    wgp_choose(g, "stop");
    wgp_choose(g, "pass"); /* French */
    ck_assert_int_eq(wgp_decider(g), 0);
    for (size_t i = 0; i < wgp_option_count(g); i++)
        ck_assert_msg(strcmp(wgp_label(g, i), "pass") == 0 || strncmp(wgp_label(g, i), "add a decoy", 11) == 0 ||
                          strncmp(wgp_label(g, i), "remove a decoy", 14) == 0,
                      "%s", wgp_options_dump(g));
    ck_assert_int_ge(wgp_find(g, "pass"), 0);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-SEQ-07 (§5.1, §5.3): a failed command test (the Artillerie A alone: die 1, total 2) activates
   the stack without moving it and the Anglo-Allied player takes the next operation; a failed
   disengagement (Trant from Obidos, where Delaborde stands: die 6) leaves Trant in Obidos, activated,
   and the French take the next operation. */
START_TEST(test_failed_tests_use_the_operation)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 F 0",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "move a stack from Zone A", NULL});
    form_only(g, "Artillerie A");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "roll 1");
    assert_event(g, n0, "French command test: die 1, total 2: activated, does nothing");
    assert_no_event(g, n0, "stack moves");
    assert_describe_has(g, WG_VIEW_REFEREE, "Artillerie A (artillery, activated)");
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(strstr(wgp_decision(g), "Anglo-Allied: choose an operation"), "%s", wgp_decision(g));
    wg_game_free(g);

    g = obidos_fight(ctx, "2,3,3,4");
    wgp_choose(g, "disengage a stack from Obidos");
    form_only(g, "Trant");
    wgp_choose(g, "keep them secret"); /* French, first */
    wgp_choose(g, "keep them secret");
    n0 = wgp_event_count(g);
    wgp_choose(g, "roll 6");
    assert_event(g, n0, "Anglo-Allied disengagement: die 6, total 7: failure");
    assert_no_event(g, n0, "stack moves");
    assert_describe_has(g, WG_VIEW_REFEREE, "Trant (infantry 3/3, activated)");
    char buf[1024];
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    const char *ob = strstr(d, "Obidos:");
    ck_assert_ptr_nonnull(ob);
    snprintf(buf, sizeof buf, "%.*s", (int)strcspn(ob, "\n"), ob);
    ck_assert_msg(strstr(buf, "Trant"), "%s", buf);
    ck_assert_int_eq(wgp_decider(g), 1);
    ck_assert_msg(strstr(wgp_decision(g), "French: choose an operation"), "%s", wgp_decision(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-SEQ-08 (§10.2, §5.3, §5.4): in one operation Trant disengages from Obidos (die 1, a success) and
   moves on (Obidos -> Peniche, no command test in Wellesley's zone); the French take the next
   operation. */
START_TEST(test_disengagement_then_movement)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = obidos_fight(ctx, "2,3,3,4");
    wgp_choose(g, "disengage a stack from Obidos");
    form_only(g, "Trant");
    wgp_choose(g, "keep them secret"); /* French, first */
    wgp_choose(g, "keep them secret");
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "roll 1");
    assert_event(g, n0, "Anglo-Allied disengagement: die 1, total 2: success");
    /* in Wellesley's zone: no command test; the movement decision of the same operation */
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(strstr(wgp_decision(g), "move: next connection"), "%s", wgp_options_dump(g));
    ck_assert_msg(wgp_find(g, "go to Peniche") >= 0, "%s", wgp_options_dump(g));
    wgp_choose(g, "go to Peniche");
    assert_event(g, n0, "Anglo-Allied stack moves Obidos -> Peniche");
    draw_zero_fatigue(g);
    wgp_choose(g, "stop");
    char buf[1024];
    const char *d = wgp_describe(g, WG_VIEW_REFEREE);
    const char *pe = strstr(d, "Peniche:");
    ck_assert_ptr_nonnull(pe);
    snprintf(buf, sizeof buf, "%.*s", (int)strcspn(pe, "\n"), pe);
    ck_assert_msg(strstr(buf, "Trant (infantry 3/3, activated)"), "%s", buf);
    ck_assert_int_eq(wgp_decider(g), 1);
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* LM-DICE-02, LM-DICE-01 (§1.4, §5.1): the Artillerie A (5 MP) alone passes its command test with
   half its MP (die 2, total 3): 2.5 rounded up, 3 MP: three 1-MP connections (Torres Vedras, Sobral,
   Loures) and no further one.  The command die offers its six faces, each 1 out of 6. */
START_TEST(test_half_mp_rounded_up)
{
    wg_ctx *ctx = new_ctx();
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 F 0",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    choose_all(g, (const char *const[]){"Genie", "keep", "Genie", "keep", "move a stack from Zone A", NULL});
    form_only(g, "Artillerie A");
    ck_assert_uint_eq(wgp_option_count(g), 6);
    for (size_t i = 0; i < 6; i++) {
        char lab[16];
        snprintf(lab, sizeof lab, "roll %zu", i + 1);
        ck_assert_str_eq(wgp_label(g, i), lab);
        uint64_t w = 0, t = 0;
        ck_assert_int_eq(wg_game_option_weight(&w, &t, g, i), WG_OK);
        ck_assert(w * 6 == t);
    }
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "roll 2");
    assert_event(g, n0, "French command test: die 2, total 3: half MP");
    static const char *const legs[] = {"go to Torres Vedras (1 MP)", "go to Sobral (1 MP)", "go to Loures (1 MP)"};
    for (int k = 0; k < 3; k++) {
        ck_assert_msg(wgp_find(g, legs[k]) >= 0, "%s", wgp_options_dump(g));
        wgp_choose(g, legs[k]);
        draw_zero_fatigue(g);
    }
    assert_describe_has(g, 1, "moving stack: PM 3 MP spent in Loures");
    ck_assert_msg(wgp_find(g, "go to") < 0, "%s", wgp_options_dump(g));
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- administration ---- */

/* LM-ADMIN-01, LM-ADMIN-02 (§6): after the combat of turn 1 the Anglo-Allied units carry "a combattu"
   and Trant, moved to Peniche, is activated.  Phase D removes the markers, tests no recuperation for
   1st/2nd (it fought this turn, GAP-18), turns every unit available and moves the turn on: turn 2 of
   August 17 shows no marker and Trant can move again.  At the end of turn 2 (no combat, 1st/2nd not
   activated) 1st/2nd tests recuperation (die 3 against morale 3: a box back) before turn 3 begins. */
START_TEST(test_administrative_phase)
{
    wg_ctx *ctx = new_ctx();
    wg_game *g = obidos_fight(ctx, "2,3");
    obidos_combat(g);
    wgp_choose(g, "roll 2"); /* Wellesley survives */
    assert_describe_has(g, WG_VIEW_REFEREE, "a combattu");
    wgp_choose(g, "pass"); /* French */
    wgp_choose(g, "move a stack from Obidos");
    form_only(g, "Trant");
    draw_zero_fatigue(g); /* the markers of the combat (GAP-34) */
    wgp_choose(g, "go to Peniche");
    draw_zero_fatigue(g);
    wgp_choose(g, "stop");
    assert_describe_has(g, WG_VIEW_REFEREE, "Trant (infantry 3/3, activated)");
    assert_describe_has(g, WG_VIEW_REFEREE, "1st/2nd (infantry 3/4");
    wgp_choose(g, "pass"); /* French */
    ck_assert_msg(wgp_find(g, "move a stack from Peniche") < 0, "%s", wgp_options_dump(g));
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "pass");
    /* phase D of turn 1: no die (1st/2nd fought), then turn 2 */
    assert_event(g, n0, "both players passed");
    assert_no_event(g, n0, "recuperation");
    assert_event(g, n0, "turn 2 begins");
    assert_describe_has(g, WG_VIEW_REFEREE, "turn 2 of 8 (August 17)");
    assert_describe_lacks(g, WG_VIEW_REFEREE, "a combattu");
    assert_describe_lacks(g, WG_VIEW_REFEREE, "activated");
    assert_describe_has(g, WG_VIEW_REFEREE, "1st/2nd (infantry 3/4)");
    choose_all(g, (const char *const[]){"dice AA 6, F 1", "Rifles", "keep", "Elan", "keep", NULL});
    ck_assert_int_eq(wgp_decider(g), 0);
    ck_assert_msg(wgp_find(g, "move a stack from Peniche") >= 0, "%s", wgp_options_dump(g));
    n0 = wgp_event_count(g);
    choose_all(g, (const char *const[]){"pass", "pass", NULL});
    /* phase D of turn 2: the recuperation die of 1st/2nd */
    ck_assert_int_eq(wgp_decider(g), WG_PLAYER_CHANCE);
    ck_assert_msg(strstr(wgp_decision(g), "recuperation"), "%s", wgp_decision(g));
    assert_no_event(g, n0, "turn 3 begins");
    wgp_choose(g, "roll 3");
    long rec = event_at(g, n0, "recuperation of 1st/2nd: die 3, success");
    long t3 = event_at(g, n0, "turn 3 begins");
    ck_assert(rec < t3);
    assert_describe_has(g, WG_VIEW_REFEREE, "turn 3 of 8 (August 18)");
    assert_describe_has(g, WG_VIEW_REFEREE, "1st/2nd (infantry 4/4)");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- the end of the game ---- */

/* LM-SEQ-09, LM-SCEN1808-01, LM-SCEN1809-01 (§8.1.1, §8.2.1, §9 Burrard): played with passes, 1808
   lasts 8 turns, its last turn August 23, and 1809 12 turns, its last May 19; the game is over after
   the last turn's phase D, no turn after it.  Burrard, drawn on turn 1 and not returned, is played
   at once and the game ends with that turn, its points counted. */
START_TEST(test_game_length)
{
    wg_ctx *ctx = new_ctx();
    const char *sc[2] = {"1808", "1809"};
    const char *last[2] = {"turn 8 of 8 (August 23)", "turn 12 of 12 (May 19)"};
    const char *beyond[2] = {"turn 9 begins", "turn 13 begins"};
    const char *final[2] = {"turn 8 begins", "turn 12 begins"};
    for (int k = 0; k < 2; k++) {
        wg_game *g = wgp_new(ctx, "marechaux", sc[k], NULL, 1, NULL);
        if (k == 1)
            wgp_choose(g, "historical placement");
        pass_to_the_end(g);
        assert_event(g, 0, final[k]);
        assert_no_event(g, 0, beyond[k]);
        assert_event(g, 0, "game over");
        assert_describe_has(g, WG_VIEW_REFEREE, last[k]);
        int turn = 0;
        ck_assert_int_eq(wg_game_turn(&turn, g), WG_OK);
        ck_assert_int_eq(turn, k == 0 ? 8 : 12);
        ck_assert_int_eq(wgp_decider(g), WG_PLAYER_NONE);
        wg_game_free(g);
    }
    /* Burrard */
    char *pack = pack_edit("1808", "scenario 1808 8 August 16 6 3 2 roll 0", "scenario 1808 8 August 16 6 3 2 AA 0",
                           (const char *)NULL);
    wg_game *g = game_from(ctx, "1808", pack);
    wgp_choose(g, "Burrard");
    wgp_choose(g, "keep or play");
    assert_event(g, 0, "Anglo-Allied plays Burrard");
    ck_assert(!is_over(g));
    choose_all(g, (const char *const[]){"Genie", "keep", "pass", NULL});
    ck_assert(!is_over(g));
    size_t n0 = wgp_event_count(g);
    wgp_choose(g, "pass");
    ck_assert(is_over(g));
    long ends = event_at(g, n0, "both players passed");
    long over = event_at(g, n0, "game over: Anglo-Allied 1 VP, French 6 VP");
    ck_assert(ends < over);
    assert_no_event(g, 0, "turn 2 begins");
    wg_game_free(g);
    wg_ctx_free(ctx);
}
END_TEST

/* ---- suite ---- */

static Suite *suite(void)
{
    Suite *s = suite_create("marechaux_turn");
    TCase *tc = tcase_create("turn");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_initiative_dice_and_sv);
    tcase_add_test(tc, test_initiative_without_commander_in_chief);
    tcase_add_test(tc, test_phases_and_alternation);
    tcase_add_test(tc, test_activated_units_and_forced_pass);
    tcase_add_test(tc, test_failed_tests_use_the_operation);
    tcase_add_test(tc, test_disengagement_then_movement);
    tcase_add_test(tc, test_half_mp_rounded_up);
    tcase_add_test(tc, test_administrative_phase);
    tcase_add_test(tc, test_game_length);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return wgt_run(suite());
}

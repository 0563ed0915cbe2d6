/* Commands & Colors: Napoleonics with Expansion #5 "Generals, Marshals & Tacticians": internal
 * interfaces of the ruleset `ccn` (doc/ccn.md, doc/ccn-data.md).
 *
 * The base system is code; every number the rulebook does not print comes from the data documents
 * (base pack, decks, map, scenario).  Files:
 *   ccn_data.c    loaders of the base pack, the decks and the scenario (kinds ccn-base, ccn-cards, ccn)
 *   ccn_query.c   questions about the state: sections, occupancy, dice, line of sight, reach
 *   ccn_turn.c    the turn as decisions: card, orders, movement, combat, retreats, draws, flags
 *   ccn_view.c    per-viewer texts, pieces, typed attributes, space names
 *   ccn_odds.c    exact odds of an attack (enumeration over the dice) and the dice parameters
 *   ccn_ops.c     set-up, determinization and the ops table
 */
#ifndef WG_CCN_H
#define WG_CCN_H

#include "internal.h"

extern const wg_ruleset_ops wg__ccn_ops;

#include "embedded.h"

/* ---------------------------------------------------------------- sizes */
#define CCN_COLS 13
#define CCN_ROWS 9
#define CCN_NHEX (CCN_COLS * CCN_ROWS)
#define CCN_MAXU 96     /* units, Leaders and Garrisons on both sides */
#define CCN_MAXDEF 160  /* unit rows of the base pack */
#define CCN_MAXNAT 12   /* nations */
#define CCN_MAXTER 24   /* terrain rows */
#define CCN_MAXCARD 48  /* card kinds of one deck */
#define CCN_MAXOBJ 24   /* objectives of a scenario */
#define CCN_MAXEXIT 4   /* exit rules of a scenario */
#define CCN_MAXOBJHEX 24
#define CCN_NAMELEN 40
#define CCN_MAXDICE 16  /* dice of one roll (a roll packs 5 bits per symbol; weights stay below 2^63) */
#define CCN_MAXHAND 99  /* cards of one kind in a hand or a deck */

enum { CCN_COAL = 0, CCN_FR = 1 };
enum { CCN_INF = 0, CCN_CAV = 1, CCN_ART = 2, CCN_LEADER = 3 };
/* die symbols */
enum { CCN_F_INF = 0, CCN_F_CAV = 1, CCN_F_ART = 2, CCN_F_SABER = 3, CCN_F_FLAG = 4, CCN_NSYM = 5 };
/* icon classes (CCN-UNITS-03..07) */
enum { CCN_CL_LINE, CCN_CL_LIGHT, CCN_CL_GREN, CCN_CL_LCAV, CCN_CL_HCAV, CCN_CL_FART, CCN_CL_HART, CCN_NCLASS };

/* unit row abilities */
#define CCN_AB_RETIRE 0x01u
#define CCN_AB_NOSABERS 0x02u
#define CCN_AB_LANCER 0x04u
#define CCN_AB_MLANCER 0x08u
#define CCN_AB_ROCKET 0x10u
#define CCN_AB_CUIRASSIER 0x20u
#define CCN_AB_COSSACK 0x40u
#define CCN_AB_GUARD 0x80u

typedef struct ccn_unitdef {
    char nation[CCN_NAMELEN], type[CCN_NAMELEN], code[8];
    int8_t nat;
    uint8_t arm, cls, blocks, move, dash, range;
    int8_t fire, firemove; /* firemove: 1 up, -1 down, 0 no fire after moving */
    int8_t firemovebonus, melee, meleeinf, meleefixed;
    uint8_t artdice[6], artdice1[6], nart; /* by distance 2.. */
    uint8_t retreat, retreat1, ignore;
    uint8_t abil;
    uint8_t src;
} ccn_unitdef;

/* dice changes by the battling unit's arm */
typedef struct ccn_terrain {
    char name[CCN_NAMELEN];
    uint8_t stop, ban; /* ban: bit per arm (CCN_INF.. CCN_LEADER) */
    uint8_t nobattle;  /* 0 none, 1 all, 2 all but light infantry */
    uint8_t block_los, hill, square, building, nocharge, ignore;
    int8_t in_melee[3], in_ranged[3], out_melee[3], out_ranged[3];
    uint8_t src;
} ccn_terrain;

typedef struct ccn_fort {
    int present;
    uint8_t stop, nosquare;
    int8_t in_melee[3], in_ranged[3], out_melee[3], out_ranged[3];
    uint8_t ignore[3];
} ccn_fort;

/* card effects */
#define CCN_CF_PERSECTION 0x0001u
#define CCN_CF_COMMAND 0x0002u /* units equal to the command */
#define CCN_CF_RESHUFFLE 0x0004u
#define CCN_CF_SCOUT 0x0008u
#define CCN_CF_TAKECMD 0x0010u
#define CCN_CF_LEADERS 0x0020u
#define CCN_CF_NOMOVE 0x0040u
#define CCN_CF_ANYSEC 0x0080u
#define CCN_CF_MELEEONLY 0x0100u /* the units it orders may battle in melee only */

enum { CCN_W_NONE, CCN_W_REFORM, CCN_W_ORDERS, CCN_W_MOVE, CCN_W_COMBAT, CCN_W_REACT_CAV, CCN_W_REACT_MELEE,
       CCN_W_REACT_RANGED, CCN_W_END };

typedef struct ccn_card {
    char name[CCN_NAMELEN];
    uint8_t count;
    uint8_t sections; /* bit 0 left, 1 centre, 2 right (the player's own) */
    uint8_t units;
    uint8_t arms; /* bit per arm; 0 = any */
    uint8_t move, dash;
    int8_t melee, ranged;
    uint8_t draw; /* 0 none, 1 self, 2 both */
    uint16_t flags;
    uint8_t window, code, src;
    uint8_t target; /* Tactician: 0 any unit, 1 infantry, 2 cavalry, 3 artillery, 4 light infantry, 5 Leader */
    uint8_t ignore, reroll;
} ccn_card;

/* Tactician card codes (the effects implemented from the rulebook's text) */
enum { CCN_C_NONE, CCN_C_CIC, CCN_C_IFL, CCN_C_LUR, CCN_C_LIS, CCN_C_SAPPERS, CCN_C_CAPABLE, CCN_C_FIRST,
       CCN_C_SUPPLY };

enum { CCN_OBJ_OCCUPY, CCN_OBJ_EACH, CCN_OBJ_ALL, CCN_OBJ_MAJORITY, CCN_OBJ_NONE, CCN_OBJ_FEWERFULL };

typedef struct ccn_objective {
    char name[CCN_NAMELEN];
    int8_t side; /* 0, 1, or -1 any */
    uint8_t perm, sot, test, count, start;
    int8_t startside; /* who holds the start= flags */
    uint8_t flags[2]; /* flags to player 0 / 1 */
    uint8_t nhex;
    uint8_t hex[CCN_MAXOBJHEX];
} ccn_objective;

typedef struct ccn_exit {
    char name[CCN_NAMELEN];
    int8_t side;
    uint8_t who; /* 0 any, 1 cavalry, 2 cavalry and Leaders */
    uint8_t per; /* 0 block, 1 unit, 2 two units */
    uint8_t ordered, nocossack, nhex;
    uint8_t hex[CCN_MAXOBJHEX];
} ccn_exit;

typedef struct ccn_sudden {
    char name[CCN_NAMELEN];
    int8_t side, by;
    uint8_t occupy; /* 0: `elim` enemy units of `arms` eliminated; 1: a unit of `by` on `hex` */
    uint8_t elim, arms, nocossack, hex, sot;
} ccn_sudden;

typedef struct ccn_sideinfo {
    char name[CCN_NAMELEN], commander[CCN_NAMELEN];
    uint8_t cards, tactician, ironwill, edge; /* edge: 0 top, 1 bottom */
    int8_t ironwill_nat;
} ccn_sideinfo;

/* game options (ccn_ops.c, doc/ccn.md "Options") */
enum { CCN_O_DECK, CCN_O_LANCER, CCN_O_SAPPERS, CCN_O_COMPONENTS, CCN_O_CAPABLE, CCN_O_LINDENAU, CCN_O_OCCUPATION,
       CCN_NOPT };
/* the Garrison markers of the box (CCN-UNITS-13), with components=physical */
#define CCN_GARRISON_MARKERS 8

typedef struct ccn_setunit {
    int8_t side, leader;
    uint8_t def, hex, blocks;
    char name[CCN_NAMELEN];
} ccn_setunit;

/* Shared read-only data of a game (the documents loaded), refcounted. */
typedef struct ccn_rdata {
    wg_refcount refs;
    wg_ctx *ctx;
    /* base pack */
    uint8_t die[6]; /* symbol of each face */
    uint8_t mult[CCN_NSYM]; /* faces showing each symbol */
    int nnat;
    char nat[CCN_MAXNAT][CCN_NAMELEN];
    char natprefix[CCN_MAXNAT][4];
    char natcolour[CCN_MAXNAT][24]; /* the colour of its blocks (CCN-UNITS-12); "" when not given */
    int ndef;
    ccn_unitdef def[CCN_MAXDEF];
    int nter;
    ccn_terrain ter[CCN_MAXTER];
    ccn_fort fort;
    /* decks */
    int norder, ntac;
    ccn_card order[CCN_MAXCARD], tac[CCN_MAXCARD];
    char order_title[128], tac_title[128];
    int order_total, tac_total;
    /* board */
    uint8_t hter[CCN_NHEX]; /* index into ter; 255 off board */
    uint8_t hsec[CCN_NHEX]; /* bit 0 west, 1 centre, 2 east */
    uint8_t hfort[CCN_NHEX]; /* bit per direction: the hexside is fortified */
    char hname[CCN_NHEX][CCN_NAMELEN]; /* place names */
    char map_title[80];
    /* scenario */
    char sid[8], stitle[80];
    ccn_sideinfo side[2];
    int first, victory;
    int nset;
    ccn_setunit set[CCN_MAXU];
    int nobj;
    ccn_objective obj[CCN_MAXOBJ];
    int nexit;
    ccn_exit exit[CCN_MAXEXIT];
    int nsudden;
    ccn_sudden sudden[2];
    uint8_t scoring_blocks, recruits[2], mother_russia[2], reinforce_side, reinforce_hex, have_reinforce;
    /* provenance: which documents are the bundled provisional ones */
    uint8_t prov_base, prov_orders, prov_tac, prov_map, prov_scen;
    uint8_t deck75;
    /* the Leader casualty check (base pack `leader-casualty`) */
    uint8_t lc_dice_hit, lc_sabers_hit, lc_dice_elim, lc_sabers_elim;
    /* the base rules the pack switches on (CCN-BASE-32 [fan]): Combined Arms, cavalry breakthrough
       (the hexes it may go on after taking ground), squares (the Order cards a player must hold to form
       one, the dice of the cavalry and of the square in their melee) */
    uint8_t ca_on, bt_on, bt_hexes, sq_on, sq_minhand, sq_cavdice, sq_dice;
    uint8_t opt[CCN_NOPT]; /* the game options (the value's index, 0 the default) */
} ccn_rdata;

/* ---------------------------------------------------------------- state (POD) */
#define CCN_UF_ORDERED 0x01u
#define CCN_UF_MOVED 0x02u   /* moved this turn (any distance) */
#define CCN_UF_BATTLED 0x04u /* has fought this turn */
#define CCN_UF_NOBATTLE 0x08u /* may not battle this turn (dash, terrain) */
#define CCN_UF_LEADER 0x10u
#define CCN_UF_GARRISON 0x20u
#define CCN_UF_EXITED 0x40u  /* left the battlefield by a scenario's exit */
#define CCN_UF_VIALEADER 0x80u /* ordered with the Take Command Leader attached to it (CCN-TAKECMD-03) */

typedef struct ccn_unit {
    int8_t side;
    int8_t hex;     /* -1: not on the board (eliminated, exited) */
    uint8_t def;    /* unit row (not for Leaders) */
    uint8_t blocks, maxblocks;
    uint8_t flags;
    uint8_t moved;  /* hexes moved this turn */
    uint8_t from;   /* hex at the start of the turn */
    uint8_t set;    /* index of the set-up record (names) */
    uint8_t tcard;  /* the Tactician card played on it this turn, kind + 1 (0: none; CCN-TACTICIAN-07) */
    uint8_t square; /* in square: the Order card on its Square track, kind + 1 (0: not in square) */
    uint16_t id;
} ccn_unit;

/* stages */
enum {
    CCN_S_CARD,     /* the active player plays an Order card */
    CCN_S_ORDER,    /* orders units */
    CCN_S_MOVESEL,  /* picks the next unit to move, or ends movement */
    CCN_S_MOVE,     /* destination of the selected unit */
    CCN_S_BATTLE,   /* picks the next combat, or ends combat */
    CCN_S_ROLL,     /* chance: the dice of a combat */
    CCN_S_REROLL,   /* chance: the Lancer's re-roll of its flags */
    CCN_S_LCAS,     /* chance: the casualty check of a Leader attached to the unit hit */
    CCN_S_IGNORE,   /* the owner of the unit hit: how many flags to ignore */
    CCN_S_RETREAT,  /* the owner: the next hex of the retreat */
    CCN_S_LRETREAT, /* the owner of a lone Leader: where it retreats (1-3 hexes) */
    CCN_S_ADVANCE,  /* the attacker: take ground or not */
    CCN_S_REFORM,   /* chance: the Leader Unit Reform roll */
    CCN_S_REACT,    /* the opponent's reaction window: a Tactician card answering the attack, or pass */
    CCN_S_ENDTURN,  /* the end-of-turn Tactician window (Capable Tactician, draws), or pass */
    CCN_S_DEFAULT,  /* Tactician default action: a Leader moves up to 3 hexes, or pass */
    CCN_S_DEFMOVE,  /* destination of that Leader */
    CCN_S_KEEP,     /* the drawer of a Scout card keeps one of the two cards drawn */
    CCN_S_GARRISON, /* the unit that left a building: leave a Garrison there or not */
    CCN_S_SKIRMISH, /* the skirmisher returns to its hex or stays */
    CCN_S_MRROLL,   /* chance: the Mother Russia pre-battle roll (CCN-BASE-13) */
    CCN_S_MRPLACE,  /* the Russian side allocates its results */
    CCN_S_LINDENAU, /* chance: the Lindenau reinforcement roll (S09) */
    CCN_S_REINF,    /* the French: place the reinforcement on the bridge or not */
    CCN_S_DRAW,     /* chance: the Order card drawn */
    CCN_S_TDRAW,    /* chance: a Tactician card drawn */
    CCN_S_BREAK,    /* the cavalry that took ground: the breakthrough hex, or stay (CCN-BASE-32) */
    CCN_S_BONUS,    /* that cavalry: its bonus melee, or none */
    CCN_S_SQCARD,   /* chance, seen by the square's owner: the Order card the Square track takes */
    CCN_S_REROLLQ,  /* the attacker with a re-roll card: keep the roll or re-roll its dice */
    CCN_S_OVER
};

/* the combat under way */
typedef struct ccn_combat {
    int8_t att, def;  /* units */
    uint8_t melee, back; /* melee / this is the battle back */
    uint8_t ndice;
    uint8_t roll[CCN_NSYM]; /* the symbols rolled */
    uint8_t hits, flags, selfhit, noignore;
    uint8_t ignmax, retreat_left, target_hex, retreated, eliminated;
    uint8_t losses_blocked;
    uint8_t reroll;   /* the flag dice were re-rolled */
    uint8_t lcas;     /* the Leader casualty check under way: 1 his unit hit, 2 his unit eliminated */
    int8_t lead;      /* the Leader checked */
    int8_t lr;        /* the lone Leader retreating */
    uint8_t react;    /* the Tactician card the defender answered with, kind + 1 */
    uint8_t first;    /* First Strike: 1 the defender's strike under way, 2 the attacker's after it */
    uint8_t reform;   /* the unit reforming (Leader Unit Reform) */
    int8_t react_u;   /* the unit that answered */
    uint8_t retire;   /* the defender retires and reforms */
    /* Charge if Charged (CCN-TACNOTES-01..08): 1 the attacker's roll, 2 the defender's, 3 / 4 the
       attacker's / defender's flags ignored, 5 / 6 their retreats */
    uint8_t cic;
    int8_t cic_att, cic_def;
    uint8_t cic_h, cic_f;    /* the attacker's hits and flags on the defender */
    uint8_t cic_fa, cic_fd;  /* the flags against the attacker / the defender, after ignoring */
    uint8_t cic_hex;         /* the defender's hex */
    uint8_t noblock;         /* a retreat whose blocked hexes were paid before it (CCN-TACNOTES-06) */
    uint8_t cic_aret;        /* the attacker retreated */
    uint8_t battery;         /* the Great Battery's mask (CCN-GBATTERY) */
    uint8_t ca;              /* the artillery of a Combined Arms melee, unit + 1 (CCN-DEC-23) */
    int8_t ca_att;           /* the unit it supports */
    uint8_t vrr;             /* a re-roll card on the attacker: 1 asked now, 2 asked already */
    uint8_t cic_lc;          /* Charge if Charged: the Leader checks still to roll (1 the attacker's, 2 the defender's) */
    int8_t cic_la, cic_ld;   /* the Leaders attached to the attacker / the defender */
    uint8_t bdice;           /* the Great Battery's dice */
} ccn_combat;

typedef struct ccn_state {
    uint8_t stage, active, turn_no;
    int8_t winner;
    int8_t cur;         /* unit selected (moving; Leader of the default action) */
    uint8_t card;       /* Order card played this turn */
    uint8_t ordered_n[4]; /* orders given per section (0..2) and in all (3) */
    uint8_t deflead;    /* default actions used by Leader: a bit per unit slot is too big; count */
    uint8_t tdraws;     /* Tactician draws left for this turn's draw phase */
    uint8_t tdraw_who;  /* bit p: player p still draws one */
    uint8_t card_tac;   /* Tactician card of the default action under way */
    uint8_t deal;       /* the hands are being dealt (draws before the first turn) */
    uint8_t drawer;     /* who draws in the draw stages */
    uint8_t pad1[2];
    uint16_t turns;
    int16_t vflags[2];  /* Victory Flags held */
    int16_t permflags[2];
    uint16_t next_id;
    int nunit;
    ccn_unit u[CCN_MAXU];
    ccn_combat cb;
    /* cards: counts by kind */
    uint8_t odeck[CCN_MAXCARD], odisc[CCN_MAXCARD], ohand[2][CCN_MAXCARD];
    uint8_t tdeck[CCN_MAXCARD], tdisc[CCN_MAXCARD], thand[2][CCN_MAXCARD];
    /* objectives: flags currently held by each player from each objective */
    uint8_t objheld[CCN_MAXOBJ][2];
    uint8_t objdone[CCN_MAXOBJ]; /* permanent objective won */
    uint8_t exited[2], exit_blocks[2]; /* units that left by an exit; unused */
    uint8_t ironwill[2];
    uint8_t reinf[CCN_NSYM]; /* the last Lindenau roll */
    uint8_t scout;      /* Scout draws still to make (CCN-BASE-08) */
    uint8_t sdrawn[2];  /* the Scout's two cards (kind + 1), hidden from the opponent */
    uint8_t ghex;       /* the building the unit under CCN_S_GARRISON left */
    uint8_t mr_done;    /* the Mother Russia roll was made */
    uint8_t skirmish;   /* the Light Infantry Skirmish unit + 1 (0: none this turn) */
    uint8_t mr_left[CCN_NSYM]; /* its results still to allocate */
    uint8_t bonus;      /* the cavalry of a breakthrough, unit + 1: its bonus melee (CCN-BASE-32) */
    uint8_t xfort[CCN_NHEX]; /* hexsides fortified during play (a Mother Russia saber), as rd->hfort */
} ccn_state;

#define CCN_ST(g) ((ccn_state *)(g)->state)
#define CCN_RD(g) ((const ccn_rdata *)(g)->rdata)

/* actions: type << 32 | argument */
enum {
    CCN_A_CARD = 1,   /* arg: card kind */
    CCN_A_ORDER,      /* arg: unit | section << 8 */
    CCN_A_DONE,       /* end the current step (orders, movement, combat, default action) */
    CCN_A_SELECT,     /* arg: unit */
    CCN_A_MOVETO,     /* arg: hex */
    CCN_A_STAY,
    CCN_A_ATTACK,     /* arg: attacker | target << 8 | melee << 16 */
    CCN_A_ROLL,       /* arg: packed symbol counts (4 bits each) */
    CCN_A_IGNORE,     /* arg: flags ignored */
    CCN_A_RETREAT,    /* arg: hex */
    CCN_A_ADVANCE,    /* arg: 1 take ground, 0 stay */
    CCN_A_DEFAULT,    /* arg: tactician kind | leader << 8 */
    CCN_A_DRAW,       /* arg: card kind */
    CCN_A_EXIT,       /* arg: the exit hex | exit record << 8 */
    CCN_A_PLACE,      /* arg: unit row */
    CCN_A_TAC,        /* arg: tactician kind | unit << 8 (unit 255: none) | taken kind << 16 (Capable Tactician) */
    CCN_A_PASS,       /* no card in this window */
    CCN_A_KEEP,       /* arg: which of the Scout's two cards is kept (0, 1) */
    CCN_A_RETIRE,     /* retire and reform (CCN-BASE-27) */
    CCN_A_GARRISON,   /* arg: 1 leave a Garrison, 0 not */
    CCN_A_BATTERY,    /* arg: target | mask << 8 over the Great Battery candidates (ccn_battery_list) */
    CCN_A_MR,         /* arg: unit (255: none) | hex << 8 | action << 16 (Mother Russia) */
    CCN_A_SKIRMISH,   /* arg: 1 back to the hex it left, 0 stay */
    CCN_A_ROLLF,      /* a roll of more than CCN_LIST_DICE dice: one option, the faces its parameters */
    CCN_A_SQUARE,     /* the infantry meleed by cavalry forms square (CCN-DEC-11) */
    CCN_A_SQCARD,     /* arg: the Order card kind put on the Square track */
    CCN_A_REROLLQ,    /* arg: 1 re-roll the dice (a re-roll card), 0 keep them */
};
/* An attack's argument: attacker | target << 8 | melee << 16 | (Combined Arms artillery + 1) << 17. */
#define CCN_ATK(u, t, melee, ca) ((uint32_t)(u) | (uint32_t)(t) << 8 | (uint32_t)(melee) << 16 | (uint32_t)(ca) << 17)
#define CCN_ATK_U(arg) ((int)((arg) & 0xff))
#define CCN_ATK_T(arg) ((int)(((arg) >> 8) & 0xff))
#define CCN_ATK_MELEE(arg) ((int)(((arg) >> 16) & 1))
#define CCN_ATK_CA(arg) ((int)(((arg) >> 17) & 0xff) - 1)
/* Rolls of up to this many dice list their multisets; larger ones are one option whose required
   parameters are the faces (C(12,4) = 495 options at 8 dice). */
#define CCN_LIST_DICE 8
#define CCN_ACT(t, a) (((uint64_t)(t) << 32) | (uint32_t)(a))
#define CCN_AT(a) ((int)((a) >> 32))
#define CCN_AA(a) ((uint32_t)(a))

/* events */
enum {
    CCN_E_CARD = 1,   /* a[0] player, a[1] card kind */
    CCN_E_ORDER,      /* a[0] unit */
    CCN_E_MOVE,       /* a[0] unit, a[1] from, a[2] to */
    CCN_E_ATTACK,     /* a[0] att, a[1] def, a[2] melee, a[3] dice, a[4] back */
    CCN_E_ROLL,       /* a[0..4] symbols */
    CCN_E_HITS,       /* a[0] unit, a[1] hits, a[2] blocks left */
    CCN_E_ELIM,       /* a[0] unit, a[1] flag to player */
    CCN_E_IGNORE,     /* a[0] unit, a[1] ignored, a[2] flags */
    CCN_E_RETREAT,    /* a[0] unit, a[1] from, a[2] to */
    CCN_E_BLOCKED,    /* a[0] unit: a block lost for a hex it cannot retreat into */
    CCN_E_ADVANCE,    /* a[0] unit, a[1] to */
    CCN_E_FLAG,       /* a[0] player, a[1] objective (-1: elimination), a[2] +n/-n, a[3] total */
    CCN_E_DRAW,       /* a[0] player, a[1] deck (0 order, 1 tactician), a[2] kind (visible to the drawer) */
    CCN_E_DEFAULT,    /* a[0] player, a[1] tactician kind, a[2] leader, a[3] to */
    CCN_E_TURN,       /* a[0] player, a[1] turn number */
    CCN_E_WIN,        /* a[0] player, a[1] flags */
    CCN_E_RESHUFFLE,  /* the Elan reshuffle */
    CCN_E_LEADERHIT,  /* a[0] leader eliminated */
    CCN_E_LCAS,       /* a[0..4] symbols, a[5] leader, a[6] lost */
    CCN_E_EXIT,       /* a[0] unit, a[1] hex, a[2] flags won, a[3] exit record */
    CCN_E_SUDDEN,     /* a[0] winner, a[1] sudden record */
    CCN_E_REINF,      /* a[0..4] symbols, a[5] unit placed (-1 none) */
    CCN_E_TAC,        /* a[0] player, a[1] tactician kind, a[2] unit (-1), a[3] kind taken (-1) */
    CCN_E_REFORM,     /* a[0..4] symbols, a[5] unit, a[6] blocks regained */
    CCN_E_SCOUT,      /* a[0] player, a[1] kind kept (visible to him), a[2] kind discarded */
    CCN_E_RETIRE,     /* a[0] unit */
    CCN_E_GARRISON,   /* a[0] garrison, a[1] hex, a[2] 1 placed / 0 removed by a friendly unit entering */
    CCN_E_BATTERY,    /* a[0] target, a[1] dice, a[2..7] the units (-1 after the last) */
    CCN_E_UNORDER,    /* a[0] unit: its Take Command Leader left it, it has no order */
    CCN_E_MRROLL,     /* a[0] player, a[1..5] symbols */
    CCN_E_MR,         /* a[0] player, a[1] action (symbol), a[2] unit, a[3] hex */
    CCN_E_SQUARE,     /* a[0] unit, a[1] 1 forms square / 0 leaves it / 2 eliminated in it */
    CCN_E_SQTRACK,    /* (its owner only) a[0] player, a[1] card kind, a[2] 1 onto the Square track / 0 back to the
                         hand / 2 discarded */
    CCN_E_BREAK,      /* a[0] unit, a[1] from, a[2] to: the breakthrough */
    CCN_E_REROLLED,   /* a[0] unit, a[1] dice: its re-roll card rolls them again */
};

/* ---------------------------------------------------------------- loaders (ccn_data.c) */
int ccn_load(ccn_rdata *rd, wg_ctx *ctx, const char *base, size_t nbase, const char *orders, size_t norders,
             const char *tac, size_t ntac, const char *map, size_t nmap, const char *scen, size_t nscen, char *err);
int ccn_hex_parse(const char *s); /* "E5" -> hex, -1 when not a board hex name */
void ccn_hex_name(int hex, char *out); /* 4 bytes */

/* ---------------------------------------------------------------- queries (ccn_query.c) */
int ccn_on_board(const ccn_rdata *rd, int hex);
int ccn_neighbor(int hex, int dir);
int ccn_dist(int a, int b);
int ccn_unit_at(const ccn_state *s, int hex);        /* a unit (not a Leader) at hex, -1 */
int ccn_leader_at(const ccn_state *s, int hex);      /* a Leader at hex, -1 */
int ccn_arm(const ccn_rdata *rd, const ccn_unit *u); /* CCN_INF.. CCN_LEADER */
int ccn_sections_of(const ccn_rdata *rd, int player, int hex); /* bit 0 left, 1 centre, 2 right of player */
int ccn_may_enter(const ccn_rdata *rd, const ccn_state *s, int unit, int hex); /* terrain and occupancy */
/* Who stands on each hex (the first unit and the first Leader, as ccn_unit_at and ccn_leader_at
   find them; -1 none), for searches that ask many times about one state. */
typedef struct ccn_occ {
    int8_t unit[CCN_NHEX], leader[CCN_NHEX];
} ccn_occ;
void ccn_occ_build(const ccn_state *s, ccn_occ *o);
/* ccn_may_enter with the occupancy of the state already built. */
int ccn_may_enter_occ(const ccn_rdata *rd, const ccn_state *s, const ccn_occ *occ, int unit, int hex);
int ccn_los(const ccn_rdata *rd, const ccn_state *s, int from, int to);
/* The fortified hexsides of hex (a bit per direction): the map's and those placed during play. */
int ccn_fort_sides(const ccn_rdata *rd, const ccn_state *s, int hex);
int ccn_fort_facing(const ccn_rdata *rd, const ccn_state *s, int target, int from);
int ccn_los_over(const ccn_rdata *rd, const ccn_state *s, int from, int to, int over_side);
/* Whether artillery att fires at def only over friendly pieces below its hill (CCN-BASE-24). */
int ccn_overfire(const ccn_rdata *rd, const ccn_state *s, int att, int def);
int ccn_adjacent_enemy(const ccn_state *s, int unit);
int ccn_toward_home(const ccn_rdata *rd, int player, int from, int to); /* 1 when `to` is a retreat step */
/* The dice of an attack now (0 when it may not be made); why (when non-NULL) says why not. */
int ccn_attack_dice(const ccn_rdata *rd, const ccn_state *s, int att, int def, int melee, int back, char *why,
                    size_t cap);
/* Whether artillery unit art may support unit u's melee on t with Combined Arms (CCN-BASE-32 [fan]). */
int ccn_ca_ok(const ccn_rdata *rd, const ccn_state *s, int u, int art, int t);
/* Whether attacker a and target t are a cavalry unit and a square in melee (CCN-BASE-32 [fan]). */
int ccn_square_melee(const ccn_rdata *rd, const ccn_state *s, int a, int t);
/* Scores a roll (symbol counts) of att against def: hits, flags, self-hit, whether flags are ignorable. */
void ccn_score(const ccn_rdata *rd, const ccn_state *s, int att, int def, int melee, const uint8_t *roll,
               int *hits, int *flags, int *selfhit, int *noignore);
int ccn_ignorable(const ccn_rdata *rd, const ccn_state *s, int unit, int noignore);
/* The same against an attack from hex `from` (-1: from anywhere; field works count only through
   their fortified hexsides, CCN-BASE-25). */
int ccn_ignorable_from(const ccn_rdata *rd, const ccn_state *s, int unit, int noignore, int from);
int ccn_retreat_hexes(const ccn_rdata *rd, const ccn_unit *u, int flags);
uint64_t ccn_roll_weight(const ccn_rdata *rd, const uint8_t *roll, int n);
int ccn_card_total(const uint8_t *counts, int n);

/* ---------------------------------------------------------------- turn (ccn_turn.c) */
int ccn_begin(wg_game *g);
void ccn_decision(const wg_game *g, int *player, int *kind);
int ccn_options(wg_game *g);
int ccn_apply(wg_game *g, uint64_t a);
void ccn_why_not(const wg_game *g, uint64_t a, char *err);
int ccn_refresh_flags(wg_game *g, int sot_player);
int ccn_tdraw_player(const ccn_state *s);
int ccn_after_draws(wg_game *g);
/* The hexes unit u could retreat from `from`, up to n, on the board as it stands. */
int ccn_retreat_room(const wg_game *g, int u, int from, int n);
int ccn_may_exit(const wg_game *g, int u, int x);
int ccn_reinf_rows(const wg_game *g, const uint8_t *roll, int *rows);
/* The dice of the attack `arg` (CCN_ATK) as it would be made now, Combined Arms included. */
int ccn_attack_total(const wg_game *g, uint32_t arg);
/* The Tactician card kind played on unit u this turn, -1 when none. */
int ccn_tcard(const ccn_state *s, int u);
int ccn_tac_fits(const ccn_rdata *rd, const ccn_state *s, int k, int u);
/* The units that may join a Great Battery now (up to 8), in unit order; their number. */
int ccn_battery_list(const wg_game *g, int *out);
/* The dice of the Great Battery of `mask` on target t (0: not a Great Battery). */
int ccn_battery_dice(const wg_game *g, int mask, int t);

/* ---------------------------------------------------------------- view (ccn_view.c) */
int ccn_option_label(const wg_game *g, uint64_t a, wg_sb *sb);
void ccn_decision_text(const wg_game *g, wg_sb *sb);
void ccn_event_text(const wg_game *g, const wg_event *e, int viewer, wg_sb *sb);
void ccn_describe(const wg_game *g, int viewer, wg_sb *sb);
void ccn_result_text(const wg_game *g, wg_sb *sb);
int ccn_piece(const wg_game *g, int viewer, size_t i, size_t *count, int *side, int *space, wg_sb *label);
void ccn_unit_label(const wg_game *g, int unit, wg_sb *sb);
void ccn_space_name(const wg_game *g, int space, wg_sb *sb);
int ccn_attr(const wg_game *g, int viewer, int of, size_t i, int key, int64_t *iv, wg_sb *sb);
extern const wg_attr_key ccn_piece_keys[], ccn_option_keys[], ccn_space_keys[];

/* ---------------------------------------------------------------- odds and dice (ccn_odds.c) */
int ccn_odds(wg_game *g, int viewer, wg_odds_req *r, wg_odds_out *o);
int ccn_option_params(const wg_game *g, uint64_t a, wg_param *p, int *required);
int ccn_check_params(const wg_game *g, uint64_t a, const int64_t *v, size_t n, char *err);
int ccn_apply_params(wg_game *g, uint64_t a, const int64_t *v, size_t n);
uint32_t ccn_roll_pack(const uint8_t *roll);
void ccn_roll_unpack(uint32_t arg, uint8_t *roll);

#endif

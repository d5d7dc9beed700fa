/*
 * rules/ssg.h -- Shot, Shell & Grape as data and arithmetic
 * (002_6173cb95b4ba469e.txt; SPEC sections 3.4, 5 and 6).
 *
 * The combat and morale modifiers live here once: the battalion cards
 * print them, the reference card lists them, odds computes with them.
 * Tactics and specialty effects are structured here too, and their card
 * text is generated from them, so no card says what the checker does
 * not know.  Knows nothing of YAML or PDF.
 */
#ifndef MUSTER_RULES_SSG_H
#define MUSTER_RULES_SSG_H

#include "../util.h"

enum ssg_type { SSG_LINE, SSG_CAVALRY, SSG_LIGHT, SSG_ARTILLERY, SSG_NTYPES };
extern const char *const ssg_type_name[SSG_NTYPES + 1];	/* "line" ... */
extern const char *const ssg_type_label[SSG_NTYPES];	/* "Line infantry" */

enum ssg_trait {
	SSG_ELITE = 1, SSG_HEAVY = 2, SSG_SHOCK = 4, SSG_MILITIA = 8
};
#define SSG_NTRAITS 4
extern const char *const ssg_trait_name[SSG_NTRAITS + 1];

struct ssg_battalion {
	const char *name;
	int type;		/* enum ssg_type */
	unsigned traits;	/* enum ssg_trait bits */
	int setup_cavalry;	/* horse artillery: a cavalry for set-up only */
};

/* "The Battalion deck has 2 of each card in the list"; 33 cards in the
 * list, 49 in the Tactics list of which Maneuver comes 3 times. */
#define SSG_BATTALION_COPIES 2
#define SSG_BATTALION_NAMES 33
#define SSG_TACTICS_NAMES 49
#define SSG_TACTICS_CARDS 51
/* "The Tactics deck has 1 of each card in the list" but "Maneuver ...
 * (3 in deck)": the cards that come more than once, ended by NULL. */
struct ssg_count {
	const char *name;
	int count;
};
extern const struct ssg_count ssg_tactics_counts[];
/* How often the rules' Tactics deck holds a card of that name. */
int ssg_tactics_count(const char *name);
/* What a deck file may ask for beyond the rules' deck: 1 to 10 of a card
 * (muster's limit, so that a typo does not print a thousand cards). */
#define SSG_COPIES_MIN 1
#define SSG_COPIES_MAX 10
/* "Before play starts each player rolls once on the table below": 1D6. */
#define SSG_SPECIALTY_DIE 6
/* Effects on cards (muster's limits): a roll modifier -5..5 but not 0,
 * a count of attacks or moves up to 3. */
#define SSG_EFFECT_MOD_MAX 5
#define SSG_EFFECT_COUNT_MAX 3

/* The line: five stacks and the reserve (SETUP). */
enum ssg_stack {
	SSG_LEFT_FLANK, SSG_LEFT_CENTER, SSG_CENTER_CENTER, SSG_RIGHT_CENTER,
	SSG_RIGHT_FLANK, SSG_RESERVE, SSG_NSTACKS
};
extern const char *const ssg_stack_key[SSG_NSTACKS + 1];
int ssg_stack_is_center(int stack);
int ssg_stack_is_flank(int stack);
#define SSG_CENTER_MIN 3	/* "Center stacks must contain at least 3 cards." */
/* "Each player is dealt half the Battalion deck": two players. */
#define SSG_PLAYERS 2
#define SSG_FLANK_MIN 2		/* "Flank stacks must contain at least 2 cards." */

/* ---- combat (ATTACK PHASE, FLANK ATTACKS; SPEC 6) ---- */

enum ssg_roll { SSG_ROLL_ATTACK, SSG_ROLL_DEFENSE, SSG_ROLL_COMBAT,
	SSG_ROLL_MORALE, SSG_NROLLS };
extern const char *const ssg_roll_name[SSG_NROLLS + 1];

/* "The opponent's card is destroyed on a combat roll of 7 or higher." */
#define SSG_DESTROYS 7
#define SSG_DIE 8

#define SSG_MAXPARTS 8
struct ssg_mods {
	int total;
	int n;
	struct { int mod; const char *why; } part[SSG_MAXPARTS];
};

/* When a modifier holds: any attack, frontal only, flank only, or a
 * flank attack that is a double envelopment. */
enum ssg_when { SSG_ANY_ATTACK, SSG_FRONTAL, SSG_FLANK, SSG_DOUBLE };

/* A row of the combat modifier table: on this roll (attack, defense or
 * both), a battalion of self types (with traits, if any) against a foe
 * of foe types gets mod. */
struct ssg_mod_rule {
	int roll;		/* SSG_ROLL_ATTACK, _DEFENSE or _COMBAT */
	unsigned self, foe;	/* type sets */
	unsigned traits;	/* all of these, or 0 */
	int when;		/* enum ssg_when */
	int mod;
	const char *why;
};
/* The rules' modifiers, ended by a NULL why. */
extern const struct ssg_mod_rule ssg_mod_rules[];

/* The attacker's attack roll against the defender. */
void ssg_attack_mods(const struct ssg_battalion *att,
    const struct ssg_battalion *def, int flank, int double_envelopment,
    struct ssg_mods *out);
/* The defender's defense roll against the attacker. */
void ssg_defense_mods(const struct ssg_battalion *def,
    const struct ssg_battalion *att, int flank, struct ssg_mods *out);
/* What the d8 must show with modifier mod: 1..8, or 9 for never. */
int ssg_need(int mod);
/* P(d8 + mod >= 7). */
double ssg_p_destroy(int mod);

/* ---- morale (MORALE PHASE) ---- */

/* "Every time you destroy an opposing battalion roll 2D6 ... On a roll of
 * 10+ all of the battalions in the destroyed battalion's stack rout". */
#define SSG_ROUTS 10
#define SSG_MORALE_DIE 6	/* two of them */
enum ssg_morale_when { SSG_MORALE_MILITIA = 1, SSG_MORALE_ELITE,
	SSG_MORALE_ELITE_LOST };
struct ssg_morale_rule {
	int when;		/* enum ssg_morale_when */
	int mod;
	const char *why;
};
extern const struct ssg_morale_rule ssg_morale_rules[];
void ssg_morale_mods(int militia, int elite, int elite_destroyed,
    struct ssg_mods *out);
/* What 2d6 must show: 2..12, 13 for never (more than two dice show). */
int ssg_morale_need(int mod);
/* P(2d6 + mod >= 10). */
double ssg_p_rout(int mod);

/* ---- effects of tactics cards and army specialties ---- */

enum ssg_effect_kind {
	SSG_EF_ROLL,		/* a modifier to a roll */
	SSG_EF_EXTRA_ATTACK,	/* more attacks */
	SSG_EF_REINFORCE,	/* more (or fewer) reinforcement moves */
	SSG_EF_ATTACKS,		/* the opponent's attacks this turn */
	SSG_EF_FORCE_MORALE,	/* a stack must check morale */
	SSG_EF_DISCARD,		/* discard a terrain card */
	SSG_EF_HAND,		/* maximum hand size */
	SSG_NEFFECTS
};
extern const char *const ssg_effect_key[SSG_NEFFECTS + 1];


/* Who an effect is for, or against: a set of types; 0 means any. */
#define SSG_ANY 0u
#define SSG_INFANTRY ((1u << SSG_LINE) | (1u << SSG_LIGHT))
extern const char *const ssg_who_name[];	/* any line cavalry light
						   artillery infantry */
/* A selector word as a set of types; -1 when it is not one. */
long ssg_who(const char *word);

/* The stack a terrain effect applies to: none (not terrain), the stack
 * the card lies on, a flank, or a center stack. */
enum ssg_where { SSG_WHERE_NONE, SSG_WHERE_HERE, SSG_WHERE_LEFT_FLANK,
	SSG_WHERE_RIGHT_FLANK, SSG_WHERE_CENTER, SSG_NWHERE };
/* The words for each but NONE, in that order: "here", "left_flank"... */
extern const char *const ssg_where_name[SSG_NWHERE];

struct ssg_effect {
	int kind;		/* enum ssg_effect_kind */
	int roll;		/* SSG_EF_ROLL: enum ssg_roll */
	unsigned who, vs;	/* type sets, SSG_ANY for any */
	int mod;		/* roll modifier, or a count */
	int where;		/* enum ssg_where */
	int opponent;		/* acts on the opponent */
	int from_reserve;	/* reinforcements from the reserve */
	int flank;		/* only a unit making a flank attack */
	int defending;		/* only a defending unit */
	int attacking;		/* only the battalion that is attacking */
};

/* The card text an effect prints, in a sentence of its own. */
void ssg_effect_text(const struct ssg_effect *e, struct sbuf *out);
/* The same, with icons: each unit type after its inline icon, named by
 * the type's key ("{icon:cavalry} cavalry"), for a card to draw. */
void ssg_effect_text_as(const struct ssg_effect *e, int icons,
    struct sbuf *out);
/* "+1", "−1" (a minus sign), "0": a modifier as a card prints it. */
const char *ssg_signed(int mod, char buf[16]);
/* The rules sentence a battalion card carries: the die, what destroys,
 * the double envelopment's bonus. */
void ssg_combat_note(struct sbuf *out);

#endif

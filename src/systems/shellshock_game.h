/*
 * systems/shellshock_game.h -- what the Shellshock game's files share: a
 * loaded record card (the unit's numbers, rules/shellshock.h, and the
 * nodes the rules point at), and what odds and resolve share: reading a
 * shot from the command line and loading the units it names.
 */
#ifndef MUSTER_SYSTEMS_SHELLSHOCK_GAME_H
#define MUSTER_SYSTEMS_SHELLSHOCK_GAME_H

#include "../rules/shellshock.h"
#include "../rules/shellshock_advcombat.h"

struct batch;
struct emitter;
struct node;
struct rectype;
struct report;

/* A weapon as written, right or wrong, for the rules to point at. */
struct ss_raw_weapon {
	const struct node *map, *row, *damage, *cls, *arc, *spread;
	int cls_i, arc_i;	/* in ss_class_name, ss_arc_name; -1: none */
};

#define SS_MAX_RAW_WEAPONS 16

struct arena;
struct record;

/* A card index as written ("A♣", "10 H", "qs") and as printed. */
struct ss_index {
	const struct node *n;	/* the card: key's value, or NULL */
	const char *card;	/* "A♣", or NULL when absent or wrong */
	char rank[3];
	const char *suit;	/* "♣" ♦ ♥ ♠ */
};
/* Reads the index at n (NULL: none) into x, strings in a. */
void ss_index_load(struct ss_index *x, const struct node *n,
    struct arena *a);
/* shellshock.card: an index that is not a rank and a suit. */
void ss_index_check(const struct ss_index *x, const char *rule);
/* shellshock.card-unique: warns when another unit of the run has the
 * same index; who names this one. */
void ss_index_claim(const struct ss_index *x, const char *who,
    struct batch *b, const char *rule);
/* Sets the record's card, card.rank, card.suit and card.colour (red for
 * hearts and diamonds, as on a playing card). */
void ss_index_emit(const struct ss_index *x, struct record *r);

struct ss_card {
	struct ss_unit u;		/* only what is right goes in here */
	struct ss_index index;
	const struct node *root, *name_n, *era_n, *maneuver_n;
	const struct node *terrain_n[SS_NTERRAIN];
	const struct node *dv_n[SS_NROWS][2];
	const struct node *gunnery_n, *gunners_n, *ram_n, *dead_n, *internal_n;
	const struct node *armor_n[SS_NFACINGS];
	const struct node *band_n[SS_BANDS];
	struct ss_raw_weapon raw[SS_MAX_RAW_WEAPONS];
	int nraw;
	const char *side, *gunnery, *ram;	/* as written */
	int gunnery_ok;
	int bands_ok;		/* internal bands are right: dead can be judged */
	double estimate;	/* no combat_value: muster's, printed marked
				 * as such; else, or none made, -1 */
};

/* Parses "d10+4" into a die and skill; 0 when it is not of that form. */
int ss_parse_gunnery(const char *s, int *die, int *skill);

extern const struct kind shellshock_card_kind, shellshock_sheet_kind;
extern const struct kind shellshock_force_kind;
extern const struct kind shellshock_reference_kind;

/* The record types of a card, a sheet and the counter each prints (a
 * force prints its units' through them). */
extern const struct rectype ss_card_type, ss_sheet_type, ss_counter_type;

/* ---- the counter every card and sheet prints ---- */

/* Fills e's record with a unit's counter and hands it on. */
void ss_counter_emit(struct emitter *e, const char *name, const char *side,
    const struct ss_index *index, const struct node *at);

/* ---- what a force reads of its units ---- */

/* A force's name and side i (0 when there is no side i): its units, a
 * card's numbers or a sheet's ECV, and its crew (sheets' crews, pilots,
 * gunners) and components. */
#define SS_FORCE_UNITS 40
struct ss_force_side {
	const char *name;
	int nunits;
	const struct ss_unit *card[SS_FORCE_UNITS];	/* NULL: a sheet */
	const void *sheet[SS_FORCE_UNITS];		/* NULL: a card */
	long ecv[SS_FORCE_UNITS];			/* a sheet's own */
	long crew, components;
	long declared;			/* -1 when not given */
};
const char *ss_force_name(const void *force);
int ss_force_side(const void *force, int i, struct ss_force_side *out);

/* ---- what a unit is worth (SPEC 5.1) ---- */

struct cmd_opts;
extern const char ss_value_usage[];
int ss_value_run(int argc, char **argv);
extern const struct cmd_opts ss_value_options;
/* shellshock.value at the combat_value of a card (its node: card) when
 * it is more than SS_VALUE_WARN_PERCENT from the estimate against the
 * examples. */
void ss_value_check_card(const struct ss_unit *u, const struct node *card,
    struct batch *b, const char *rule);
/* 0 when the YAML file at path holds no card for certain: each of its
 * documents has a plain "kind: WORD" line at the top, none card. */
int ss_value_may_hold_card(const char *path);
/* The estimate against the shipped examples; 0 when none is made. */
int ss_value_estimate(const struct ss_unit *u, struct batch *b, double *out);
/* The ratings made so far this run (the others were the memo's). */
size_t ss_value_judged(void);

/* A record sheet's value (systems/shellshock_sheetvalue.c): `muster
 * value` on the sheet (its block of the report), and shellshock.value at
 * its ecv (at) when the ECV with its crew's is outside the estimate's
 * band widened by the method's error. */
void ss_value_sheet(struct report *rp, const void *sheet);
/* The head of `muster value` when every input is a sheet: the reference
 * sheets and their ratings, the rules and the anchor. */
void ss_value_sheet_header(struct report *rp);
/* A sheet's value with its crew against the shipped sheets into *out:
 * 1, or 0 when none is made (no references, no gunner with a weapon). */
int ss_sheet_estimate(const void *sheet, double *out);
/* The loaded sheet's numbers as the value reads them (its gunners each
 * a crewman and the weapons it may fire). */
struct ssv_sheet;
void ss_sheet_value_numbers(const void *sheet, struct ssv_sheet *out);
void ss_value_check_sheet(const void *sheet, const struct node *at,
    struct batch *b, const char *rule);

/*
 * shellshock.crew-ecv: "pilots and gunners have an ECV assigned to them
 * based on their skill level" (003, prepping for combat), so one skill
 * has one ECV.  The document gives no table of them: a ledger keeps the
 * first crewman seen at each skill, and each after it must agree.
 */
#define SS_LEDGER_SKILLS 21	/* skill 0 to 20, the schemas' bound */
struct ss_crew_ledger {
	const struct node *first[SS_LEDGER_SKILLS];	/* its map */
	const void *doc[SS_LEDGER_SKILLS];		/* the sheet it is in */
	char who[SS_LEDGER_SKILLS][64];
};
/* Checks the crewman map m (skill and ecv) against the ledger and
 * enters it; tells an error at `at` (m's ecv when NULL) naming who and
 * the first crewman of that skill.  doc is the document m is in; a
 * disagreement with a crewman of the same doc is left alone when
 * other_docs_only (the sheet tells it itself).  Returns 0 on an error. */
int ss_crew_ecv(struct ss_crew_ledger *l, const struct node *m,
    const char *who, const void *doc, int other_docs_only,
    const struct node *at, const char *rule);

/* A sheet's name, its ECV with its crew's in *crew, and its crew list
 * (maps of role, id, skill, ecv and name). */
const char *ss_sheet_name(const void *sheet);
long ss_sheet_ecv(const void *sheet, long *crew);
const struct node *ss_sheet_crew(const void *sheet);

/* ---- odds and resolve ---- */

extern const char ss_odds_usage[], ss_resolve_usage[];
int ss_odds_run(int argc, char **argv);
int ss_resolve_run(int argc, char **argv);
/* Their options (options.h): parsing, --help and completion. */
extern const struct cmd_opts ss_odds_options, ss_resolve_options;
/* What --facing takes, for completion. */
extern const char *const ss_facing_words[];

/* A range option: whole inches, 0 to SS_ARG_INCHES_MAX (muster's
 * limit, far past any table), digits only (opt_whole), into *out; 0
 * when s is not that. */
#define SS_ARG_INCHES_MAX 10000
int ss_arg_inches(const char *s, long *out);
/* "2d10", "d10+d8": a gunner's d10 and the targeting die die, in buf. */
const char *ss_dice_text(int die, char buf[32]);
/* A facing name (front, right, left, rear; back = rear) or -1. */
int ss_arg_facing(const char *s);
/* Weapon rows such as "M,I" as a bit set; 0 when not among E M B I S. */
unsigned ss_arg_rows(const char *s);
/*
 * Loads the Shellshock card in path through b (system_ref).  Returns 0
 * and the unit, or the exit status after saying why not (1 the file has
 * errors, 2 not one card or unreadable).
 */
int ss_load_unit(struct batch *b, const char *path,
    const struct ss_unit **out);
/* A facing for odds and resolve: front, right, left, rear (back), or
 * one of a sheet's six penetration angles (front_right, rear_right,
 * rear_left, front_left); *angle is -1 for left and right, which a
 * sheet needs split.  0 when s is none of them. */
int ss_arg_angle(const char *s, int *facing, int *angle);

/*
 * ---- advanced combat on record sheets (systems/shellshock_advshot.c) ----
 */

/* A unit file given to odds or resolve: a basic card or a record sheet,
 * as the advanced engine's numbers (a card as ssa_from_card makes it). */
struct ss_side {
	const char *path;
	const struct ss_unit *card;	/* a card, or NULL: a sheet */
	const struct node *root;	/* a sheet's document */
	const struct node *wmap[SSA_MAX_WEAPONS];	/* a sheet's weapons */
	struct ssa_unit u;
};
/* What the command line says of a shot. */
struct ss_pick {
	const char *gunner, *weapons;	/* NULL: not given */
	int range, point_blank, spread;
	int facing, angle;		/* angle -1: not given */
};
/* Loads the card or sheet in path through b.  Returns 0, or the exit
 * status after saying why not (as ss_load_unit). */
int ss_load_side(struct batch *b, const char *path, struct ss_side *sd);
/* A loaded sheet's document (root) as a side: its numbers into sd->u. */
void ss_load_sheet(struct ss_side *sd, const struct node *root);
/* The gunner's skill and the weapons it fires (bit i: weapon i), the
 * gunner's crew id (NULL for a card).  Returns 0, or 2 after reporting
 * shellshock.shot. */
int ss_pick(const struct ss_side *sd, const struct ss_pick *pk, int *skill,
    unsigned *fire, const char **gunner);
/* The advanced shot of att at def as pk says; 0, or 2 after reporting
 * shellshock.shot. */
int ss_adv_shot(struct ss_side *att, struct ss_side *def,
    const struct ss_pick *pk, struct ssa_shot *s, const char **gunner);
void ss_adv_odds_report(struct report *rp, const struct ssa_shot *s,
    const char *gunner, const struct ssa_odds *o);
void ss_adv_resolve_report(struct report *rp, const struct ssa_shot *s,
    const char *gunner, const struct ssa_steps *st);
/* A basic card's damage step (armor, internal bands, chart, explosions),
 * shared by both rules' resolve. */
void ss_damage_report(struct report *rp, const struct ss_steps *st,
    const struct ss_unit *def);

/* A shot's options as given, the rows of odds's and resolve's tables
 * (NULL, 0: not given). */
struct ss_shot_args {
	const char *range, *facing, *spread, *weapons, *gunner;
	int point_blank;
};
/* Reads sa's range into *range (left alone when not given) and its
 * spread, point blank, weapons and gunner into pk: 0, or the exit status
 * of a usage error reported.  ss_shot_finish() checks what they make
 * together with the facing (sa's) the same way. */
int ss_shot_read(const char *usage, const struct ss_shot_args *sa,
    struct ss_pick *pk, long *range);
int ss_shot_finish(const char *usage, struct ss_pick *pk, long range,
    const char *facing);

/* Point blank asked at range (SS_RANGE_STEP or more): reports it under
 * shellshock.shot; returns 2, the exit status. */
int ss_point_blank_far(long range);
/* Checks the shot can be fired as asked; else reports shellshock.shot
 * at the attacker's file and returns 0. */
int ss_shot_ok(const struct ss_shot *s, const char *att_file);

#endif

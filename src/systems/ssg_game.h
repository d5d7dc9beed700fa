/*
 * systems/ssg_game.h -- what the Shot, Shell & Grape kinds share: a loaded
 * battalion deck (line-ups and odds look names up in it), effects, the
 * kinds themselves and the odds command.
 */
#ifndef MUSTER_SYSTEMS_SSG_GAME_H
#define MUSTER_SYSTEMS_SSG_GAME_H

#include "../options.h"

#include "../rules/ssg.h"
#include "../schema.h"

struct batch;
struct node;

#define SSG_MAXCARDS 256

struct ssg_card_nodes {
	const struct node *map, *name, *type, *traits, *setup_as;
};

struct ssg_deck {
	const struct node *root, *copies_n, *cards_n;
	int copies;
	struct ssg_battalion b[SSG_MAXCARDS];	/* only cards with a name */
	struct ssg_card_nodes nodes[SSG_MAXCARDS];
	int valid[SSG_MAXCARDS];		/* type and traits are right */
	int n;
};

/* The card of that name, or NULL. */
const struct ssg_battalion *ssg_deck_find(const struct ssg_deck *d,
    const char *name);
/* The shipped deck's file (decks/battalions.yaml) as a canonical path,
 * or NULL; the caller frees it. */
char *ssg_default_deck(void);
/*
 * The battalions deck in path, loaded through b (system_ref): relative
 * to the file at is in, problems reported at at under rule (or at the
 * file when at is NULL).  NULL when it cannot be used.
 */
const struct ssg_deck *ssg_ref_deck(struct batch *b, const char *path,
    const struct node *at, const char *rule);

/* ---- effects, of tactics cards and army specialties ---- */

/* A loaded effect and its nodes. */
struct ssg_effect_nodes {
	const struct node *map, *key, *roll, *who, *vs, *mod, *stack;
};
#define SSG_MAXEFFECTS 8
struct ssg_effects {
	struct ssg_effect e[SSG_MAXEFFECTS];
	struct ssg_effect_nodes nodes[SSG_MAXEFFECTS];
	int ok[SSG_MAXEFFECTS];	/* well formed: may be printed */
	int n;
};

/* The keys of one effect, for a kind's schema. */
extern const struct skey ssg_k_effect[];
/* Reads a list of effects (quietly: the rule reports). */
void ssg_effects_load(const struct node *list, struct ssg_effects *fx);
/* Reports every problem of a list of effects under rule. */
void ssg_effects_check(const struct node *list, const char *rule);
/* The card text of every well-formed effect, one sentence each. */
void ssg_effects_text(const struct ssg_effects *fx, struct sbuf *sb);
/* With each unit type after its inline icon (ssg_effect_text_as()). */
void ssg_effects_text_as(const struct ssg_effects *fx, int icons,
    struct sbuf *sb);

/* ---- the kinds and the odds command ---- */

extern const struct kind ssg_battalions_kind, ssg_tactics_kind;
extern const struct kind ssg_specialties_kind, ssg_reference_kind;
extern const struct kind ssg_lineup_kind;

extern const char ssg_odds_usage[];
int ssg_odds_run(int argc, char **argv);
extern const struct cmd_opts ssg_odds_options;

#endif

/*
 * systems/ssg.h -- what the Shot, Shell & Grape kinds share: a loaded
 * battalion deck (line-ups and odds look names up in it) and effects.
 */
#ifndef MUSTER_SYSTEMS_SSG_H
#define MUSTER_SYSTEMS_SSG_H

#include "../rules/ssg.h"

struct arena;
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
/* The shipped deck's file (decks/battalions.yaml), or NULL; free it. */
char *ssg_default_deck(void);
/*
 * Loads a battalions file into a, checked; NULL when it cannot be read,
 * is not a battalions deck, or has errors (all reported; at, when not
 * NULL, is where the file was named).
 */
const struct ssg_deck *ssg_load_deck(const char *path, struct arena *a,
    const struct node *at);

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

#endif

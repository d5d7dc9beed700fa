/*
 * systems/ssg_lineup.c -- one player's set-up of Shot, Shell & Grape
 * (002_6173cb95b4ba469e.txt, SETUP; SPEC 3.4): five stacks and a reserve
 * by card name, top card first, checked against the deck they come from.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../rules/ssg.h"
#include "../schema.h"
#include "../system.h"
#include "ssg_game.h"

#define MAXSTACK 64

static const struct skey k_name[] = { K_STR("card", REQ) };
static const struct skey k_lineup[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_STR("name", OPT),
	K_STR("deck", OPT),
	K_SEQ("left_flank", REQ, 0, MAXSTACK, k_name),
	K_SEQ("left_center", REQ, 0, MAXSTACK, k_name),
	K_SEQ("center_center", REQ, 0, MAXSTACK, k_name),
	K_SEQ("right_center", REQ, 0, MAXSTACK, k_name),
	K_SEQ("right_flank", REQ, 0, MAXSTACK, k_name),
	K_SEQ("reserve", OPT, 0, MAXSTACK, k_name),
	K_END
};

struct lineup {
	const struct node *root, *deck_n;
	const struct node *stack[SSG_NSTACKS];	/* the lists, or NULL */
	const struct ssg_deck *deck;		/* NULL when unusable */
};

static void *
load_lineup(const struct node *root, struct arena *a, struct batch *b)
{
	struct lineup *l = arena_alloc(a, sizeof(*l));
	char *dflt;
	int s;

	l->root = root;
	for (s = 0; s < SSG_NSTACKS; s++) {
		const struct node *n = node_get(root, ssg_stack_key[s]);

		l->stack[s] = n && !n->bad && n->type == N_SEQ ? n : NULL;
	}
	l->deck_n = node_get(root, "deck");
	if (l->deck_n && !l->deck_n->bad) {
		l->deck = ssg_ref_deck(b, l->deck_n->str, l->deck_n,
		    "ssg.setup.deck");
	} else if (l->deck_n == NULL) {
		if ((dflt = ssg_default_deck()) == NULL)
			diag(L_ERROR, "ssg.setup.deck", root, "the shipped "
			    "battalions deck is not installed; give 'deck:' "
			    "with the battalions file");
		else
			l->deck = ssg_ref_deck(b, dflt, root, "ssg.setup.deck");
		free(dflt);
	}
	return l;
}

#define LINEUP(obj) ((const struct lineup *)(obj))

static const char *
stack_name(int s)
{
	static const char *const names[SSG_NSTACKS] = {
		"left flank", "left center", "center center", "right center",
		"right flank", "reserve"
	};

	return names[s];
}

/* "every name in the deck" */
static void
r_unknown(const void *obj, struct batch *b, const struct rule *self)
{
	const struct lineup *l = LINEUP(obj);
	const char *names[SSG_MAXCARDS + 1];
	struct sbuf sb = SBUF_INIT;
	int s, i;
	size_t k;

	(void)b;
	if (l->deck == NULL)
		return;
	for (i = 0; i < l->deck->n; i++)
		names[i] = l->deck->b[i].name;
	names[i] = NULL;
	for (s = 0; s < SSG_NSTACKS; s++)
		for (k = 0; l->stack[s] && k < l->stack[s]->n; k++) {
			const struct node *n = l->stack[s]->kid[k];

			if (n->bad || ssg_deck_find(l->deck, n->str))
				continue;
			diag(L_ERROR, self->id, n, "'%s' is not a card of the "
			    "deck%s", n->str, sb_hint(&sb, n->str, names, 0));
		}
	sb_release(&sb);
}

/* "never using a card more often than the deck holds it" */
static void
r_copies(const void *obj, struct batch *b, const struct rule *self)
{
	const struct lineup *l = LINEUP(obj);
	const struct node *seen[SSG_NSTACKS * MAXSTACK];
	int s, n = 0, i, used;
	size_t k;

	(void)b;
	if (l->deck == NULL)
		return;
	for (s = 0; s < SSG_NSTACKS; s++)
		for (k = 0; l->stack[s] && k < l->stack[s]->n; k++) {
			const struct node *c = l->stack[s]->kid[k];

			if (c->bad || !ssg_deck_find(l->deck, c->str))
				continue;
			for (used = 1, i = 0; i < n; i++)
				if (strcmp(seen[i]->str, c->str) == 0)
					used++;
			if (used > l->deck->copies)
				diag(L_ERROR, self->id, c, "'%s' is used %d "
				    "times; the deck holds %d", c->str, used,
				    l->deck->copies);
			seen[n++] = c;
		}
}

/* "Line Infantry and Artillery may be placed in Center stacks ... Horse
 * Artillery are considered as cavalry for the setup purpose.  Any troop
 * type may be in the reserve stack." */
static void
r_center_only(const void *obj, struct batch *b, const struct rule *self)
{
	const struct lineup *l = LINEUP(obj);
	int s;
	size_t k;

	(void)b;
	if (l->deck == NULL)
		return;
	for (s = 0; s < SSG_NSTACKS; s++) {
		if (!ssg_stack_is_flank(s))
			continue;
		for (k = 0; l->stack[s] && k < l->stack[s]->n; k++) {
			const struct node *c = l->stack[s]->kid[k];
			const struct ssg_battalion *bt;

			if (c->bad || (bt = ssg_deck_find(l->deck, c->str)) ==
			    NULL)
				continue;
			if ((bt->type == SSG_LINE || bt->type == SSG_ARTILLERY) &&
			    !bt->setup_cavalry)
				diag(L_ERROR, self->id, c, "'%s' is %s, which "
				    "sets up only in a center stack or the "
				    "reserve, not on the %s", c->str,
				    bt->type == SSG_LINE ? "line infantry" :
				    "artillery", stack_name(s));
		}
	}
}

static void
stack_min(const struct lineup *l, int center, int min, const char *rule)
{
	int s, n;

	for (s = 0; s < SSG_NSTACKS; s++) {
		/* A stack that is missing or not a list is the schema's. */
		if ((center ? !ssg_stack_is_center(s) :
		    !ssg_stack_is_flank(s)) || l->stack[s] == NULL)
			continue;
		n = (int)l->stack[s]->n;
		if (n >= min)
			continue;
		diag(L_ERROR, rule, l->stack[s],
		    "the %s stack holds %d card%s; a %s stack needs at least "
		    "%d", stack_name(s), n, n == 1 ? "" : "s",
		    center ? "center" : "flank", min);
	}
}

/* "Center stacks must contain at least 3 cards." */
static void
r_center_min(const void *obj, struct batch *b, const struct rule *self)
{
	(void)b;
	stack_min(LINEUP(obj), 1, SSG_CENTER_MIN, self->id);
}

/* "Flank stacks must contain at least 2 cards." */
static void
r_flank_min(const void *obj, struct batch *b, const struct rule *self)
{
	(void)b;
	stack_min(LINEUP(obj), 0, SSG_FLANK_MIN, self->id);
}

/* "Each player is dealt half the Battalion deck." */
static void
r_size(const void *obj, struct batch *b, const struct rule *self)
{
	const struct lineup *l = LINEUP(obj);
	int s, n = 0, half;

	(void)b;
	if (l->deck == NULL)
		return;
	for (s = 0; s < SSG_NSTACKS; s++)
		n += l->stack[s] ? (int)l->stack[s]->n : 0;
	half = l->deck->n * l->deck->copies / SSG_PLAYERS;
	if (n != half)
		diag(L_WARNING, self->id, l->root, "the line-up places %d "
		    "cards; each player is dealt half the deck, %d", n, half);
}

static const struct rule lineup_rules[] = {
	{ "ssg.setup.deck", "the line-up's deck can be read and is a battalions deck", NULL },
	{ "ssg.setup.unknown-card", "every card named is in the deck", r_unknown },
	{ "ssg.setup.copies", "no card is used more often than the deck holds it", r_copies },
	{ "ssg.setup.center-only", "line infantry and artillery only in the center stacks or the reserve (setup_as: cavalry counts as cavalry)", r_center_only },
	{ "ssg.setup.center-min", "each center stack holds at least " STR(SSG_CENTER_MIN) " cards", r_center_min },
	{ "ssg.setup.flank-min", "each flank stack holds at least " STR(SSG_FLANK_MIN) " cards", r_flank_min },
	{ "ssg.setup.size", "a line-up places half the deck (warning)", r_size },
	{ NULL, NULL, NULL }
};

/* `muster new ssg lineup`: what a new document of this kind starts from. */
static const char starter[] =
    "# A Shot, Shell & Grape line-up: one player's set-up, top card first.\n"
    "# Line and artillery only in the center stacks or the reserve; center\n"
    "# stacks 3 cards or more, flank stacks 2 or more; every name a card of\n"
    "# the deck, used no more often than the deck holds it.\n"
    "system: ssg\n"
    "kind: lineup\n"
    "name: My line-up\n"
    "# deck: my-battalions.yaml   # optional: the battalions file (default: the game's deck)\n"
    "left_flank: [Hussars, Skirmishers, Lancers]\n"
    "left_center: [Grenadiers, Musketeers, Howitzers, Voltigeurs, Fusiliers]\n"
    "center_center: [Old Guard, Gun Battery, Young Guard, Sappers, Mortars, Legere, Zouaves]\n"
    "right_center: [Highlanders, Field Pieces, Troopers, Jagers, Gendarmes]\n"
    "right_flank: [Cuirassier, Horse Art, Dragoons, Cacadores]\n"
    "reserve: [Chasseurs, Landwehr, Uhlans, Mamelukes, Cossacks, Carabiners, Partisans, Blunderbussars, Congreve Rkts]\n";

const struct kind ssg_lineup_kind = {
	"lineup", "one player's set-up, checked (prints nothing)", k_lineup,
	lineup_rules, load_lineup, NULL, starter
};

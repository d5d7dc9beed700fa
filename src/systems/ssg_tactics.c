/*
 * systems/ssg_tactics.c -- kind tactics: Shot, Shell & Grape's Tactics
 * deck (002_6173cb95b4ba469e.txt, TACTICS CARD LIST; SPEC 3.4).  A
 * card's text is made from its effects; only special cards have words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../record.h"
#include "../rules/ssg.h"
#include "../schema.h"
#include "../system.h"
#include "ssg_game.h"

/* The categories of tactics cards; a card's colour is the template's. */
static const char *const categories[] = {
	"attack", "defense", "reinforce", "morale", "terrain", "special", NULL
};
enum { CAT_ATTACK, CAT_DEFENSE, CAT_REINFORCE, CAT_MORALE, CAT_TERRAIN,
	CAT_SPECIAL };

static const struct skey k_tactic_keys[] = {
	K_TEXT("name", REQ, "the card's name"),
	K_INT("count", OPT, -99, 99),
	K_TEXT("category", REQ, "attack, defense, reinforce, morale, terrain or special"),
	K_SEQ("effects", OPT, 0, SSG_MAXEFFECTS, ssg_k_effect),
	K_STR("text", OPT),
	K_END
};
static const struct skey k_tactic[] = { K_MAP("card", REQ, k_tactic_keys) };
static const struct skey k_tactics[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_STR("name", OPT),
	K_SEQ("cards", REQ, 1, SSG_MAXCARDS, k_tactic),
	K_END
};

struct tactic {
	const struct node *map, *name_n, *count_n, *category_n, *effects_n;
	const struct node *text_n;
	const char *name;
	int count, category;
	struct ssg_effects fx;
};

struct tactics {
	const struct node *cards_n;
	struct tactic *t;
	int n;
};

static void *
load_tactics(const struct node *root, struct arena *a, struct batch *b)
{
	struct tactics *d = arena_alloc(a, sizeof(*d));
	size_t i;

	(void)b;
	d->cards_n = node_get(root, "cards");
	if (d->cards_n == NULL || d->cards_n->bad || d->cards_n->type != N_SEQ)
		return d;
	d->t = arena_alloc(a, d->cards_n->n * sizeof(*d->t));
	for (i = 0; i < d->cards_n->n; i++) {
		const struct node *m = d->cards_n->kid[i];
		struct tactic *t = &d->t[d->n];

		if (m->type != N_MAP || m->bad)
			continue;
		t->map = m;
		t->name_n = node_get(m, "name");
		if ((t->name = node_str(t->name_n, NULL)) == NULL)
			continue;
		t->count_n = node_get(m, "count");
		t->count = (int)node_long(t->count_n, 1);
		t->category_n = node_get(m, "category");
		t->category = str_index(categories, node_str(t->category_n, NULL));
		t->effects_n = node_get(m, "effects");
		t->text_n = node_get(m, "text");
		ssg_effects_load(t->effects_n, &t->fx);
		d->n++;
	}
	return d;
}

#define TACTICS(obj) ((const struct tactics *)(obj))

static void
r_category(const void *obj, struct batch *b, const struct rule *self)
{
	const struct tactics *d = TACTICS(obj);
	struct sbuf sb = SBUF_INIT;
	int i, k;

	(void)b;
	for (i = 0; i < d->n; i++) {
		const struct tactic *t = &d->t[i];
		int stacked = 0;

		if (t->category_n == NULL || t->category_n->bad)
			continue;
		if (t->category < 0) {
			diag(L_ERROR, self->id, t->category_n, "'%s' has "
			    "category '%s'%s", t->name, t->category_n->str,
			    sb_hint(&sb, t->category_n->str, categories, 1));
			continue;
		}
		for (k = 0; k < t->fx.n; k++)
			if (t->fx.nodes[k].stack)
				stacked = 1;
		/* Terrain lies on a stack: its effects say which. */
		if (t->category == CAT_TERRAIN && t->fx.n > 0 && !stacked)
			diag(L_ERROR, self->id, t->category_n, "terrain card "
			    "'%s' has no effect with 'stack:', the stack it "
			    "lies on (here, left_flank, right_flank, center)",
			    t->name);
		else if (t->category != CAT_TERRAIN && stacked)
			diag(L_ERROR, self->id, t->category_n, "'%s' is in "
			    "category %s, but its effect names a stack; only "
			    "terrain cards lie on a stack", t->name,
			    categories[t->category]);
	}
	sb_release(&sb);
}

static void
r_effect_tactics(const void *obj, struct batch *b, const struct rule *self)
{
	const struct tactics *d = TACTICS(obj);
	int i;

	(void)b;
	for (i = 0; i < d->n; i++)
		ssg_effects_check(d->t[i].effects_n, self->id);
}

/* A card says what its effects do; only special cards say it in words. */
static void
r_text(const void *obj, struct batch *b, const struct rule *self)
{
	const struct tactics *d = TACTICS(obj);
	int i;

	(void)b;
	for (i = 0; i < d->n; i++) {
		const struct tactic *t = &d->t[i];
		int special = t->category == CAT_SPECIAL;

		if (t->category < 0)
			continue;
		if (t->text_n && !special)
			diag(L_ERROR, self->id, t->text_n, "'%s' is in category "
			    "%s: its text is made from its effects, so it may "
			    "not have 'text' (only special cards do)", t->name,
			    categories[t->category]);
		else if (!special && t->fx.n == 0)
			diag(L_ERROR, self->id, t->map, "'%s' has no effects: "
			    "the text of a %s card is made from them", t->name,
			    categories[t->category]);
		else if (special && t->fx.n == 0 && t->text_n == NULL)
			diag(L_ERROR, self->id, t->map, "special card '%s' needs "
			    "'text' or effects", t->name);
	}
}

static void
r_tactics_unique(const void *obj, struct batch *b, const struct rule *self)
{
	const struct tactics *d = TACTICS(obj);
	const struct node **names = xcalloc((size_t)d->n + 1, sizeof(*names));
	int i;

	(void)b;
	for (i = 0; i < d->n; i++)
		names[i] = d->t[i].name_n;
	check_unique(names, (size_t)d->n, self->id, "card", "in the deck",
	    "give each card once, with count for more");
	free(names);
}

/* "The Tactics deck has 1 of each card in the list", Maneuver 3. */
static void
r_count(const void *obj, struct batch *b, const struct rule *self)
{
	const struct tactics *d = TACTICS(obj);
	int i;

	(void)b;
	for (i = 0; i < d->n; i++) {
		const struct tactic *t = &d->t[i];
		int want = ssg_tactics_count(t->name);

		if (t->count_n == NULL || t->count_n->bad) {
			if (want != 1)
				diag(L_WARNING, self->id, t->name_n, "'%s' comes "
				    "%d times in the rules' deck; give count: %d",
				    t->name, want, want);
			continue;
		}
		if (t->count < SSG_COPIES_MIN || t->count > SSG_COPIES_MAX)
			diag(L_ERROR, self->id, t->count_n, "'%s' has count %d; "
			    "a deck holds %d to %d of a card", t->name, t->count,
			    SSG_COPIES_MIN, SSG_COPIES_MAX);
		else if (t->count != want)
			diag(L_WARNING, self->id, t->count_n, "'%s' has count "
			    "%d; the rules' deck has %d", t->name, t->count, want);
	}
}

static void
r_tactics_size(const void *obj, struct batch *b, const struct rule *self)
{
	const struct tactics *d = TACTICS(obj);
	int i, cards = 0;

	(void)b;
	for (i = 0; i < d->n; i++)
		cards += d->t[i].count > 0 ? d->t[i].count : 0;
	if (d->cards_n && !d->cards_n->bad &&
	    (d->n != SSG_TACTICS_NAMES || cards != SSG_TACTICS_CARDS))
		diag(L_WARNING, self->id, d->cards_n, "the deck lists %d "
		    "tactics, %d cards; the rules' list has %d, %d cards",
		    d->n, cards, SSG_TACTICS_NAMES, SSG_TACTICS_CARDS);
}

static const struct rule tactics_rules[] = {
	{ "ssg.category", "a tactics card's category is attack, defense, reinforce, morale, terrain or special; terrain, and only terrain, lies on a stack", r_category },
	{ "ssg.effect", "effects are well formed: one kind (roll, extra_attack, reinforce, attacks, force_morale, discard, hand), a known roll, who and vs, a modifier in range", r_effect_tactics },
	{ "ssg.text", "only special cards have text; every other card has effects", r_text },
	{ "ssg.deck.unique", NULL, r_tactics_unique },
	{ "ssg.deck.count", "a tactics card's count is " STR(SSG_COPIES_MIN) " to " STR(SSG_COPIES_MAX) "; the rules have 1 of each, Maneuver 3 (warning)", r_count },
	{ "ssg.deck.size", NULL, r_tactics_size },
	{ NULL, NULL, NULL }
};

static const char *const tactic_fields[] = {
	"name", "category", "terrain", "action", "text", "count", NULL
};

static const struct rectype tactic_type = {
	"ssg.tactic", "a card of the Tactics deck", tactic_fields
};

static void
emit_tactics(const void *obj, struct emitter *e)
{
	const struct tactics *d = TACTICS(obj);
	struct record *r = e->rec;
	struct sbuf sb = SBUF_INIT;
	int i;

	for (i = 0; i < d->n; i++) {
		const struct tactic *t = &d->t[i];
		int terrain = t->category == CAT_TERRAIN;

		if (t->category < 0)
			continue;
		record_clear(r);
		rec_label(r, t->name, t->map);
		rec_set(r, "name", t->name);
		rec_set(r, "category", categories[t->category]);
		rec_set(r, "terrain", terrain ? "terrain" : "");
		rec_set(r, "action", terrain ? "" : "action");
		sb_reset(&sb);
		if (t->text_n && !t->text_n->bad)
			sb_adds(&sb, t->text_n->str);
		/* The unit types the rules name, each after its icon: the
		 * template maps the types' keys onto pictures. */
		ssg_effects_text_as(&t->fx, 1, &sb);
		rec_set(r, "text", sb_str(&sb));
		rec_setf(r, "count", "%d", t->count);
		emit_card(e, t->count);
	}
	sb_release(&sb);
}

static const struct product tactics_products[] = {
	{ "card", &tactic_type, "ssg-tactics", emit_tactics },
	{ NULL, NULL, NULL, NULL }
};

/* `muster new ssg tactics`: what a new document of this kind starts from. */
static const char starter[] =
    "# A Shot, Shell & Grape tactics deck: each card's text is made from its\n"
    "# effects, so a card says only what the checker knows.  category:\n"
    "# attack, defense, reinforce, morale, terrain or special (special cards\n"
    "# carry text: instead of effects).\n"
    "system: ssg\n"
    "kind: tactics\n"
    "name: My tactics\n"
    "cards:\n"
    "  - name: Square Formation\n"
    "    category: defense\n"
    "    effects: [{roll: attack, who: cavalry, vs: line, mod: -3}]\n"
    "  - name: Fire at Will\n"
    "    category: attack\n"
    "    effects: [{extra_attack: 1}]\n"
    "  - name: Maneuver\n"
    "    count: 3                 # copies in the deck (default 1)\n"
    "    category: special\n"
    "    effects: [{discard: terrain}]\n"
    "  - name: Parley\n"
    "    category: special\n"
    "    text: \"Both players skip their next attack.\"\n";

const struct kind ssg_tactics_kind = {
	"tactics", "the Tactics deck", k_tactics, tactics_rules, load_tactics,
	tactics_products, starter
};

/*
 * systems/ssg_battalions.c -- kind battalions: Shot, Shell & Grape's
 * Battalion deck (002_6173cb95b4ba469e.txt, BATTALION CARD LIST; SPEC
 * 3.4).  Each card prints its own combat modifiers from the rules' table.
 * Line-ups and odds find their cards here.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../paths.h"
#include "../record.h"
#include "../rules/ssg.h"
#include "../schema.h"
#include "../system.h"
#include "ssg_game.h"

static const struct skey k_trait[] = { K_STR("trait", REQ) };
static const struct skey k_battalion_keys[] = {
	K_TEXT("name", REQ, "the card's name"),
	K_TEXT("type", REQ, "line, cavalry, light or artillery"),
	K_SEQ("traits", OPT, 0, 4, k_trait),
	K_STR("setup_as", OPT),
	K_END
};
static const struct skey k_battalion[] = {
	K_MAP("card", REQ, k_battalion_keys)
};
static const struct skey k_battalions[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_STR("name", OPT),
	K_INT("copies", OPT, -99, 99),
	K_SEQ("cards", REQ, 1, SSG_MAXCARDS, k_battalion),
	K_END
};

static void *
load_battalions(const struct node *root, struct arena *a, struct batch *b)
{
	struct ssg_deck *d = arena_alloc(a, sizeof(*d));
	size_t i;

	(void)b;
	d->root = root;
	d->copies_n = node_get(root, "copies");
	d->copies = (int)node_long(d->copies_n, SSG_BATTALION_COPIES);
	d->cards_n = node_get(root, "cards");
	if (d->cards_n == NULL || d->cards_n->bad || d->cards_n->type != N_SEQ)
		return d;
	for (i = 0; i < d->cards_n->n && d->n < SSG_MAXCARDS; i++) {
		const struct node *m = d->cards_n->kid[i], *tr;
		struct ssg_card_nodes *cn = &d->nodes[d->n];
		struct ssg_battalion *bt = &d->b[d->n];
		int valid = 1;
		size_t k;

		if (m->type != N_MAP || m->bad)
			continue;
		cn->map = m;
		cn->name = node_get(m, "name");
		cn->type = node_get(m, "type");
		cn->traits = node_get(m, "traits");
		cn->setup_as = node_get(m, "setup_as");
		if ((bt->name = node_str(cn->name, NULL)) == NULL)
			continue;
		bt->type = str_index(ssg_type_name, node_str(cn->type, NULL));
		if (bt->type < 0)
			valid = 0;
		tr = cn->traits;
		for (k = 0; tr && !tr->bad && tr->type == N_SEQ && k < tr->n; k++) {
			int t = str_index(ssg_trait_name, node_str(tr->kid[k], NULL));

			if (t < 0)
				valid = 0;
			else
				bt->traits |= 1u << t;
		}
		bt->setup_cavalry = cn->setup_as &&
		    strcmp(node_str(cn->setup_as, ""), "cavalry") == 0;
		d->valid[d->n] = valid;
		d->n++;
	}
	return d;
}

#define DECK(obj) ((const struct ssg_deck *)(obj))

static void
r_type(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ssg_deck *d = DECK(obj);
	struct sbuf sb = SBUF_INIT;
	int i;

	(void)b;
	for (i = 0; i < d->n; i++) {
		const struct node *t = d->nodes[i].type;

		if (t == NULL || t->bad || d->b[i].type >= 0)
			continue;
		diag(L_ERROR, self->id, t, "'%s' has type '%s'%s", d->b[i].name,
		    t->str, sb_hint(&sb, t->str, ssg_type_name, 1));
	}
	sb_release(&sb);
}

static void
r_traits(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ssg_deck *d = DECK(obj);
	struct sbuf sb = SBUF_INIT;
	int i;
	size_t k, j;

	(void)b;
	for (i = 0; i < d->n; i++) {
		const struct node *tr = d->nodes[i].traits;
		const struct ssg_battalion *bt = &d->b[i];

		if (tr == NULL || tr->bad || tr->type != N_SEQ)
			continue;
		for (k = 0; k < tr->n; k++) {
			const char *s = node_str(tr->kid[k], NULL);

			if (s == NULL)
				continue;
			if (str_index(ssg_trait_name, s) < 0) {
				diag(L_ERROR, self->id, tr->kid[k], "'%s' has "
				    "trait '%s'%s", bt->name, s,
				    sb_hint(&sb, s, ssg_trait_name, 1));
				continue;
			}
			for (j = 0; j < k; j++)
				if (strcmp(node_str(tr->kid[j], ""), s) == 0) {
					diag(L_ERROR, self->id, tr->kid[k],
					    "'%s' has trait '%s' twice", bt->name,
					    s);
					break;
				}
		}
		if ((bt->traits & SSG_SHOCK) && bt->type >= 0 &&
		    bt->type != SSG_CAVALRY)
			diag(L_ERROR, self->id, tr, "'%s' is %s and shock: shock "
			    "is a cavalry trait", bt->name,
			    ssg_type_name[bt->type]);
		if ((bt->traits & SSG_ELITE) && (bt->traits & SSG_MILITIA))
			diag(L_ERROR, self->id, tr, "'%s' is both elite and "
			    "militia; give one", bt->name);
	}
	sb_release(&sb);
}

/* "Horse Artillery are considered as cavalry for the setup purpose." */
static void
r_setup_as(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ssg_deck *d = DECK(obj);
	int i;

	(void)b;
	for (i = 0; i < d->n; i++) {
		const struct node *n = d->nodes[i].setup_as;

		if (n == NULL || n->bad)
			continue;
		if (strcmp(n->str, "cavalry") != 0)
			diag(L_ERROR, self->id, n, "'%s' sets up as '%s'; only "
			    "'setup_as: cavalry' exists (horse artillery)",
			    d->b[i].name, n->str);
		else if (d->b[i].type >= 0 && d->b[i].type != SSG_ARTILLERY)
			diag(L_ERROR, self->id, n, "'%s' is %s: only artillery "
			    "(horse artillery) sets up as cavalry",
			    d->b[i].name, ssg_type_name[d->b[i].type]);
	}
}

static void
r_unique(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ssg_deck *d = DECK(obj);
	const struct node *names[SSG_MAXCARDS];
	int i;

	(void)b;
	for (i = 0; i < d->n; i++)
		names[i] = d->nodes[i].name;
	check_unique(names, (size_t)d->n, self->id, "card", "in the deck",
	    "give each card once, with copies for more");
}

static void
r_copies(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ssg_deck *d = DECK(obj);

	(void)b;
	if (d->copies_n == NULL || d->copies_n->bad)
		return;
	if (d->copies < SSG_COPIES_MIN || d->copies > SSG_COPIES_MAX)
		diag(L_ERROR, self->id, d->copies_n, "copies is %d; a deck "
		    "holds %d to %d of each card", d->copies, SSG_COPIES_MIN,
		    SSG_COPIES_MAX);
	else if (d->copies != SSG_BATTALION_COPIES)
		diag(L_WARNING, self->id, d->copies_n, "copies is %d; the "
		    "rules' Battalion deck has %d of each card", d->copies,
		    SSG_BATTALION_COPIES);
}

static void
r_battalions_size(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ssg_deck *d = DECK(obj);

	(void)b;
	if (d->cards_n && !d->cards_n->bad && d->n != SSG_BATTALION_NAMES)
		diag(L_WARNING, self->id, d->cards_n, "the deck lists %d "
		    "battalion%s; the rules' list has %d (%d cards with %d "
		    "copies)", d->n, d->n == 1 ? "" : "s", SSG_BATTALION_NAMES,
		    SSG_BATTALION_NAMES * SSG_BATTALION_COPIES,
		    SSG_BATTALION_COPIES);
}

static const struct rule battalion_rules[] = {
	{ "ssg.type", "a battalion's type is line, cavalry, light or artillery", r_type },
	{ "ssg.traits", "traits are among elite, heavy, shock, militia, each once; shock only for cavalry; not both elite and militia", r_traits },
	{ "ssg.setup-as", "only artillery may set up as cavalry (horse artillery)", r_setup_as },
	{ "ssg.deck.unique", "every card name appears once in its deck", r_unique },
	{ "ssg.deck.copies", "copies is " STR(SSG_COPIES_MIN) " to " STR(SSG_COPIES_MAX) "; other than " STR(SSG_BATTALION_COPIES) " is not the rules' deck (warning)", r_copies },
	{ "ssg.deck.size", "the decks list " STR(SSG_BATTALION_NAMES) " battalions and " STR(SSG_TACTICS_NAMES) " tactics (" STR(SSG_TACTICS_CARDS) " cards) as the rules do (warning)", r_battalions_size },
	{ NULL, NULL, NULL }
};

/* Each type as parts of an APP-6 unit symbol (the nato widget). */
static const char *const nato_symbol[SSG_NTYPES] = {
	"infantry", "cavalry", "infantry+light", "artillery"
};

static const char *const battalion_fields[] = {
	"name", "type", "type.key", "nato", "traits", "setup", "rules",
	"{att,attf,def,deff}.{line,cavalry,light,artillery}",
	"{att,attf,def,deff}.{line,cavalry,light,artillery}.sign",
	NULL
};

static const struct rectype battalion_type = {
	"ssg.battalion", "a card of the Battalion deck", battalion_fields
};

static void
emit_battalions(const void *obj, struct emitter *e)
{
	const struct ssg_deck *d = DECK(obj);
	struct record *r = e->rec;
	struct sbuf sb = SBUF_INIT;
	char key[48], buf[16];
	int i, t, k;

	for (i = 0; i < d->n; i++) {
		const struct ssg_battalion *bt = &d->b[i];

		if (!d->valid[i])
			continue;
		record_clear(r);
		rec_label(r, bt->name, d->nodes[i].map);
		rec_set(r, "name", bt->name);
		rec_set(r, "type", ssg_type_label[bt->type]);
		rec_set(r, "type.key", ssg_type_name[bt->type]);
		rec_set(r, "nato", nato_symbol[bt->type]);
		sb_reset(&sb);
		for (k = 0; k < SSG_NTRAITS; k++)
			if (bt->traits & (1u << k)) {
				if (sb.len)
					sb_adds(&sb, " · ");
				sb_addc(&sb, (char)(ssg_trait_name[k][0] - 32));
				sb_adds(&sb, ssg_trait_name[k] + 1);
			}
		rec_set(r, "traits", sb_str(&sb));
		rec_set(r, "setup", bt->setup_cavalry ?
		    "sets up as cavalry" : "");
		sb_reset(&sb);
		ssg_combat_note(&sb);
		rec_set(r, "rules", sb_str(&sb));
		/* The card's own modifiers against each type, from the same
		 * table odds uses. */
		for (t = 0; t < SSG_NTYPES; t++) {
			struct ssg_battalion foe = { "foe", t, 0, 0 };
			struct ssg_mods m;
			static const char *const row[4] = {
				"att", "attf", "def", "deff"
			};

			for (k = 0; k < 4; k++) {
				if (k < 2)
					ssg_attack_mods(bt, &foe, k == 1, 0, &m);
				else
					ssg_defense_mods(bt, &foe, k == 3, &m);
				snprintf(key, sizeof(key), "%s.%s", row[k],
				    ssg_type_name[t]);
				rec_set(r, key, ssg_signed(m.total, buf));
				snprintf(key, sizeof(key), "%s.%s.sign", row[k],
				    ssg_type_name[t]);
				rec_set(r, key, m.total > 0 ? "plus" :
				    m.total < 0 ? "minus" : "zero");
			}
		}
		emit_card(e, d->copies);
	}
	sb_release(&sb);
}

static const struct product battalion_products[] = {
	{ "card", &battalion_type, "ssg-battalion", emit_battalions },
	{ NULL, NULL, NULL, NULL }
};

/* `muster new ssg battalions`: what a new document of this kind starts from. */
static const char starter[] =
    "# A Shot, Shell & Grape battalion deck: each card's combat modifiers are\n"
    "# worked out and printed on it.  type: line, cavalry, light or\n"
    "# artillery; traits any of elite, heavy, shock, militia.  A deck other\n"
    "# than the rules' 33 battalions is warned about, and prints as it is.\n"
    "system: ssg\n"
    "kind: battalions\n"
    "name: My battalions\n"
    "copies: 2                    # of each card\n"
    "cards:\n"
    "  - {name: Grenadiers, type: line, traits: [elite]}\n"
    "  - {name: Hussars, type: cavalry}\n"
    "  - {name: Voltigeurs, type: light}\n"
    "  - {name: Horse Art, type: artillery, setup_as: cavalry}\n";

const struct kind ssg_battalions_kind = {
	"battalions", "the Battalion deck", k_battalions, battalion_rules,
	load_battalions, battalion_products, starter
};

/* ---- the deck, for line-ups and odds ---- */

const struct ssg_battalion *
ssg_deck_find(const struct ssg_deck *d, const char *name)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (d->valid[i] && strcmp(d->b[i].name, name) == 0)
			return &d->b[i];
	return NULL;
}

char *
ssg_default_deck(void)
{
	char *found = paths_find("decks", "battalions.yaml"), *real;

	if (found == NULL)
		return NULL;
	real = realpath(found, NULL);
	free(found);
	return real;
}

const struct ssg_deck *
ssg_ref_deck(struct batch *b, const char *path, const struct node *at,
    const char *rule)
{
	static const char *const kinds[] = { "battalions", NULL };
	const struct loaded *ld;
	int n;

	ld = system_ref(b, path, at, rule, "ssg", kinds, &n);
	if (ld == NULL)
		return NULL;
	if (n != 1) {
		if (at)
			diag(L_ERROR, rule, at, "'%s' holds %d decks; name a "
			    "file with one", path, n);
		else
			diag_at(L_FATAL, rule, path, 0, 0, "holds %d decks; "
			    "give a file with one", n);
		return NULL;
	}
	return ld->obj;
}

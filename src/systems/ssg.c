/*
 * systems/ssg.c -- Shot, Shell & Grape's decks and reference cards
 * (002_6173cb95b4ba469e.txt; SPEC 3.4): kind battalions, tactics,
 * specialties and reference.  Line-ups are in ssg_lineup.c.
 */
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
#include "ssg.h"

static const char *const categories[] = {
	"attack", "defense", "reinforce", "morale", "terrain", "special", NULL
};
enum { CAT_ATTACK, CAT_DEFENSE, CAT_REINFORCE, CAT_MORALE, CAT_TERRAIN,
	CAT_SPECIAL };
/* Each category its own colour, so a hand sorts itself at a glance. */
static const char *const category_colour[] = {
	"#a31515", "#1f4e9a", "#2e7d32", "#6a1b9a", "#795548", "#455a64"
};

/* ---- effects (shared by tactics and specialties) ---- */

static const struct skey k_effect_keys[] = {
	K_TEXT("roll", OPT, "attack, defense, combat or morale"),
	K_ANY("who", OPT),
	K_ANY("vs", OPT),
	K_INT("mod", OPT, -20, 20),
	K_STR("stack", OPT),
	K_INT("extra_attack", OPT, -9, 9),
	K_INT("reinforce", OPT, -9, 9),
	K_INT("attacks", OPT, -9, 9),
	K_BOOL("force_morale", OPT),
	K_STR("discard", OPT),
	K_INT("hand", OPT, -9, 9),
	K_STR("side", OPT),
	K_STR("from", OPT),
	K_STR("when", OPT),
	K_BOOL("defending", OPT),
	K_END
};
static const struct skey k_effect[] = { K_MAP("effect", REQ, k_effect_keys) };

/* Which keys besides the kind's own each kind of effect takes. */
static const char *const kind_keys[SSG_NEFFECTS][6] = {
	{ "who", "vs", "mod", "stack", "when", NULL },	/* roll */
	{ "who", "when", "defending", NULL },		/* extra_attack */
	{ "who", "from", "side", NULL },		/* reinforce */
	{ NULL },					/* attacks */
	{ NULL },					/* force_morale */
	{ NULL },					/* discard */
	{ NULL },					/* hand */
};

#define EREPORT(...) do { if (rule) diag(L_ERROR, rule, __VA_ARGS__); \
	ok = 0; } while (0)

/* A who: or vs: value (a word or a list of words) as a type set. */
static int
selector(const struct node *n, unsigned *out, const char *rule,
    const char *key)
{
	struct sbuf sb = SBUF_INIT;
	size_t i, cnt = 1;
	int ok = 1;

	*out = SSG_ANY;
	if (n == NULL || n->bad)
		return 1;
	if (n->type == N_SEQ)
		cnt = n->n;
	for (i = 0; i < cnt; i++) {
		const struct node *w = n->type == N_SEQ ? n->kid[i] : n;
		long set;

		if (w->type != N_SCALAR || (set = ssg_who(w->str)) < 0) {
			if (w->type == N_SCALAR) {
				EREPORT(w, "effect '%s' is '%s'%s", key, w->str,
				    sb_hint(&sb, w->str, ssg_who_name, 1));
			} else {
				sb_reset(&sb);
				sb_list(&sb, ssg_who_name);
				EREPORT(w, "effect '%s' must be one or a list "
				    "of %s", key, sb.buf);
			}
			continue;
		}
		*out |= (unsigned)set;
	}
	sb_release(&sb);
	/* Naming every type is naming any. */
	if (*out == (1u << SSG_NTYPES) - 1)
		*out = SSG_ANY;
	return ok;
}

/*
 * Reads one effect map into e.  With rule set, reports what is wrong
 * under it.  Returns 1 when the effect is well formed.
 */
static int
read_effect(const struct node *m, struct ssg_effect *e,
    struct ssg_effect_nodes *en, const char *rule)
{
	struct sbuf sb = SBUF_INIT;
	const struct node *kn = NULL, *v;
	int kind = -1, k, ok = 1;
	size_t i;

	memset(e, 0, sizeof(*e));
	memset(en, 0, sizeof(*en));
	en->map = m;
	if (m->type != N_MAP || m->bad)
		return 0;
	for (k = 0; k < SSG_NEFFECTS; k++) {
		const struct node *key = node_key(m, ssg_effect_key[k]);

		if (key == NULL)
			continue;
		if (kn) {
			EREPORT(key, "an effect is either '%s' or '%s', not "
			    "both: give each its own effect", kn->str, key->str);
			return 0;
		}
		kn = key;
		kind = k;
	}
	if (kn == NULL) {
		sb_list(&sb, ssg_effect_key);
		EREPORT(m, "an effect needs one of %s", sb.buf);
		sb_release(&sb);
		return 0;
	}
	e->kind = kind;
	en->key = kn;
	/* Keys that mean nothing for this kind of effect. */
	for (i = 0; i < m->n; i++) {
		const struct node *key = MAP_KEY(m, i);

		if (key == kn || key->type != N_SCALAR ||
		    str_index(kind_keys[kind], key->str) >= 0 ||
		    str_index(ssg_effect_key, key->str) >= 0 ||
		    node_key(m, key->str) != key)
			continue;
		if (str_index((const char *const[]){ "who", "vs", "mod", "stack",
		    "side", "from", "when", "defending", NULL }, key->str) < 0)
			continue;	/* unknown keys are the schema's */
		EREPORT(key, "'%s' has no meaning in a %s effect", key->str,
		    kn->str);
	}
	v = node_get(m, kn->str);
	en->who = node_get(m, "who");
	en->vs = node_get(m, "vs");
	en->mod = node_get(m, "mod");
	en->stack = node_get(m, "stack");
	ok &= selector(en->who, &e->who, rule, "who");
	ok &= selector(en->vs, &e->vs, rule, "vs");
	if (v == NULL || v->bad)
		return 0;
	switch (kind) {
	case SSG_EF_ROLL:
		en->roll = v;
		e->roll = str_index(ssg_roll_name, v->str);
		if (e->roll < 0)
			EREPORT(v, "effect roll '%s' is not a roll%s", v->str,
			    sb_hint(&sb, v->str, ssg_roll_name, 1));
		e->mod = (int)node_long(en->mod, 0);
		if (en->mod == NULL)
			EREPORT(m, "a roll effect needs 'mod', the modifier, such "
			    "as -1 or 2");
		else if (!en->mod->bad && (e->mod == 0 || e->mod < -5 ||
		    e->mod > 5))
			EREPORT(en->mod, "effect mod is %d; a roll modifier is "
			    "-5 to 5 and not 0", e->mod);
		if (e->roll == SSG_ROLL_MORALE && (en->who || en->vs))
			EREPORT(en->who ? en->who : en->vs, "a morale effect is "
			    "for a stack, not for a type: leave out who and vs");
		if (en->stack && !en->stack->bad) {
			e->where = str_index(ssg_where_name, en->stack->str);
			if (e->where < 0) {
				sb_list(&sb, ssg_where_name);
				EREPORT(en->stack, "effect stack '%s' must be one "
				    "of %s", en->stack->str, sb.buf);
				e->where = 0;
			}
		}
		break;
	case SSG_EF_EXTRA_ATTACK:
	case SSG_EF_REINFORCE:
	case SSG_EF_ATTACKS:
	case SSG_EF_HAND:
		e->mod = (int)node_long(v, 0);
		if (e->mod == 0 || e->mod < -3 || e->mod > 3 ||
		    (kind == SSG_EF_EXTRA_ATTACK && e->mod < 0))
			EREPORT(v, "effect %s is %d; it must be %s", kn->str,
			    e->mod, kind == SSG_EF_EXTRA_ATTACK ? "1 to 3" :
			    "-3 to 3 and not 0");
		break;
	case SSG_EF_FORCE_MORALE:
		if (!node_bool(v, 0))
			EREPORT(v, "force_morale can only be true");
		break;
	case SSG_EF_DISCARD:
		if (strcmp(v->str, "terrain") != 0)
			EREPORT(v, "discard '%s': only a terrain card can be "
			    "discarded", v->str);
		break;
	}
	if ((v = node_get(m, "side")) != NULL && !v->bad) {
		if (strcmp(v->str, "opponent") == 0)
			e->opponent = 1;
		else if (strcmp(v->str, "you") != 0)
			EREPORT(v, "effect side '%s' must be you or opponent",
			    v->str);
	}
	if ((v = node_get(m, "from")) != NULL && !v->bad) {
		if (strcmp(v->str, "reserve") == 0)
			e->from_reserve = 1;
		else
			EREPORT(v, "effect from '%s': reinforcements come from "
			    "the reserve or any stack; give 'reserve' or leave "
			    "it out", v->str);
	}
	if ((v = node_get(m, "when")) != NULL && !v->bad) {
		if (strcmp(v->str, "flank") == 0)
			e->flank = 1;
		else
			EREPORT(v, "effect when '%s' must be flank", v->str);
	}
	e->defending = node_bool(node_get(m, "defending"), 0);
	sb_release(&sb);
	return ok;
}

static void
load_effects(const struct node *list, struct ssg_effects *fx)
{
	size_t i;

	fx->n = 0;
	if (list == NULL || list->bad || list->type != N_SEQ)
		return;
	for (i = 0; i < list->n && fx->n < SSG_MAXEFFECTS; i++, fx->n++)
		fx->ok[fx->n] = read_effect(list->kid[i], &fx->e[fx->n],
		    &fx->nodes[fx->n], NULL);
}

static void
check_effects(const struct node *list, const char *rule)
{
	struct ssg_effect e;
	struct ssg_effect_nodes en;
	size_t i;

	if (list == NULL || list->bad || list->type != N_SEQ)
		return;
	for (i = 0; i < list->n; i++)
		read_effect(list->kid[i], &e, &en, rule);
}

/* The card text of every well-formed effect, one sentence each. */
static void
effects_text(const struct ssg_effects *fx, struct sbuf *sb)
{
	int i;

	for (i = 0; i < fx->n; i++) {
		if (!fx->ok[i])
			continue;
		if (sb->len)
			sb_addc(sb, '\n');
		ssg_effect_text(&fx->e[i], sb);
	}
}

/* ---- battalions ---- */

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

/* Names unique within a deck; a list of (name node) pairs. */
static void
unique_names(const struct node *const *names, int n, const char *rule)
{
	int i, j;

	for (i = 1; i < n; i++)
		for (j = 0; j < i; j++)
			if (names[i] && names[j] &&
			    strcmp(names[i]->str, names[j]->str) == 0) {
				diag(L_ERROR, rule, names[i], "card '%s' is in the "
				    "deck twice (first at line %d); give each "
				    "card once, with copies or count for more",
				    names[i]->str, names[j]->line);
				break;
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
	unique_names(names, d->n, self->id);
}

static void
r_copies(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ssg_deck *d = DECK(obj);

	(void)b;
	if (d->copies_n == NULL || d->copies_n->bad)
		return;
	if (d->copies < 1 || d->copies > 10)
		diag(L_ERROR, self->id, d->copies_n, "copies is %d; a deck "
		    "holds 1 to 10 of each card", d->copies);
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
		    "battalions; the rules' list has %d (%d cards with %d "
		    "copies)", d->n, SSG_BATTALION_NAMES, SSG_BATTALION_NAMES *
		    SSG_BATTALION_COPIES, SSG_BATTALION_COPIES);
}

static const struct rule battalion_rules[] = {
	{ "ssg.type", "a battalion's type is line, cavalry, light or artillery", r_type },
	{ "ssg.traits", "traits are among elite, heavy, shock, militia, each once; shock only for cavalry; not both elite and militia", r_traits },
	{ "ssg.setup-as", "only artillery may set up as cavalry (horse artillery)", r_setup_as },
	{ "ssg.deck.unique", "every card name appears once in its deck", r_unique },
	{ "ssg.deck.copies", "copies is 1 to 10; other than 2 is not the rules' deck (warning)", r_copies },
	{ "ssg.deck.size", "the decks list 33 battalions and 49 tactics (51 cards) as the rules do (warning)", r_battalions_size },
	{ NULL, NULL, NULL }
};

/* "+1", "−1", "0" for a card. */
static const char *
signed_mod(int m, char buf[16])
{
	if (m > 0)
		snprintf(buf, 16, "+%d", m % 1000);
	else if (m < 0)
		snprintf(buf, 16, "−%d", -m % 1000);
	else
		snprintf(buf, 16, "0");
	return buf;
}

static const char *const nato_symbol[SSG_NTYPES] = {
	"infantry", "cavalry", "light", "artillery"
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
		    "Sets up as cavalry" : "");
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
				rec_set(r, key, signed_mod(m.total, buf));
				snprintf(key, sizeof(key), "%s.%s.colour", row[k],
				    ssg_type_name[t]);
				rec_set(r, key, m.total > 0 ? "#1b5e20" :
				    m.total < 0 ? "#a31515" : "#555555");
			}
		}
		emit_card(e, d->copies);
	}
	sb_release(&sb);
}

/* ---- tactics ---- */

static const struct skey k_tactic_keys[] = {
	K_TEXT("name", REQ, "the card's name"),
	K_INT("count", OPT, -99, 99),
	K_TEXT("category", REQ, "attack, defense, reinforce, morale, terrain or special"),
	K_SEQ("effects", OPT, 0, SSG_MAXEFFECTS, k_effect),
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
		load_effects(t->effects_n, &t->fx);
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
		check_effects(d->t[i].effects_n, self->id);
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
	unique_names(names, d->n, self->id);
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
		int want = strcmp(t->name, "Maneuver") == 0 ? 3 : 1;

		if (t->count_n == NULL || t->count_n->bad) {
			if (want != 1)
				diag(L_WARNING, self->id, t->name_n, "'%s' comes "
				    "%d times in the rules' deck; give count: %d",
				    t->name, want, want);
			continue;
		}
		if (t->count < 1 || t->count > 10)
			diag(L_ERROR, self->id, t->count_n, "'%s' has count %d; "
			    "a deck holds 1 to 10 of a card", t->name, t->count);
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
	{ "ssg.deck.count", "a tactics card's count is 1 to 10; the rules have 1 of each, Maneuver 3 (warning)", r_count },
	{ "ssg.deck.size", NULL, r_tactics_size },
	{ NULL, NULL, NULL }
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
		rec_set(r, "category.colour", category_colour[t->category]);
		rec_set(r, "terrain", terrain ? "terrain" : "");
		rec_set(r, "action", terrain ? "" : "action");
		sb_reset(&sb);
		if (t->text_n && !t->text_n->bad)
			sb_adds(&sb, t->text_n->str);
		effects_text(&t->fx, &sb);
		rec_set(r, "text", sb_str(&sb));
		rec_setf(r, "count", "%d", t->count);
		emit_card(e, t->count);
	}
	sb_release(&sb);
}

/* ---- specialties: the d6 table of army specialties ---- */

static const struct skey k_specialty_keys[] = {
	K_INT("roll", REQ, 1, 6),
	K_TEXT("name", REQ, "the specialty's name"),
	K_SEQ("effects", REQ, 1, SSG_MAXEFFECTS, k_effect),
	K_END
};
static const struct skey k_specialty[] = {
	K_MAP("entry", REQ, k_specialty_keys)
};
static const struct skey k_specialties[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_STR("name", OPT),
	K_SEQ("entries", REQ, 1, 12, k_specialty),
	K_END
};

struct specialties {
	const struct node *root, *entries_n;
	const char *name;
	const struct node *map[12], *roll_n[12], *effects_n[12];
	const char *entry[12];
	int roll[12];
	struct ssg_effects fx[12];
	int n;
};

static void *
load_specialties(const struct node *root, struct arena *a, struct batch *b)
{
	struct specialties *s = arena_alloc(a, sizeof(*s));
	size_t i;

	(void)b;
	s->root = root;
	s->name = get_str(root, "name", "Army specialties");
	s->entries_n = node_get(root, "entries");
	if (s->entries_n == NULL || s->entries_n->bad ||
	    s->entries_n->type != N_SEQ)
		return s;
	for (i = 0; i < s->entries_n->n && s->n < 12; i++) {
		const struct node *m = s->entries_n->kid[i];

		if (m->type != N_MAP || m->bad)
			continue;
		s->map[s->n] = m;
		s->roll_n[s->n] = node_get(m, "roll");
		s->roll[s->n] = (int)node_long(s->roll_n[s->n], 0);
		s->entry[s->n] = get_str(m, "name", "");
		s->effects_n[s->n] = node_get(m, "effects");
		load_effects(s->effects_n[s->n], &s->fx[s->n]);
		s->n++;
	}
	return s;
}

#define SPECIALTIES(obj) ((const struct specialties *)(obj))

/* "Before play starts each player rolls once on the table": 1D6, so
 * each of 1 to 6 once. */
static void
r_specialties(const void *obj, struct batch *b, const struct rule *self)
{
	const struct specialties *s = SPECIALTIES(obj);
	const struct node *seen[7] = { NULL };
	int i, r;

	(void)b;
	for (i = 0; i < s->n; i++) {
		r = s->roll[i];
		if (r < 1 || r > 6 || s->roll_n[i]->bad)
			continue;
		if (seen[r])
			diag(L_ERROR, self->id, s->roll_n[i], "roll %d is in the "
			    "table twice (first at line %d); each of 1 to 6 "
			    "once", r, seen[r]->line);
		else
			seen[r] = s->roll_n[i];
	}
	for (r = 1; r <= 6; r++)
		if (seen[r] == NULL && s->entries_n && !s->entries_n->bad)
			diag(L_ERROR, self->id, s->entries_n, "the table has no "
			    "entry for a roll of %d; a d6 table needs 1 to 6",
			    r);
}

static void
r_effect_specialties(const void *obj, struct batch *b, const struct rule *self)
{
	const struct specialties *s = SPECIALTIES(obj);
	int i;

	(void)b;
	for (i = 0; i < s->n; i++)
		check_effects(s->effects_n[i], self->id);
}

static const struct rule specialty_rules[] = {
	{ "ssg.specialties", "the army specialties table has each d6 roll, 1 to 6, once", r_specialties },
	{ "ssg.effect", NULL, r_effect_specialties },
	{ NULL, NULL, NULL }
};

static void
emit_specialties(const void *obj, struct emitter *e)
{
	const struct specialties *s = SPECIALTIES(obj);
	struct record *r = e->rec;
	struct sbuf sb = SBUF_INIT;
	char key[32];
	int i;

	record_clear(r);
	rec_label(r, s->name, s->root);
	rec_set(r, "name", s->name);
	for (i = 1; i <= 6; i++) {
		snprintf(key, sizeof(key), "spec.%d.name", i);
		rec_set(r, key, "");
		snprintf(key, sizeof(key), "spec.%d.text", i);
		rec_set(r, key, "");
	}
	for (i = 0; i < s->n; i++) {
		if (s->roll[i] < 1 || s->roll[i] > 6)
			continue;
		snprintf(key, sizeof(key), "spec.%d.name", s->roll[i]);
		rec_set(r, key, s->entry[i]);
		sb_reset(&sb);
		effects_text(&s->fx[i], &sb);
		snprintf(key, sizeof(key), "spec.%d.text", s->roll[i]);
		rec_set(r, key, sb_str(&sb));
	}
	sb_release(&sb);
	emit_card(e, 1);
}

/* ---- reference: the turn in words, the modifiers from the tables ---- */

static const struct skey k_line[] = { K_STR("line", REQ) };
static const struct skey k_reference[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_TEXT("name", REQ, "the card's title"),
	K_SEQH("turn", REQ, 1, 12, k_line, "the turn's phases, one line each"),
	K_SEQ("setup", OPT, 0, 12, k_line),
	K_END
};

struct reference {
	const struct node *root;
	const char *name;
	const struct node *turn, *setup;
};

static void *
load_reference(const struct node *root, struct arena *a, struct batch *b)
{
	struct reference *f = arena_alloc(a, sizeof(*f));

	(void)b;
	f->root = root;
	f->name = get_str(root, "name", "Rules summary");
	f->turn = node_get(root, "turn");
	f->setup = node_get(root, "setup");
	return f;
}

static const struct rule reference_rules[] = {
	{ NULL, NULL, NULL }
};

static void
add_lines(struct sbuf *sb, const struct node *list)
{
	size_t i;

	if (list == NULL || list->bad || list->type != N_SEQ)
		return;
	for (i = 0; i < list->n; i++) {
		const char *s = node_str(list->kid[i], NULL);

		if (s == NULL)
			continue;
		if (sb->len)
			sb_addc(sb, '\n');
		sb_adds(sb, s);
	}
}

static void
emit_reference(const void *obj, struct emitter *e)
{
	static const char *const roll_title[] = {
		"Attack", "Defense", "Both rolls"
	};
	const struct reference *f = obj;
	const struct ssg_mod_rule *m;
	const struct ssg_morale_rule *mr;
	struct record *r = e->rec;
	struct sbuf sb = SBUF_INIT;
	char buf[16];
	int roll;

	/* Card 1: the turn and the set-up, in the document's words. */
	record_clear(r);
	rec_label(r, f->name, f->root);
	rec_set(r, "title", f->name);
	rec_set(r, "page", "turn");
	add_lines(&sb, f->turn);
	rec_set(r, "turn", sb_str(&sb));
	sb_reset(&sb);
	add_lines(&sb, f->setup);
	rec_set(r, "setup", sb_str(&sb));
	rec_set(r, "combat", "");
	emit_card(e, 1);

	/* Card 2: every modifier, generated from the rules' tables. */
	record_clear(r);
	rec_label(r, f->name, f->root);
	rec_set(r, "title", "Combat and morale");
	rec_set(r, "page", "");
	sb_reset(&sb);
	sb_addf(&sb, "Each side rolls a d8: %d or more destroys the card "
	    "opposite.", SSG_DESTROYS);
	for (roll = SSG_ROLL_ATTACK; roll <= SSG_ROLL_COMBAT; roll++) {
		sb_addf(&sb, "\n%s:", roll_title[roll]);
		for (m = ssg_mod_rules; m->why; m++)
			if (m->roll == roll)
				sb_addf(&sb, "\n  %s  %s", signed_mod(m->mod, buf),
				    m->why);
	}
	sb_addf(&sb, "\nMorale: a stack routs on 2d6 of %d or more.",
	    SSG_ROUTS);
	for (mr = ssg_morale_rules; mr->why; mr++)
		sb_addf(&sb, "\n  %s  %s", signed_mod(mr->mod, buf), mr->why);
	rec_set(r, "combat", sb_str(&sb));
	rec_set(r, "turn", "");
	rec_set(r, "setup", "");
	sb_release(&sb);
	emit_card(e, 1);
}

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
	return paths_find("decks", "battalions.yaml");
}

const struct ssg_deck *
ssg_load_deck(const char *path, struct arena *a, const struct node *at)
{
	struct loaded ld;

	if (system_read_one(path, a, NULL, &ld) < 0) {
		if (at)
			diag(L_ERROR, "ssg.setup.deck", at, "the deck '%s' "
			    "cannot be used (see above)", path);
		return NULL;
	}
	if (strcmp(ld.sys->name, "ssg") != 0 ||
	    strcmp(ld.sys->kind, "battalions") != 0) {
		if (at)
			diag(L_ERROR, "ssg.setup.deck", at, "'%s' holds %s %s, "
			    "not an ssg battalions deck", path, ld.sys->name,
			    ld.sys->kind);
		else
			diag_at(L_FATAL, "ssg.setup.deck", path, 0, 0, "holds %s "
			    "%s, not an ssg battalions deck", ld.sys->name,
			    ld.sys->kind);
		return NULL;
	}
	return ld.obj;
}

const struct system ssg_battalions = {
	"ssg", "battalions", "the Battalion deck",
	k_battalions, "ssg-battalion", battalion_rules, load_battalions,
	emit_battalions
};

const struct system ssg_tactics = {
	"ssg", "tactics", "the Tactics deck",
	k_tactics, "ssg-tactics", tactics_rules, load_tactics, emit_tactics
};

const struct system ssg_specialties = {
	"ssg", "specialties", "the army specialties table, as a card",
	k_specialties, "ssg-specialties", specialty_rules, load_specialties,
	emit_specialties
};

const struct system ssg_reference = {
	"ssg", "reference", "the rules summary, as two cards",
	k_reference, "ssg-reference", reference_rules, load_reference,
	emit_reference
};

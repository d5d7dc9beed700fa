/*
 * systems/ssg_effects.c -- the effects of Shot, Shell & Grape's tactics
 * cards and army specialties (002_6173cb95b4ba469e.txt, TACTICS CARD
 * LIST, ARMY SPECIALTIES): read from a document, checked, and turned
 * into card text by rules/ssg.c, so no card says what the checker does
 * not know.
 */
#include <stdio.h>
#include <string.h>

#include "../diag.h"
#include "../doc.h"
#include "../rules/ssg.h"
#include "../schema.h"
#include "ssg_game.h"

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
	K_BOOL("attacking", OPT),
	K_END
};
const struct skey ssg_k_effect[] = {
	K_MAP("effect", REQ, k_effect_keys)
};

/* Which keys besides the kind's own each kind of effect takes. */
static const char *const kind_keys[SSG_NEFFECTS][6] = {
	{ "who", "vs", "mod", "stack", "when", NULL },	/* roll */
	{ "who", "when", "defending", "attacking", NULL },	/* extra_attack */
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

/* The one kind key of effect map m (kind set), or NULL, told. */
static const struct node *
effect_kind(const struct node *m, int *kind, const char *rule)
{
	const struct node *kn = NULL;
	struct sbuf sb = SBUF_INIT;
	int k, ok = 1;

	for (k = 0; k < SSG_NEFFECTS; k++) {
		const struct node *key = node_key(m, ssg_effect_key[k]);

		if (key == NULL)
			continue;
		if (kn) {
			EREPORT(key, "an effect is either '%s' or '%s', not "
			    "both: give each its own effect", kn->str, key->str);
			return NULL;
		}
		kn = key;
		*kind = k;
	}
	if (kn == NULL) {
		sb_list(&sb, ssg_effect_key);
		EREPORT(m, "an effect needs one of %s", sb.buf);
		sb_release(&sb);
	}
	(void)ok;
	return kn;
}

/* Keys of m that mean nothing for its kind kn: told (unknown keys are
 * the schema's). */
static int
effect_stray_keys(const struct node *m, const struct node *kn, int kind,
    const char *rule)
{
	static const char *const effect_words[] = { "who", "vs", "mod",
	    "stack", "side", "from", "when", "defending", "attacking", NULL };
	int ok = 1;
	size_t i;

	for (i = 0; i < m->n; i++) {
		const struct node *key = MAP_KEY(m, i);

		if (key == kn || key->type != N_SCALAR ||
		    str_index(kind_keys[kind], key->str) >= 0 ||
		    str_index(ssg_effect_key, key->str) >= 0 ||
		    node_key(m, key->str) != key ||
		    str_index(effect_words, key->str) < 0)
			continue;
		EREPORT(key, "'%s' has no meaning in a %s effect", key->str,
		    kn->str);
	}
	return ok;
}

/* A roll effect: the roll v, its mod and stack. */
static int
effect_roll(const struct node *m, const struct node *v,
    struct ssg_effect *e, struct ssg_effect_nodes *en, const char *rule)
{
	struct sbuf sb = SBUF_INIT;
	int ok = 1;

	en->roll = v;
	e->roll = str_index(ssg_roll_name, v->str);
	if (e->roll < 0)
		EREPORT(v, "effect roll '%s' is not a roll%s", v->str,
		    sb_hint(&sb, v->str, ssg_roll_name, 1));
	e->mod = (int)node_long(en->mod, 0);
	if (en->mod == NULL)
		EREPORT(m, "a roll effect needs 'mod', the modifier, such "
		    "as -1 or 2");
	else if (!en->mod->bad && (e->mod == 0 ||
	    e->mod < -SSG_EFFECT_MOD_MAX || e->mod > SSG_EFFECT_MOD_MAX))
		EREPORT(en->mod, "effect mod is %d; a roll modifier is "
		    "%d to %d and not 0", e->mod, -SSG_EFFECT_MOD_MAX,
		    SSG_EFFECT_MOD_MAX);
	if (e->roll == SSG_ROLL_MORALE && (en->who || en->vs))
		EREPORT(en->who ? en->who : en->vs, "a morale effect is "
		    "for a stack, not for a type: leave out who and vs");
	if (en->stack && !en->stack->bad) {
		e->where = str_index(ssg_where_name, en->stack->str) + 1;
		if (e->where == SSG_WHERE_NONE) {
			sb_list(&sb, ssg_where_name);
			EREPORT(en->stack, "effect stack '%s' must be one "
			    "of %s", en->stack->str, sb.buf);
		}
	}
	sb_release(&sb);
	return ok;
}

/* What the effect of kind (key kn) says with its value v. */
static int
effect_value(const struct node *m, const struct node *kn,
    const struct node *v, int kind, struct ssg_effect *e,
    struct ssg_effect_nodes *en, const char *rule)
{
	int ok = 1;

	switch (kind) {
	case SSG_EF_ROLL:
		return effect_roll(m, v, e, en, rule);
	case SSG_EF_EXTRA_ATTACK:
	case SSG_EF_REINFORCE:
	case SSG_EF_ATTACKS:
	case SSG_EF_HAND:
		e->mod = (int)node_long(v, 0);
		if (e->mod == 0 || e->mod < -SSG_EFFECT_COUNT_MAX ||
		    e->mod > SSG_EFFECT_COUNT_MAX ||
		    (kind == SSG_EF_EXTRA_ATTACK && e->mod < 0)) {
			if (kind == SSG_EF_EXTRA_ATTACK)
				EREPORT(v, "effect %s is %d; it must be 1 to %d",
				    kn->str, e->mod, SSG_EFFECT_COUNT_MAX);
			else
				EREPORT(v, "effect %s is %d; it must be %d to %d "
				    "and not 0", kn->str, e->mod,
				    -SSG_EFFECT_COUNT_MAX, SSG_EFFECT_COUNT_MAX);
		}
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
	return ok;
}

/* The conditions any effect may carry: side, from, when, defending and
 * attacking. */
static int
effect_conditions(const struct node *m, struct ssg_effect *e,
    const char *rule)
{
	const struct node *v;
	int ok = 1;

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
	e->attacking = node_bool(node_get(m, "attacking"), 0);
	if (e->attacking && e->defending)
		EREPORT(node_key(m, "attacking"), "an extra attack is for the "
		    "attacking or the defending battalion, not both");
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
	const struct node *kn, *v;
	int kind = -1, ok = 1;

	memset(e, 0, sizeof(*e));
	memset(en, 0, sizeof(*en));
	en->map = m;
	if (m->type != N_MAP || m->bad)
		return 0;
	if ((kn = effect_kind(m, &kind, rule)) == NULL)
		return 0;
	e->kind = kind;
	en->key = kn;
	ok &= effect_stray_keys(m, kn, kind, rule);
	v = node_get(m, kn->str);
	en->who = node_get(m, "who");
	en->vs = node_get(m, "vs");
	en->mod = node_get(m, "mod");
	en->stack = node_get(m, "stack");
	ok &= selector(en->who, &e->who, rule, "who");
	ok &= selector(en->vs, &e->vs, rule, "vs");
	if (v == NULL || v->bad)
		return 0;
	ok &= effect_value(m, kn, v, kind, e, en, rule);
	ok &= effect_conditions(m, e, rule);
	return ok;
}

void
ssg_effects_load(const struct node *list, struct ssg_effects *fx)
{
	size_t i;

	fx->n = 0;
	if (list == NULL || list->bad || list->type != N_SEQ)
		return;
	for (i = 0; i < list->n && fx->n < SSG_MAXEFFECTS; i++, fx->n++)
		fx->ok[fx->n] = read_effect(list->kid[i], &fx->e[fx->n],
		    &fx->nodes[fx->n], NULL);
}

void
ssg_effects_check(const struct node *list, const char *rule)
{
	struct ssg_effect e;
	struct ssg_effect_nodes en;
	size_t i;

	if (list == NULL || list->bad || list->type != N_SEQ)
		return;
	for (i = 0; i < list->n; i++)
		read_effect(list->kid[i], &e, &en, rule);
}

void
ssg_effects_text(const struct ssg_effects *fx, struct sbuf *sb)
{
	ssg_effects_text_as(fx, 0, sb);
}

void
ssg_effects_text_as(const struct ssg_effects *fx, int icons, struct sbuf *sb)
{
	int i;

	for (i = 0; i < fx->n; i++) {
		if (!fx->ok[i])
			continue;
		if (sb->len)
			sb_addc(sb, '\n');
		ssg_effect_text_as(&fx->e[i], icons, sb);
	}
}

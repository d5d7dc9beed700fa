/*
 * systems/ssg_specialties.c -- kind specialties: Shot, Shell & Grape's
 * optional army specialties, a d6 table printed as a reference card
 * (002_6173cb95b4ba469e.txt, ARMY SPECIALTIES; SPEC 3.4).
 */
#include <stdio.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../record.h"
#include "../rules/ssg.h"
#include "../schema.h"
#include "../system.h"
#include "ssg_game.h"

static const struct skey k_specialty_keys[] = {
	K_INT("roll", REQ, 1, SSG_SPECIALTY_DIE),
	K_TEXT("name", REQ, "the specialty's name"),
	K_SEQ("effects", REQ, 1, SSG_MAXEFFECTS, ssg_k_effect),
	K_END
};
static const struct skey k_specialty[] = {
	K_MAP("entry", REQ, k_specialty_keys)
};
static const struct skey k_specialties[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_STR("name", OPT),
	K_SEQ("entries", REQ, 1, SSG_SPECIALTY_DIE, k_specialty),
	K_END
};

struct specialties {
	const struct node *root, *entries_n;
	const char *name;
	const struct node *map[SSG_SPECIALTY_DIE], *roll_n[SSG_SPECIALTY_DIE];
	const struct node *effects_n[SSG_SPECIALTY_DIE];
	const char *entry[SSG_SPECIALTY_DIE];
	int roll[SSG_SPECIALTY_DIE];
	struct ssg_effects fx[SSG_SPECIALTY_DIE];
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
	for (i = 0; i < s->entries_n->n && s->n < SSG_SPECIALTY_DIE; i++) {
		const struct node *m = s->entries_n->kid[i];

		if (m->type != N_MAP || m->bad)
			continue;
		s->map[s->n] = m;
		s->roll_n[s->n] = node_get(m, "roll");
		s->roll[s->n] = (int)node_long(s->roll_n[s->n], 0);
		s->entry[s->n] = get_str(m, "name", "");
		s->effects_n[s->n] = node_get(m, "effects");
		ssg_effects_load(s->effects_n[s->n], &s->fx[s->n]);
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
	struct span sp[SSG_SPECIALTY_DIE];
	int i, n = 0;

	(void)b;
	if (s->entries_n == NULL || s->entries_n->bad)
		return;
	for (i = 0; i < s->n; i++) {
		if (s->roll_n[i] == NULL || s->roll_n[i]->bad)
			continue;
		sp[n].lo = sp[n].hi = s->roll[i];
		sp[n++].at = s->roll_n[i];
	}
	check_cover(sp, (size_t)n, 1, SSG_SPECIALTY_DIE, s->entries_n,
	    self->id, "roll");
}

static void
r_effect_specialties(const void *obj, struct batch *b, const struct rule *self)
{
	const struct specialties *s = SPECIALTIES(obj);
	int i;

	(void)b;
	for (i = 0; i < s->n; i++)
		ssg_effects_check(s->effects_n[i], self->id);
}

static const struct rule specialty_rules[] = {
	{ "ssg.specialties", "the army specialties table has each roll of its d" STR(SSG_SPECIALTY_DIE) " once", r_specialties },
	{ "ssg.effect", NULL, r_effect_specialties },
	{ NULL, NULL, NULL }
};

static const char *const specialty_fields[] = {
	"name", "how", "spec.{1..6}.{name,text}", NULL
};

static const struct rectype specialty_type = {
	"ssg.specialties", "the army specialties table as a card",
	specialty_fields
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
	rec_setf(r, "how", "Before play, each player rolls a d%d once; the "
	    "ability lasts the game.", SSG_SPECIALTY_DIE);
	for (i = 1; i <= SSG_SPECIALTY_DIE; i++) {
		snprintf(key, sizeof(key), "spec.%d.name", i);
		rec_set(r, key, "");
		snprintf(key, sizeof(key), "spec.%d.text", i);
		rec_set(r, key, "");
	}
	for (i = 0; i < s->n; i++) {
		if (s->roll[i] < 1 || s->roll[i] > SSG_SPECIALTY_DIE)
			continue;
		snprintf(key, sizeof(key), "spec.%d.name", s->roll[i]);
		rec_set(r, key, s->entry[i]);
		sb_reset(&sb);
		ssg_effects_text(&s->fx[i], &sb);
		snprintf(key, sizeof(key), "spec.%d.text", s->roll[i]);
		rec_set(r, key, sb_str(&sb));
	}
	sb_release(&sb);
	emit_card(e, 1);
}

static const struct product specialty_products[] = {
	{ "reference", &specialty_type, "ssg-specialties", emit_specialties },
	{ NULL, NULL, NULL, NULL }
};

/* `muster new ssg specialties`: what a new document of this kind starts from. */
static const char starter[] =
    "# Shot, Shell & Grape army specialties: a d6 table, one entry a roll.\n"
    "system: ssg\n"
    "kind: specialties\n"
    "name: My specialties\n"
    "entries:\n"
    "  - {roll: 1, name: Steady Ranks, effects: [{roll: morale, mod: -1}]}\n"
    "  - {roll: 2, name: Bold Commander, effects: [{hand: 2}]}\n"
    "  - {roll: 3, name: Volley Drill, effects: [{roll: combat, who: line, mod: 1}]}\n"
    "  - {roll: 4, name: Great Guns, effects: [{roll: combat, who: artillery, mod: 1}]}\n"
    "  - {roll: 5, name: Fine Horses, effects: [{roll: combat, who: cavalry, mod: 1}]}\n"
    "  - {roll: 6, name: Forced Marches, effects: [{reinforce: 1}]}\n";

const struct kind ssg_specialties_kind = {
	"specialties", "the army specialties table, as a card",
	k_specialties, specialty_rules, load_specialties, specialty_products, starter
};

/*
 * systems/shock_squad.c -- kind squad: a SHOCK squad, soldier by soldier
 * (004_96a10eb7104af73e.txt; SPEC 3.6), printed as soldier cards that
 * track a man through the fight, a cut-out counter each, and the
 * reference cards of the tables.
 */
#include <stdio.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../record.h"
#include "../rules/shock.h"
#include "../schema.h"
#include "../system.h"
#include "shock_game.h"

#define MAX_SOLDIERS 24
#define MAX_WEAPONS 3	/* the card's lines */

/* ---- keys (SPEC 3.6) ---- */

static const struct skey k_weapon_keys[] = {
	K_TEXT("name", REQ, "the weapon, such as M4 carbine"),
	K_ENUMR("class", REQ, sh_class_name, "shock.class"),
	K_END
};
static const struct skey k_weapon[] = {
	K_MAP("weapon", REQ, k_weapon_keys)
};
#define STAT_HINT "a whole number from " STR(SH_STAT_MIN) " to " \
	STR(SH_STAT_MAX)
/* The schema's bounds are only what an int holds: shock.stat tells
 * anything outside 1 to 9. */
#define STAT_LIMIT 999999999
static const struct skey k_soldier_keys[] = {
	K_TEXT("name", REQ, "the soldier's name, such as Reyes"),
	K_STR("role", OPT),
	K_INTH("toughness", REQ, -STAT_LIMIT, STAT_LIMIT, STAT_HINT),
	K_INTH("awareness", REQ, -STAT_LIMIT, STAT_LIMIT, STAT_HINT),
	K_INTH("prowess", REQ, -STAT_LIMIT, STAT_LIMIT, STAT_HINT),
	K_ENUMR("quality", REQ, sh_quality_name, "shock.quality"),
	K_SEQ("weapons", OPT, 0, MAX_WEAPONS, k_weapon),
	K_END
};
static const struct skey k_soldier[] = {
	K_MAP("soldier", REQ, k_soldier_keys)
};
static const struct skey k_squad[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_TEXT("name", REQ, "the squad's name, such as Alpha"),
	K_STR("side", OPT),
	K_SEQH("soldiers", REQ, 1, MAX_SOLDIERS, k_soldier,
	    "the squad's soldiers, such as [{name: Reyes, toughness: 6, "
	    "awareness: 7, prowess: 5, quality: veteran, weapons: [...]}]"),
	K_END
};

/* ---- load ---- */

#define GOOD(n) ((n) && !(n)->bad && (n)->type == N_SCALAR)

struct sh_weapon {
	const char *name;
	int class;		/* -1 when wrong */
};

struct sh_soldier {
	const struct node *map, *name_n, *stat_n[SH_NSTATS], *weapons_n;
	const char *name, *role;
	int stat[SH_NSTATS];
	int quality;		/* -1 when wrong */
	struct sh_weapon weapon[MAX_WEAPONS];
	int nweapons;
};

struct sh_squad {
	const struct node *root, *soldiers_n;
	const char *name, *side;
	struct sh_soldier soldier[MAX_SOLDIERS];
	int n;
};

#define SQUAD(obj) ((const struct sh_squad *)(obj))

static void *
load(const struct node *root, struct arena *a, struct batch *b)
{
	struct sh_squad *q = arena_alloc(a, sizeof(*q));
	const struct node *m, *w;
	size_t i, k;
	int s;

	(void)b;
	q->root = root;
	q->name = get_str(root, "name", "(unnamed)");
	q->side = get_str(root, "side", q->name);
	q->soldiers_n = node_get(root, "soldiers");
	for (i = 0; q->soldiers_n && !q->soldiers_n->bad &&
	    q->soldiers_n->type == N_SEQ && i < q->soldiers_n->n &&
	    q->n < MAX_SOLDIERS; i++) {
		struct sh_soldier *so = &q->soldier[q->n];

		m = q->soldiers_n->kid[i];
		if (m->bad || m->type != N_MAP)
			continue;
		so->map = m;
		so->name_n = node_get(m, "name");
		so->name = node_str(so->name_n, "(unnamed)");
		so->role = get_str(m, "role", "");
		for (s = 0; s < SH_NSTATS; s++) {
			so->stat_n[s] = node_get(m, sh_stat_name[s]);
			so->stat[s] = (int)node_long(so->stat_n[s], 0);
		}
		so->quality = str_index(sh_quality_name, get_str(m, "quality",
		    NULL));
		so->weapons_n = node_get(m, "weapons");
		for (k = 0; so->weapons_n && !so->weapons_n->bad &&
		    so->weapons_n->type == N_SEQ && k < so->weapons_n->n;
		    k++) {
			w = so->weapons_n->kid[k];
			if (w->bad || w->type != N_MAP)
				continue;
			so->weapon[so->nweapons].name = get_str(w, "name", "");
			so->weapon[so->nweapons].class = str_index(
			    sh_class_name, get_str(w, "class", NULL));
			so->nweapons++;
		}
		q->n++;
	}
	return q;
}

/* ---- rules (SPEC 3.6) ---- */

/* "Each stat is on a scale of 1-9". */
static void
r_stat(const void *obj, struct batch *b, const struct rule *self)
{
	const struct sh_squad *q = SQUAD(obj);
	int i, s;

	(void)b;
	for (i = 0; i < q->n; i++)
		for (s = 0; s < SH_NSTATS; s++) {
			const struct node *n = q->soldier[i].stat_n[s];

			if (!GOOD(n))
				continue;
			if (q->soldier[i].stat[s] < SH_STAT_MIN ||
			    q->soldier[i].stat[s] > SH_STAT_MAX)
				diag(L_ERROR, self->id, n, "%s's %s is %d; a stat "
				    "is %d to %d", q->soldier[i].name,
				    sh_stat_name[s], q->soldier[i].stat[s],
				    SH_STAT_MIN, SH_STAT_MAX);
		}
}

/* Soldiers are told apart by their names (SPEC 3.6). */
static void
r_unique(const void *obj, struct batch *b, const struct rule *self)
{
	const struct sh_squad *q = SQUAD(obj);
	const struct node *names[MAX_SOLDIERS];
	int i;

	(void)b;
	for (i = 0; i < q->n; i++)
		names[i] = q->soldier[i].name_n;
	check_unique(names, (size_t)q->n, self->id, "soldier", "in the squad",
	    "give each soldier a name of his own");
}

/* A soldier in a small-arms fight carries at least one weapon. */
static void
r_weapons(const void *obj, struct batch *b, const struct rule *self)
{
	const struct sh_squad *q = SQUAD(obj);
	int i;

	(void)b;
	for (i = 0; i < q->n; i++) {
		const struct sh_soldier *so = &q->soldier[i];

		if (so->weapons_n && (so->weapons_n->bad ||
		    so->weapons_n->type != N_SEQ))
			continue;	/* told by the schema */
		if (so->weapons_n == NULL || so->weapons_n->n == 0)
			diag(L_ERROR, self->id, so->weapons_n ? so->weapons_n :
			    so->name_n ? so->name_n : so->map, "%s has no weapon; "
			    "give at least one, "
			    "such as weapons: [{name: M4 carbine, class: III}]",
			    so->name);
	}
}

static const struct rule rules[] = {
	{ "shock.stat", "toughness, awareness and prowess are " STR(SH_STAT_MIN) " to " STR(SH_STAT_MAX), r_stat },
	{ "shock.quality", "a soldier's quality is one of the eight levels", NULL },
	{ "shock.class", "a weapon's damage class is I to VI", NULL },
	{ "shock.unique", "soldier names are unique within a squad", r_unique },
	{ "shock.weapons", "a soldier has at least one weapon", r_weapons },
	{ NULL, NULL, NULL }
};

/* ---- products ---- */

/* "+2", "0", "−3": a modifier as the card prints it. */
static void
mod(struct record *r, const char *key, int m)
{
	if (m > 0)
		rec_setf(r, key, "+%d", m);
	else if (m < 0)
		rec_setf(r, key, "−%d", -m);
	else
		rec_set(r, key, "0");
}

/* A class's effect on the severity roll: "+1", or VI's "tier up". */
static void
class_mod(struct record *r, const char *key, int c)
{
	if (sh_classes[c].step_up)
		rec_set(r, key, "tier up");
	else
		mod(r, key, sh_classes[c].mod);
}

static const char *const card_fields[] = {
	"name", "squad", "side", "role", "quality", "quality.mod",
	"toughness", "awareness", "prowess",
	"weapon.{1.." STR(MAX_WEAPONS) "}.{name,class,mod}",
	"wounds", "ap", "stance.{1.." STR(SH_NSTANCES) "}", NULL
};

static const struct rectype card_type = {
	"shock.soldier", "a soldier's card, marked through the fight",
	card_fields
};

static void
emit_cards(const void *obj, struct emitter *e)
{
	const struct sh_squad *q = SQUAD(obj);
	struct record *r = e->rec;
	char key[32];
	int i, k, s;

	for (i = 0; i < q->n; i++) {
		const struct sh_soldier *so = &q->soldier[i];

		record_clear(r);
		rec_label(r, so->name, so->map);
		rec_set(r, "name", so->name);
		rec_set(r, "squad", q->name);
		rec_set(r, "side", q->side);
		rec_set(r, "role", so->role);
		rec_set(r, "quality", so->quality >= 0 ?
		    sh_qualities[so->quality].label : "");
		if (so->quality >= 0)
			mod(r, "quality.mod", sh_qualities[so->quality].mod);
		else
			rec_set(r, "quality.mod", "");
		for (s = 0; s < SH_NSTATS; s++)
			rec_setf(r, sh_stat_name[s], "%d", so->stat[s]);
		for (k = 0; k < MAX_WEAPONS; k++) {
			const struct sh_weapon *w = k < so->nweapons ?
			    &so->weapon[k] : NULL;

			snprintf(key, sizeof(key), "weapon.%d.name", k + 1);
			rec_set(r, key, w ? w->name : "");
			snprintf(key, sizeof(key), "weapon.%d.class", k + 1);
			rec_set(r, key, w && w->class >= 0 ?
			    sh_classes[w->class].name : "");
			snprintf(key, sizeof(key), "weapon.%d.mod", k + 1);
			if (w && w->class >= 0)
				class_mod(r, key, w->class);
			else
				rec_set(r, key, "");
		}
		rec_setf(r, "wounds", "%d", SH_WOUNDS_TO_SHOCK);
		rec_setf(r, "ap", "%d", SH_UNIT_ACTION_POINTS);
		for (s = 0; s < SH_NSTANCES; s++) {
			snprintf(key, sizeof(key), "stance.%d", s + 1);
			rec_setf(r, key, "%s %d", sh_stances[s].label,
			    sh_stances[s].hexes);
		}
		emit_card(e, 1);
	}
}

static const char *const counter_fields[] = {
	"name", "squad", "side", NULL
};

static const struct rectype counter_type = {
	"shock.counter", "a soldier's cut-out counter", counter_fields
};

static void
emit_counters(const void *obj, struct emitter *e)
{
	const struct sh_squad *q = SQUAD(obj);
	struct record *r = e->rec;
	int i;

	for (i = 0; i < q->n; i++) {
		record_clear(r);
		rec_label(r, q->soldier[i].name, q->soldier[i].map);
		rec_set(r, "name", q->soldier[i].name);
		rec_set(r, "squad", q->name);
		rec_set(r, "side", q->side);
		emit_card(e, 1);
	}
}

static const char *const reference_fields[] = {
	"title", "page",
	"loc.{1.." STR(SH_NLOCATIONS) "}.{name,rolls,stun,wound,shock,death}",
	"classes", "severity.how",
	"q.{1.." STR(SH_NQUALITIES) "}.{name,mod}",
	"phase.{1.." STR(SH_NPHASES) "}",
	"stance.{1.." STR(SH_NSTANCES) "}.{name,hexes}", "movement", NULL
};

static const struct rectype reference_type = {
	"shock.reference", "the hit, severity and quality tables, two cards",
	reference_fields
};

/* The rolls of an outcome at a location: "2", "2–5", "9+", or "–". */
static void
rolls(struct record *r, const char *key, int lo, int hi)
{
	if (lo <= 0 || lo > hi)
		rec_set(r, key, "–");
	else if (lo == hi)
		rec_setf(r, key, "%d", lo);
	else if (hi == SH_DIE)
		rec_setf(r, key, "%d+", lo);
	else
		rec_setf(r, key, "%d–%d", lo, hi);
}

/* The reference cards' hit table, each location's rolls and outcomes
 * (on: the figures, else blank for the other card). */
static void
ref_locations(struct record *r, int on)
{
	char key[32];
	int l, o, k, next;

	for (l = 0; l < SH_NLOCATIONS; l++) {
		const struct sh_location_row *lr = &sh_locations[l];

		snprintf(key, sizeof(key), "loc.%d.name", l + 1);
		rec_set(r, key, on ? lr->label : "");
		snprintf(key, sizeof(key), "loc.%d.rolls", l + 1);
		if (!on)
			rec_set(r, key, "");
		else if (lr->lo == lr->hi)
			rec_setf(r, key, "%d", lr->lo);
		else
			rec_setf(r, key, "%d–%d", lr->lo, lr->hi);
		for (o = 0; o < SH_NOUTCOMES; o++) {
			/* Up to the next outcome the location has. */
			next = SH_DIE + 1;
			for (k = o + 1; k < SH_NOUTCOMES; k++)
				if (lr->from[k] > 0) {
					next = lr->from[k];
					break;
				}
			snprintf(key, sizeof(key), "loc.%d.%s", l + 1,
			    sh_outcome_name[o]);
			if (on)
				rolls(r, key, lr->from[o], next - 1);
			else
				rec_set(r, key, "");
		}
	}
}

/* The weapon classes' severity modifiers and how a hit is rolled. */
static void
ref_classes(struct record *r, int on)
{
	struct sbuf sb = SBUF_INIT;
	int k;

	for (k = 0; k < SH_NCLASSES && on; k++) {
		sb_addf(&sb, "%s%s ", k ? " · " : "", sh_classes[k].name);
		if (sh_classes[k].step_up)
			sb_adds(&sb, "a tier up");
		else if (sh_classes[k].mod > 0)
			sb_addf(&sb, "+%d", sh_classes[k].mod);
		else if (sh_classes[k].mod < 0)
			sb_addf(&sb, "−%d", -sh_classes[k].mod);
		else
			sb_adds(&sb, "0");
	}
	rec_set(r, "classes", on ? sb_str(&sb) : "");
	if (on)
		rec_setf(r, "severity.how", "d%d for the place, then d%d plus "
		    "the class for the severity, kept within 1–%d.", SH_DIE,
		    SH_DIE, SH_DIE);
	else
		rec_set(r, "severity.how", "");
	sb_release(&sb);
}

/* Troop quality, the turn's phases, stances and movement. */
static void
ref_troops(struct record *r, int on)
{
	char key[32];
	int k;

	for (k = 0; k < SH_NQUALITIES; k++) {
		snprintf(key, sizeof(key), "q.%d.name", k + 1);
		rec_set(r, key, on ? sh_qualities[k].label : "");
		snprintf(key, sizeof(key), "q.%d.mod", k + 1);
		if (on)
			mod(r, key, sh_qualities[k].mod);
		else
			rec_set(r, key, "");
	}
	for (k = 0; k < SH_NPHASES; k++) {
		snprintf(key, sizeof(key), "phase.%d", k + 1);
		if (on)
			rec_setf(r, key, "%d. %s", k + 1, sh_phases[k]);
		else
			rec_set(r, key, "");
	}
	for (k = 0; k < SH_NSTANCES; k++) {
		snprintf(key, sizeof(key), "stance.%d.name", k + 1);
		rec_set(r, key, on ? sh_stances[k].label : "");
		snprintf(key, sizeof(key), "stance.%d.hexes", k + 1);
		if (on)
			rec_setf(r, key, "%d hex%s", sh_stances[k].hexes,
			    sh_stances[k].hexes == 1 ? "" : "es");
		else
			rec_set(r, key, "");
	}
	if (on)
		rec_setf(r, "movement", "%d MP a turn, %d if it shoots; a "
		    "change of stance costs %d.  Up to %d AP a soldier; the "
		    "turn's AP: d%d.", SH_MOVEMENT_POINTS,
		    SH_MOVE_AND_SHOOT_MP, SH_STANCE_CHANGE,
		    SH_UNIT_ACTION_POINTS, SH_ACTIVATION_DIE);
	else
		rec_set(r, "movement", "");
}

static void
emit_reference(const void *obj, struct emitter *e)
{
	const struct sh_squad *q = SQUAD(obj);
	struct record *r = e->rec;

	/* Card 1: where a hit lands and how bad it is. */
	record_clear(r);
	rec_label(r, q->name, q->root);
	rec_set(r, "title", "Hits");
	rec_set(r, "page", "hits");
	ref_locations(r, 1);
	ref_classes(r, 1);
	ref_troops(r, 0);
	emit_card(e, 1);
	/* Card 2: troop quality, the turn and movement. */
	ref_locations(r, 0);
	rec_set(r, "title", "Troops and the turn");
	rec_set(r, "page", "");
	ref_classes(r, 0);
	ref_troops(r, 1);
	emit_card(e, 1);
}

static const struct product products[] = {
	{ "card", &card_type, "shock-soldier", emit_cards },
	{ "counter", &counter_type, "shock-counter", emit_counters },
	{ "reference", &reference_type, "shock-reference", emit_reference },
	{ NULL, NULL, NULL, NULL }
};

/* `muster new shock squad`: what a new document of this kind starts from. */
static const char starter[] =
    "# A SHOCK squad: a card and a counter for each soldier, and the\n"
    "# reference cards.  Toughness, awareness and prowess 1 to 9; quality one\n"
    "# of the eight levels (untrained to rainbow); weapons of class I to VI.\n"
    "system: shock\n"
    "kind: squad\n"
    "name: My squad\n"
    "soldiers:\n"
    "  - name: Hale\n"
    "    role: Team leader          # optional\n"
    "    toughness: 6\n"
    "    awareness: 6\n"
    "    prowess: 5\n"
    "    quality: experienced\n"
    "    weapons: [{name: Carbine, class: III}]\n"
    "  - name: Ortiz\n"
    "    toughness: 5\n"
    "    awareness: 5\n"
    "    prowess: 5\n"
    "    quality: regular\n"
    "    weapons: [{name: Rifle, class: IV}]\n";

const struct kind shock_squad_kind = {
	"squad", "a squad of soldiers; prints soldier cards, counters and "
	    "the reference cards", k_squad, rules, load, products, starter
};

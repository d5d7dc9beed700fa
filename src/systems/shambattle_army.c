/*
 * systems/shambattle_army.c -- kind army: a ShamBattle / Portable
 * Wargame army, its units, city garrisons and brigades, checked against
 * the army limits (001_691c59313303f977.txt; SPEC 3.5), printed as
 * cut-out counters (one a base) and a roster.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../record.h"
#include "../rules/shambattle.h"
#include "../schema.h"
#include "../system.h"
#include "shambattle_game.h"

#define MAX_UNITS 40	/* 40 SP, a unit at least 1 */
#define MAX_CITIES 12
#define MAX_BRIGADES 12
#define ROSTER_ROWS 14	/* a roster page's unit lines; more take pages */
#define ROSTER_CITIES 6	/* a roster page's city lines */

/* ---- keys (SPEC 3.5) ---- */

static const struct skey k_unit_keys[] = {
	K_TEXT("name", REQ, "the unit's name, such as 1st Foot"),
	K_ENUMR("type", REQ, sb_type_name, "shambattle.type"),
	K_BOOL("homebrew", OPT),
	/* Restated values: checked against the type by the rules. */
	K_INT("bases", OPT, 1, 9),
	K_INT("sp_per_base", OPT, 1, 99),
	K_INT("sp", OPT, 1, 99),
	K_INT("move", OPT, 0, 99),
	K_INT("range", OPT, 0, 99),
	K_INT("fire_dice", OPT, 0, 99),
	K_INT("close_dice", OPT, 0, 99),
	K_INT("bonus", OPT, 0, 9),
	K_END
};
static const struct skey k_unit[] = { K_MAP("unit", REQ, k_unit_keys) };
static const struct skey k_name[] = { K_STR("unit name", REQ) };
static const struct skey k_city_keys[] = {
	K_TEXT("name", REQ, "the city's name"),
	K_SEQH("garrison", REQ, 0, MAX_UNITS, k_name,
	    "the names of the units that hold it, such as [1st Foot]"),
	K_END
};
static const struct skey k_city[] = { K_MAP("city", REQ, k_city_keys) };
static const struct skey k_brigade_keys[] = {
	K_TEXT("name", REQ, "the brigade's or division's name"),
	K_SEQH("units", REQ, 1, MAX_UNITS, k_name,
	    "the names of its units, such as [1st Foot, 2nd Foot]"),
	K_END
};
static const struct skey k_brigade[] = {
	K_MAP("brigade", REQ, k_brigade_keys)
};
/* "Units are grouped together to form brigades and/or divisions": a
 * division is written as a brigade is. */
static const struct skey k_division[] = {
	K_MAP("division", REQ, k_brigade_keys)
};
static const struct skey k_army[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_TEXT("name", REQ, "the army's name, such as Blue"),
	K_TEXT("side", OPT, "the side it fights for, such as Crimson: its "
	    "colour is the template's (without it, the army's name)"),
	K_SEQH("units", REQ, 1, MAX_UNITS, k_unit,
	    "the army's units, such as [{name: 1st Foot, type: infantry}]"),
	K_SEQ("cities", OPT, 0, MAX_CITIES, k_city),
	K_SEQ("brigades", OPT, 0, MAX_BRIGADES, k_brigade),
	K_SEQ("divisions", OPT, 0, MAX_BRIGADES, k_division),
	K_END
};

/* The restatable values, their keys and where they sit in sb_values. */
static const struct {
	const char *key, *what;
	size_t off;
} value_keys[] = {
	{ "bases", "bases", offsetof(struct sb_values, bases) },
	{ "sp_per_base", "SP a base", offsetof(struct sb_values, sp_per_base) },
	{ "move", "move", offsetof(struct sb_values, move) },
	{ "range", "range", offsetof(struct sb_values, range) },
	{ "fire_dice", "fire dice", offsetof(struct sb_values, fire) },
	{ "close_dice", "close-combat dice", offsetof(struct sb_values, close) },
	{ "bonus", "bonus to each die", offsetof(struct sb_values, bonus) },
};
#define NVALUES (sizeof(value_keys) / sizeof(value_keys[0]))
#define VAL(v, k) (*(int *)((char *)(v) + value_keys[k].off))

/* ---- load ---- */

struct sb_unit {
	const struct node *map, *name_n, *type_n, *sp_n;
	const char *name;
	int type;		/* enum sb_type, -1 when wrong */
	int homebrew;
	struct sb_values v;	/* the type's, or a homebrew unit's own */
	int sp;			/* its Strength Points */
};

struct sb_army {
	const struct node *root, *units_n, *cities_n, *brigades_n;
	const struct node *divisions_n;
	const char *name;
	const char *side;	/* its side: side:, else its name */
	const struct node *side_n;	/* side:, or NULL */
	struct sb_unit unit[MAX_UNITS];
	int nunits;
	int sp;			/* the army's total */
};

#define ARMY(obj) ((const struct sb_army *)(obj))

/* A value the schema passed. */
#define GOOD(n) ((n) && !(n)->bad && (n)->type == N_SCALAR)

static void *
load(const struct node *root, struct arena *a, struct batch *b)
{
	struct sb_army *army = arena_alloc(a, sizeof(*army));
	const struct node *m, *n;
	size_t i, k;

	(void)b;
	army->root = root;
	army->name = get_str(root, "name", "(unnamed)");
	army->side = get_str(root, "side", army->name);
	army->side_n = GOOD(node_get(root, "side")) ? node_get(root, "side") :
	    NULL;
	army->units_n = node_get(root, "units");
	army->cities_n = node_get(root, "cities");
	army->brigades_n = node_get(root, "brigades");
	army->divisions_n = node_get(root, "divisions");
	for (i = 0; army->units_n && !army->units_n->bad &&
	    army->units_n->type == N_SEQ && i < army->units_n->n &&
	    army->nunits < MAX_UNITS; i++) {
		struct sb_unit *u = &army->unit[army->nunits];

		m = army->units_n->kid[i];
		if (m->bad || m->type != N_MAP)
			continue;
		u->map = m;
		u->name_n = node_get(m, "name");
		u->type_n = node_get(m, "type");
		u->sp_n = node_get(m, "sp");
		u->name = node_str(u->name_n, "(unnamed)");
		u->type = str_index(sb_type_name, node_str(u->type_n, NULL));
		u->homebrew = node_bool(node_get(m, "homebrew"), 0);
		if (u->type >= 0)
			u->v = sb_types[u->type].v;
		/* A homebrew unit is what it says; any other unit is its
		 * type (a wrong restated value is an error, not a value). */
		if (u->homebrew)
			for (k = 0; k < NVALUES; k++)
				if (GOOD(n = node_get(m, value_keys[k].key)))
					VAL(&u->v, k) = (int)node_long(n, 0);
		u->sp = u->homebrew && GOOD(u->sp_n) ? (int)node_long(u->sp_n,
		    0) : sb_sp(&u->v);
		if (u->type >= 0)
			army->sp += u->sp;
		army->nunits++;
	}
	return army;
}

/* The unit of that name, or NULL. */
static const struct sb_unit *
find_unit(const struct sb_army *a, const char *name)
{
	int i;

	for (i = 0; name && i < a->nunits; i++)
		if (strcmp(a->unit[i].name, name) == 0)
			return &a->unit[i];
	return NULL;
}

/* How many units of a type. */
static int
count(const struct sb_army *a, int type, const struct node **nth, int which)
{
	int i, n = 0;

	*nth = NULL;
	for (i = 0; i < a->nunits; i++)
		if (a->unit[i].type == type && ++n == which)
			*nth = a->unit[i].type_n;
	return n;
}

/* ---- rules (SPEC 3.5), one function each ---- */

/* "Each type of unit has a preset Strength Point (SP) Value ...": a unit
 * that restates its values restates its type's. */
static void
r_values(const void *obj, struct batch *b, const struct rule *self)
{
	const struct sb_army *a = ARMY(obj);
	const struct node *n;
	int i;
	size_t k;

	(void)b;
	for (i = 0; i < a->nunits; i++) {
		const struct sb_unit *u = &a->unit[i];
		const struct sb_type_row *t;

		if (u->homebrew || u->type < 0)
			continue;
		t = &sb_types[u->type];
		for (k = 0; k < NVALUES; k++) {
			n = node_get(u->map, value_keys[k].key);
			if (!GOOD(n) || node_long(n, 0) == VAL(&t->v, k))
				continue;
			diag(L_ERROR, self->id, n, "'%s' is %s, whose %s is %d, "
			    "not %ld; give the type's value, or 'homebrew: "
			    "true' for a unit of your own", u->name, t->name,
			    value_keys[k].what, VAL(&t->v, k), node_long(n, 0));
		}
		if (GOOD(u->sp_n) && node_long(u->sp_n, 0) != sb_sp(&t->v))
			diag(L_ERROR, self->id, u->sp_n, "'%s' is %s, whose SP is "
			    "%d (%d base%s of %d), not %ld; give the type's "
			    "value, or 'homebrew: true' for a unit of your own",
			    u->name, t->name, sb_sp(&t->v), t->v.bases,
			    t->v.bases == 1 ? "" : "s", t->v.sp_per_base,
			    node_long(u->sp_n, 0));
	}
}

/* A homebrew unit is its own type: its SP is its bases times its SP a
 * base; a warning says how it differs from the type it names. */
static void
r_homebrew(const void *obj, struct batch *b, const struct rule *self)
{
	const struct sb_army *a = ARMY(obj);
	struct sbuf sb = SBUF_INIT;
	int i;
	size_t k;

	(void)b;
	for (i = 0; i < a->nunits; i++) {
		const struct sb_unit *u = &a->unit[i];
		const struct sb_type_row *t;

		if (!u->homebrew || u->type < 0)
			continue;
		t = &sb_types[u->type];
		if (GOOD(u->sp_n) && u->sp != sb_sp(&u->v)) {
			diag(L_ERROR, self->id, u->sp_n, "homebrew '%s' has SP "
			    "%d, but %d base%s of %d SP make %d; SP is bases "
			    "times SP a base", u->name, u->sp, u->v.bases,
			    u->v.bases == 1 ? "" : "s", u->v.sp_per_base,
			    sb_sp(&u->v));
			continue;
		}
		sb_reset(&sb);
		for (k = 0; k < NVALUES; k++)
			if (VAL(&u->v, k) != VAL(&t->v, k))
				sb_addf(&sb, "%s%s %d (%s %d)", sb.len ? ", " : "",
				    value_keys[k].what, VAL(&u->v, k), t->name,
				    VAL(&t->v, k));
		if (sb.len)
			diag(L_WARNING, self->id, u->type_n, "homebrew '%s' "
			    "differs from %s: %s; it is %d SP", u->name, t->name,
			    sb.buf, u->sp);
		else
			diag(L_WARNING, self->id, u->type_n, "homebrew '%s' has "
			    "every value of %s; leave out 'homebrew: true'",
			    u->name, t->name);
	}
	sb_release(&sb);
}

/* "Each side has an army that has a total of no more than 40 SPs (Strength
 * Points). This includes a general who is worth 6 SPs." */
static void
r_sp(const void *obj, struct batch *b, const struct rule *self)
{
	const struct sb_army *a = ARMY(obj);

	(void)b;
	if (a->sp > SB_ARMY_SP_MAX)
		diag(L_ERROR, self->id, a->units_n, "the army has %d SP; an army "
		    "has at most %d, its general included", a->sp,
		    SB_ARMY_SP_MAX);
}

/* "This includes a general": one, no more. */
static void
r_general(const void *obj, struct batch *b, const struct rule *self)
{
	const struct sb_army *a = ARMY(obj);
	const struct node *at;
	int n = count(a, SB_GENERAL, &at, SB_GENERALS + 1);

	(void)b;
	if (a->units_n == NULL)
		return;		/* the schema's missing key says it */
	if (n < SB_GENERALS)
		diag(L_ERROR, self->id, a->units_n, "the army has no general; "
		    "it needs %d (type: general)", SB_GENERALS);
	else if (n > SB_GENERALS)
		diag(L_ERROR, self->id, at, "the army has %d generals; an army "
		    "has exactly %d", n, SB_GENERALS);
}

/*
 * "Armies should have no more than two artillery and one machine gun
 * unit": one rule for each row of sb_limits, the row whose type the
 * rule is named after ("shambattle.artillery").  A homebrew unit of
 * another type that fires like the type counts, with a note saying so.
 */
static void
r_limit(const void *obj, struct batch *b, const struct rule *self)
{
	const struct sb_army *a = ARMY(obj);
	const struct sb_limit *l = NULL;
	const struct node *at = NULL;
	const char *t;
	int i, k, n = 0;

	(void)b;
	for (k = 0; k < SB_NLIMITS; k++) {
		t = sb_type_name[sb_limits[k].type];
		if (strncmp(self->id, "shambattle.", 11) == 0 &&
		    strcmp(self->id + 11, t) == 0)
			l = &sb_limits[k];
	}
	if (l == NULL)
		return;
	for (i = 0; i < a->nunits; i++) {
		const struct sb_unit *u = &a->unit[i];
		const struct sb_values *tv = &sb_types[l->type].v;

		if (u->type < 0)
			continue;
		if (u->type != l->type) {
			if (!u->homebrew || !sb_fires_like(&u->v, l->type))
				continue;
			diag(L_NOTE, self->id, u->type_n, "homebrew '%s' counts "
			    "as %s: it fires %d dice at range %d, %s's %d at "
			    "range %d or more", u->name, l->as, u->v.fire,
			    u->v.range, l->as, tv->fire, tv->range);
		}
		if (++n == l->max + 1)
			at = u->type_n;
	}
	if (n > l->max)
		diag(L_ERROR, self->id, at, "the army has %d %s units; it may "
		    "have %d", n, l->what, l->max);
}

/* Unit names are how garrisons and brigades name units: unique. */
static void
r_unique(const void *obj, struct batch *b, const struct rule *self)
{
	const struct sb_army *a = ARMY(obj);
	const struct node *names[MAX_UNITS + MAX_CITIES];
	const struct node *m;
	size_t n = 0, i;
	int u;

	(void)b;
	for (u = 0; u < a->nunits; u++)
		names[n++] = a->unit[u].name_n;
	check_unique(names, n, self->id, "unit", "in the army",
	    "give each unit a name of its own");
	n = 0;
	for (i = 0; a->cities_n && !a->cities_n->bad &&
	    a->cities_n->type == N_SEQ && i < a->cities_n->n; i++)
		if ((m = a->cities_n->kid[i])->type == N_MAP && !m->bad)
			names[n++] = node_get(m, "name");
	check_unique(names, n, self->id, "city", "in the army",
	    "give each city a name of its own");
}

/*
 * The units a list names (a garrison, a brigade): each a unit of the
 * army, and each in one list of the kind only.  seen[] keeps which list
 * took each unit first.
 */
static void
names_in_lists(const struct sb_army *a, const struct node *lists,
    const char *key, const char *what, const char *rule)
{
	const struct node *first[MAX_UNITS] = { NULL };
	const struct node *first_list[MAX_UNITS] = { NULL };
	const char *names[MAX_UNITS + 1];
	struct sbuf sb = SBUF_INIT;
	size_t i, k;
	int u;

	for (u = 0; u < a->nunits; u++)
		names[u] = a->unit[u].name;
	names[a->nunits] = NULL;
	for (i = 0; lists && !lists->bad && lists->type == N_SEQ &&
	    i < lists->n; i++) {
		const struct node *m = lists->kid[i], *l, *n;
		const struct sb_unit *su;

		if (m->bad || m->type != N_MAP)
			continue;
		l = node_get(m, key);
		for (k = 0; l && !l->bad && l->type == N_SEQ && k < l->n;
		    k++) {
			n = l->kid[k];
			if (!GOOD(n))
				continue;
			if ((su = find_unit(a, n->str)) == NULL) {
				diag(L_ERROR, rule, n, "%s '%s' names '%s', which "
				    "is no unit of the army%s", what,
				    get_str(m, "name", ""), n->str,
				    sb_hint(&sb, n->str, names, 0));
				continue;
			}
			u = (int)(su - a->unit);
			if (first[u] && first_list[u] == m)
				diag(L_ERROR, rule, n, "'%s' is named twice in %s "
				    "'%s' (first at line %d)", n->str, what,
				    get_str(m, "name", ""), first[u]->line);
			else if (first[u])
				diag(L_ERROR, rule, n, "'%s' is in %s '%s' and in "
				    "%s '%s' (line %d); a unit is in one %s", n->str,
				    what, get_str(m, "name", ""), what,
				    get_str(first_list[u], "name", ""),
				    first[u]->line, what);
			else {
				first[u] = n;
				first_list[u] = m;
			}
		}
	}
	sb_release(&sb);
}

static void
r_garrison_unit(const void *obj, struct batch *b, const struct rule *self)
{
	(void)b;
	names_in_lists(ARMY(obj), ARMY(obj)->cities_n, "garrison", "city",
	    self->id);
}

static void
r_brigade(const void *obj, struct batch *b, const struct rule *self)
{
	(void)b;
	/* Brigades and divisions are lists apart: a unit may be in a
	 * brigade and in a division. */
	names_in_lists(ARMY(obj), ARMY(obj)->brigades_n, "units", "brigade",
	    self->id);
	names_in_lists(ARMY(obj), ARMY(obj)->divisions_n, "units", "division",
	    self->id);
}

/* A garrison's SP, the general not counted, each unit once however
 * often it is named. */
static int
garrison_sp(const struct sb_army *a, const struct node *list)
{
	const struct sb_unit *u;
	char counted[MAX_UNITS] = { 0 };
	size_t k;
	int sp = 0;

	for (k = 0; list && !list->bad && list->type == N_SEQ && k < list->n;
	    k++)
		if (GOOD(list->kid[k]) &&
		    (u = find_unit(a, list->kid[k]->str)) && u->type >= 0 &&
		    u->type != SB_GENERAL && !counted[u - a->unit]) {
			counted[u - a->unit] = 1;
			sp += u->sp;
		}
	return sp;
}

/* "Each city must have a garrison that is at least 8 SPs in strength.
 * (The general is NOT counted when garrisoning a city.)" */
static void
r_garrison(const void *obj, struct batch *b, const struct rule *self)
{
	const struct sb_army *a = ARMY(obj);
	const struct node *m;
	size_t i;
	int sp;

	(void)b;
	for (i = 0; a->cities_n && !a->cities_n->bad &&
	    a->cities_n->type == N_SEQ && i < a->cities_n->n; i++) {
		m = a->cities_n->kid[i];
		if (m->bad || m->type != N_MAP ||
		    node_get(m, "garrison") == NULL)
			continue;
		sp = garrison_sp(a, node_get(m, "garrison"));
		if (sp < SB_GARRISON_MIN)
			diag(L_ERROR, self->id, node_get(m, "name") ?
			    node_get(m, "name") : m, "city '%s' has a garrison "
			    "of %d SP; a city needs at least %d, the general not "
			    "counted", get_str(m, "name", ""), sp,
			    SB_GARRISON_MIN);
	}
}

static const struct rule rules[] = {
	{ "shambattle.type", "a unit's type is one of the rules' types", NULL },
	{ "shambattle.values", "a unit's restated values are its type's (unless homebrew)", r_values },
	{ "shambattle.homebrew", "a homebrew unit's SP is its bases times SP a base; a warning says how it differs from its type", r_homebrew },
	{ "shambattle.sp", "an army has at most " STR(SB_ARMY_SP_MAX) " SP, its general included", r_sp },
	{ "shambattle.general", "an army has exactly " STR(SB_GENERALS) " general", r_general },
	{ "shambattle.artillery", "an army has at most " STR(SB_ARTILLERY_MAX) " artillery units, a homebrew unit that fires like artillery counted", r_limit },
	{ "shambattle.machine-gun", "an army has at most " STR(SB_MACHINE_GUN_MAX) " machine gun unit, a homebrew unit that fires like one counted", r_limit },
	{ "shambattle.unique", "unit names and city names are unique in an army", r_unique },
	{ "shambattle.garrison", "each city's garrison is at least " STR(SB_GARRISON_MIN) " SP, the general not counted", r_garrison },
	{ "shambattle.garrison-unit", "a garrison names units of the army, each in one city", r_garrison_unit },
	{ "shambattle.brigade", "a brigade or division names units of the army, each in one brigade and one division", r_brigade },
	{ NULL, NULL, NULL }
};

/* ---- products ---- */

/* "3" or "–" for none. */
static void
num(struct record *r, const char *key, int v)
{
	if (v > 0)
		rec_setf(r, key, "%d", v);
	else
		rec_set(r, key, "–");
}

static const char *const counter_fields[] = {
	"name", "army", "side", "type", "type.label", "nato", "base", "sp",
	"move",
	"range", "fire", "close", "dice", "factors", "bonus", "general", NULL
};

static const struct rectype counter_type = {
	"shambattle.counter", "a base of a unit, a cut-out counter",
	counter_fields
};

/* A base's share of its unit's n dice: the first n % bases get one more. */
static int
share(int n, int bases, int k)
{
	return bases > 0 ? n / bases + (k < n % bases ? 1 : 0) : n;
}

/*
 * The counter's factor line, as board wargames print theirs: move, range
 * and dice, "1-4-2/1", the dice fire/close when the base has both, a
 * dash for a value it has not; a base with neither range nor dice (a
 * general) its move alone, as leaders' counters print it.  The roster's
 * counter.key says how to read it.
 */
static void
factors(struct record *r, int move, int range, int fire, int close)
{
	char rb[16], db[32];

	if (range <= 0 && fire <= 0 && close <= 0) {
		rec_setf(r, "factors", "%d", move);
		return;
	}
	if (range > 0)
		snprintf(rb, sizeof(rb), "%d", range);
	else
		snprintf(rb, sizeof(rb), "–");
	if (fire > 0)
		snprintf(db, sizeof(db), "%d/%d", fire, close);
	else if (close > 0)
		snprintf(db, sizeof(db), "%d", close);
	else
		snprintf(db, sizeof(db), "–");
	rec_setf(r, "factors", "%d-%s-%s", move, rb, db);
}

static void
emit_counters(const void *obj, struct emitter *e)
{
	const struct sb_army *a = ARMY(obj);
	struct record *r = e->rec;
	int i, k, fire, close;

	for (i = 0; i < a->nunits; i++) {
		const struct sb_unit *u = &a->unit[i];

		if (u->type < 0)
			continue;
		for (k = 0; k < u->v.bases; k++) {
			record_clear(r);
			rec_label(r, u->name, u->map);
			rec_set(r, "name", u->name);
			rec_set(r, "army", a->name);
			rec_set(r, "side", a->side);
			if (a->side_n)
				rec_set_place(r, "side", a->side_n->file,
				    a->side_n->line, a->side_n->col);
			rec_set(r, "type", sb_types[u->type].name);
			rec_set(r, "type.label", sb_types[u->type].label);
			rec_set(r, "nato", sb_types[u->type].nato);
			if (u->v.bases > 1)
				rec_setf(r, "base", "%d/%d", k + 1, u->v.bases);
			else
				rec_set(r, "base", "");
			rec_setf(r, "sp", "%d", share(u->sp, u->v.bases, k));
			num(r, "move", u->v.move);
			/* A general has no weapon range: nothing, not a 0. */
			if (u->v.range > 0)
				rec_setf(r, "range", "%d", u->v.range);
			else
				rec_set(r, "range", "");
			fire = share(u->v.fire, u->v.bases, k);
			close = share(u->v.close, u->v.bases, k);
			num(r, "fire", fire);
			num(r, "close", close);
			/* What the base rolls: "fire 3 / close 1", or "1". */
			if (fire > 0)
				rec_setf(r, "dice", "fire %d\nclose %d", fire,
				    close);
			else if (close > 0)
				rec_setf(r, "dice", "%d", close);
			else
				rec_set(r, "dice", "");
			factors(r, u->v.move, u->v.range, fire, close);
			if (u->v.bonus > 0)
				rec_setf(r, "bonus", "+%d", u->v.bonus);
			else
				rec_set(r, "bonus", "");
			rec_set(r, "general", u->type == SB_GENERAL ? "general" :
			    "");
			emit_card(e, 1);
		}
	}
}

static const char *const roster_fields[] = {
	"name", "side", "part", "sp", "sp.max", "exhaustion", "generals",
	"unit.{1.." STR(ROSTER_ROWS) "}.{name,type,bases,sp,move,range,fire,"
	    "close,note}",
	"city.{1.." STR(ROSTER_CITIES) "}.{name,garrison,sp}",
	"turn.{1.." STR(SB_NTURNS) "}.{name,time}",
	"brigades", "brigades.title", "fire.rule", "night.rule",
	"general.rule", "withdraw.rule", "exhaustion.rule", "limits",
	"counter.key", NULL
};

static const struct rectype roster_type = {
	"shambattle.roster", "an army's roster, a page", roster_fields
};

/* The rules' sentences on the roster, made from the tables. */
static void
roster_rules(struct record *r)
{
	const struct sb_values *g = &sb_types[SB_GENERAL].v;
	struct sbuf sb = SBUF_INIT;
	int k;

	sb_addf(&sb, "Mark a box for each SP lost.  At %d the army is "
	    "exhausted: ", SB_EXHAUSTION);
	for (k = 0; sb_exhaustion_effects[k]; k++)
		sb_addf(&sb, "%s%s", k ? "; " : "", sb_exhaustion_effects[k]);
	sb_adds(&sb, ".");
	rec_set(r, "exhaustion.rule", sb.buf);
	sb_release(&sb);

	/* How to read a counter's factor line (factors()). */
	rec_set(r, "counter.key", "Fire and close dice are the whole unit's; "
	    "each base rolls its share.  A counter shows a base's SP, then "
	    "move-range-dice (dice fire/close when it has both; a general "
	    "its move).");

	rec_setf(r, "fire.rule", "Each die takes 1 SP: %d in the open, %d even "
	    "in cover.", SB_HIT_OPEN, SB_HIT_COVER);
	rec_setf(r, "general.rule", "The general adds %d to each die of the "
	    "units in its hex.  If they lose a close combat, roll a d%d: %d "
	    "killed (%d SP), %d-%d wounded (%d SP), else unhurt.", g->bonus,
	    SB_DIE, SB_GENERAL_KILLED_MAX, SB_GENERAL_KILLED_SP,
	    SB_GENERAL_KILLED_MAX + 1, SB_GENERAL_WOUNDED_MAX,
	    SB_GENERAL_WOUNDED_SP);
	/* SPEC 6: the worked example is the rule, 5 lost -> 3 kept. */
	rec_setf(r, "withdraw.rule", "The side losing more SP in a close "
	    "combat may withdraw: it keeps half its loss, rounded up (%d SP "
	    "lost: %d).", 5, sb_after_withdrawal(5));
	rec_setf(r, "night.rule", "Night: no fighting; no move next to an "
	    "enemy.  Each unit that has lost SP rolls a d%d: %d or more "
	    "regains %d SP.",
	    SB_DIE, SB_RECOVER_ON, SB_RECOVER_SP);
	rec_setf(r, "limits", "At most %d SP with %d general of %d SP; at "
	    "most %d artillery and %d machine gun; a city's garrison %d SP or "
	    "more, the general not counted.  Road: +%d move.", SB_ARMY_SP_MAX,
	    SB_GENERALS, sb_sp(g), SB_ARTILLERY_MAX, SB_MACHINE_GUN_MAX,
	    SB_GARRISON_MIN, SB_ROAD_BONUS);
}

/* A list of unit names as a line: "1st Foot, 2nd Foot". */
static void
garrison_text(const struct node *list, struct sbuf *sb)
{
	size_t k;

	sb_reset(sb);
	for (k = 0; list && !list->bad && list->type == N_SEQ && k < list->n;
	    k++)
		if (GOOD(list->kid[k]))
			sb_addf(sb, "%s%s", sb->len ? ", " : "",
			    list->kid[k]->str);
}

/* Whether a list of brigades or divisions has any. */
static int
has_groups(const struct node *list)
{
	return list && !list->bad && list->type == N_SEQ && list->n > 0;
}

/* Each brigade or division of list as a line "NAME: UNIT, UNIT". */
static void
group_lines(const struct node *list, struct sbuf *sb)
{
	struct sbuf line = SBUF_INIT;
	const struct node *c;
	size_t k;

	for (k = 0; has_groups(list) && k < list->n; k++) {
		c = list->kid[k];
		if (c->bad || c->type != N_MAP)
			continue;
		garrison_text(node_get(c, "units"), &line);
		sb_addf(sb, "%s%s: %s", sb->len ? "\n" : "",
		    get_str(c, "name", ""), sb_str(&line));
	}
	sb_release(&line);
}

/* Roster row k: unit u, or blank. */
static void
roster_unit(struct record *r, int k, const struct sb_unit *u)
{
	static const char *const col[] = {
		"name", "type", "bases", "sp", "move", "range", "fire",
		"close", "note"
	};
	char key[32];
	size_t j;

	for (j = 0; j < sizeof(col) / sizeof(col[0]); j++) {
		snprintf(key, sizeof(key), "unit.%d.%s", k, col[j]);
		rec_set(r, key, "");
	}
	if (u == NULL || u->type < 0)
		return;
	snprintf(key, sizeof(key), "unit.%d.name", k);
	rec_set(r, key, u->name);
	snprintf(key, sizeof(key), "unit.%d.type", k);
	rec_set(r, key, sb_types[u->type].label);
	snprintf(key, sizeof(key), "unit.%d.bases", k);
	rec_setf(r, key, "%d", u->v.bases);
	snprintf(key, sizeof(key), "unit.%d.sp", k);
	rec_setf(r, key, "%d", u->sp);
	snprintf(key, sizeof(key), "unit.%d.move", k);
	num(r, key, u->v.move);
	snprintf(key, sizeof(key), "unit.%d.range", k);
	num(r, key, u->v.range);
	snprintf(key, sizeof(key), "unit.%d.fire", k);
	num(r, key, u->v.fire);
	snprintf(key, sizeof(key), "unit.%d.close", k);
	num(r, key, u->v.close);
	snprintf(key, sizeof(key), "unit.%d.note", k);
	if (u->v.bonus > 0)
		rec_setf(r, key, "+%d a die in its hex%s", u->v.bonus,
		    u->homebrew ? "; homebrew" : "");
	else
		rec_set(r, key, u->homebrew ? "homebrew" : "");
}

/* Roster city row k: city c of army a, or blank. */
static void
roster_city(struct record *r, int k, const struct sb_army *a,
    const struct node *c, struct sbuf *sb)
{
	char key[32];

	snprintf(key, sizeof(key), "city.%d.name", k);
	rec_set(r, key, c ? get_str(c, "name", "") : "");
	garrison_text(c ? node_get(c, "garrison") : NULL, sb);
	snprintf(key, sizeof(key), "city.%d.garrison", k);
	rec_set(r, key, sb_str(sb));
	snprintf(key, sizeof(key), "city.%d.sp", k);
	if (c)
		rec_setf(r, key, "%d SP", garrison_sp(a,
		    node_get(c, "garrison")));
	else
		rec_set(r, key, "");
}

/* The roster's day: each turn's name and hours. */
static void
roster_turns(struct record *r)
{
	char key[32];
	int k;

	for (k = 0; k < SB_NTURNS; k++) {
		snprintf(key, sizeof(key), "turn.%d.name", k + 1);
		rec_set(r, key, sb_turns[k].name);
		snprintf(key, sizeof(key), "turn.%d.time", k + 1);
		rec_setf(r, key, "%s–%s", sb_turns[k].from, sb_turns[k].to);
	}
}

static void
emit_roster(const void *obj, struct emitter *e)
{
	const struct sb_army *a = ARMY(obj);
	struct record *r = e->rec;
	struct sbuf sb = SBUF_INIT;
	int parts, part, k, i, ncities;

	ncities = a->cities_n && !a->cities_n->bad &&
	    a->cities_n->type == N_SEQ ? (int)a->cities_n->n : 0;
	parts = (a->nunits + ROSTER_ROWS - 1) / ROSTER_ROWS;
	k = (ncities + ROSTER_CITIES - 1) / ROSTER_CITIES;
	if (k > parts)
		parts = k;
	if (parts < 1)
		parts = 1;
	for (part = 0; part < parts; part++) {
		record_clear(r);
		rec_label(r, a->name, a->root);
		rec_set(r, "name", a->name);
		rec_set(r, "side", a->side);
		if (a->side_n)
			rec_set_place(r, "side", a->side_n->file,
			    a->side_n->line, a->side_n->col);
		if (parts > 1)
			rec_setf(r, "part", "%d of %d", part + 1, parts);
		else
			rec_set(r, "part", "");
		rec_setf(r, "sp", "%d", a->sp);
		rec_setf(r, "sp.max", "%d", SB_ARMY_SP_MAX);
		rec_setf(r, "exhaustion", "%d", SB_EXHAUSTION);
		rec_setf(r, "generals", "%d", SB_GENERALS);
		for (k = 1; k <= ROSTER_ROWS; k++) {
			i = part * ROSTER_ROWS + k - 1;
			roster_unit(r, k, i < a->nunits ? &a->unit[i] : NULL);
		}
		for (k = 1; k <= ROSTER_CITIES; k++) {
			i = part * ROSTER_CITIES + k - 1;
			roster_city(r, k, a, i < ncities ?
			    a->cities_n->kid[i] : NULL, &sb);
		}
		roster_turns(r);
		/* The brigades, then the divisions, a line each: "1st
		 * Brigade: 1st Foot, ...". */
		sb_reset(&sb);
		if (part == 0) {
			group_lines(a->brigades_n, &sb);
			group_lines(a->divisions_n, &sb);
		}
		rec_set(r, "brigades", sb_str(&sb));
		rec_set(r, "brigades.title", !has_groups(a->divisions_n) ?
		    "Brigades" : !has_groups(a->brigades_n) ? "Divisions" :
		    "Brigades and divisions");
		roster_rules(r);
		emit_card(e, 1);
	}
	sb_release(&sb);
}

static const struct product products[] = {
	{ "counter", &counter_type, "shambattle-counter", emit_counters },
	{ "roster", &roster_type, "shambattle-roster", emit_roster },
	{ NULL, NULL, NULL, NULL }
};

/* `muster new shambattle army`: what a new document of this kind starts from. */
static const char starter[] =
    "# A ShamBattle / Portable Wargame army: at most 40 SP with exactly one\n"
    "# general, at most 2 artillery and 1 machine gun, each city held by at\n"
    "# least 8 SP besides the general.  Types: infantry, cavalry, artillery,\n"
    "# machine-gun, engineer, general; their values come from the rules.\n"
    "system: shambattle\n"
    "kind: army\n"
    "name: My army\n"
    "side: Blue                # its colour on the counters: Blue or Red in\n"
    "                          # the shipped templates, or a template's sides:\n"
    "units:\n"
    "  - {name: General Grey, type: general}\n"
    "  - {name: 1st Foot, type: infantry}\n"
    "  - {name: 2nd Foot, type: infantry}\n"
    "  - {name: Light Horse, type: cavalry}\n"
    "  - {name: Field Guns, type: artillery}\n"
    "  # a unit of your own: say homebrew and give the values that differ\n"
    "  # - {name: Mountain Guns, type: artillery, homebrew: true, move: 2}\n"
    "cities:\n"
    "  - {name: Greyburg, garrison: [1st Foot, 2nd Foot]}\n";

const struct kind shambattle_army_kind = {
	"army", "an army: its units, cities and brigades; prints counters "
	    "and a roster", k_army, rules, load, products, starter
};

/* ---- for value ---- */

const char *
sb_army_name(const void *army)
{
	return ((const struct sb_army *)army)->name;
}

int
sb_army_unit(const void *army, int i, const char **name, int *type,
    int *homebrew, struct sb_values *v)
{
	const struct sb_army *a = army;

	if (i < 0 || i >= a->nunits)
		return 0;
	*name = a->unit[i].name;
	*type = a->unit[i].type;
	*homebrew = a->unit[i].homebrew;
	*v = a->unit[i].v;
	return 1;
}
